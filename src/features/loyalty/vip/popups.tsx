/** The VIP page of the member centre (decision 030 section 7), its own lazy chunk. */
import { msg } from '@lingui/core/macro'
import { definePopups } from '../../../lib/popup-registry'

declare module '../../../lib/popup-registry' {
  interface MemberCentrePageNames {
    playerRank: true
  }
}

export const popups = definePopups({
  memberCentrePages: [
    {
      // Beside the reward centre (100).
      page: 'playerRank',
      order: 105,
      label: msg`VIP level`,
      load: () => import('./player-rank-page').then((m) => m.PlayerRankPage),
    },
  ],
})
