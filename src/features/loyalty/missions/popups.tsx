/**
 * The missions' member-centre pages (decision 030): the hub missionLeaderboard, its own lazy
 * chunk, with the count of missions to claim on its menu entry, and the pages of the sign-in,
 * the newbie tasks and the rescue (the reference's signInTask, newbieTask and rescueTask),
 * opened from the hub and not in the menu.
 */
import { msg } from '@lingui/core/macro'
import { definePopups } from '../../../lib/popup-registry'
import { MissionBadge } from './components/mission-badge'

declare module '../../../lib/popup-registry' {
  interface MemberCentrePageNames {
    missionLeaderboard: true
    signInTask: true
    newbieTask: true
    rescueTask: true
  }
}

const taskPages = () => import('./components/task-pages')

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
    {
      page: 'signInTask',
      order: 121,
      label: msg`7-day sign-in`,
      parent: 'missionLeaderboard',
      load: () => taskPages().then((m) => m.SignInTaskPage),
    },
    {
      page: 'newbieTask',
      order: 122,
      label: msg`Newbie tasks`,
      parent: 'missionLeaderboard',
      load: () => taskPages().then((m) => m.NewbieTaskPage),
    },
    {
      page: 'rescueTask',
      order: 123,
      label: msg`Rescue`,
      parent: 'missionLeaderboard',
      load: () => taskPages().then((m) => m.RescueTaskPage),
    },
  ],
})
