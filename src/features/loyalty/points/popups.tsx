/**
 * The point mall's member-centre entries (decision 030 section 7): the redeem history and
 * the points details, each opening /pointMall on its tab (the pages live there, not in the
 * centre).
 */
import { msg } from '@lingui/core/macro'
import { definePopups } from '../../../lib/popup-registry'

declare module '../../../lib/popup-registry' {
  interface MemberCentrePageNames {
    redeemHistory: true
    pointDetails: true
  }
}

const opener = () => import('./centre-links')

export const popups = definePopups({
  memberCentrePages: [
    {
      // After the messages (130), as the spec names them after the menu.
      page: 'redeemHistory',
      order: 140,
      label: msg`Redeem history`,
      load: () => opener().then((m) => m.RedeemHistoryLink),
    },
    {
      page: 'pointDetails',
      order: 141,
      label: msg`Points details`,
      load: () => opener().then((m) => m.PointDetailsLink),
    },
  ],
})
