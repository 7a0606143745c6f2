/** The notice popup, and the member centre's messages page (src/lib/popup-registry.ts). */
import { msg } from '@lingui/core/macro'
import { definePopups } from '../../lib/popup-registry'

declare module '../../lib/popup-registry' {
  interface PopupNames {
    notice: true
  }
  interface MemberCentrePageNames {
    messageV2: true
  }
}

export const popups = definePopups({
  popups: [
    {
      name: 'notice',
      load: () => import('./components/notice-popup-host').then((m) => m.NoticePopupHost),
    },
  ],
  memberCentrePages: [
    {
      page: 'messageV2',
      order: 130,
      label: msg`Messages`,
      load: () => import('./components/messages-page').then((m) => m.MessagesPage),
    },
  ],
})
