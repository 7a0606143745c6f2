/**
 * The promotions' member-centre page: the reward centre, its own lazy chunk, with the count
 * of rewards to claim on its menu entry.
 */
import { msg } from '@lingui/core/macro'
import { definePopups } from '../../lib/popup-registry'
import { RewardBadge } from './reward-centre/reward-badge'

declare module '../../lib/popup-registry' {
  interface MemberCentrePageNames {
    rewardCenter: true
  }
}

export const popups = definePopups({
  memberCentrePages: [
    {
      // Rewards sit with the bonuses (money's bonus details is 90).
      page: 'rewardCenter',
      order: 100,
      label: msg`Reward centre`,
      load: () => import('./reward-centre/reward-centre-page').then((m) => m.RewardCentrePage),
      badge: RewardBadge,
    },
  ],
})
