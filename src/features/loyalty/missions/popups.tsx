/**
 * The missions' member-centre page (decision 030): the hub missionLeaderboard, its own lazy
 * chunk, with the count of missions to claim on its menu entry.
 */
import { msg } from '@lingui/core/macro'
import { definePopups } from '../../../lib/popup-registry'
import { MissionBadge } from './components/mission-badge'

declare module '../../../lib/popup-registry' {
  interface MemberCentrePageNames {
    missionLeaderboard: true
  }
}

export const popups = definePopups({
  memberCentrePages: [
    {
      // After the reward centre (100).
      page: 'missionLeaderboard',
      order: 120,
      label: msg`Missions`,
      load: () => import('./components/mission-hub').then((m) => m.MissionHub),
      badge: MissionBadge,
    },
  ],
})
