/** The member centre and its my-account page (src/lib/popup-registry.ts). */
import { msg } from '@lingui/core/macro'
import { definePopups, loadMemberCentreCatalogs } from '../../lib/popup-registry'

declare module '../../lib/popup-registry' {
  interface PopupNames {
    memberCentre: true
  }
  interface MemberCentrePageNames {
    securityCenter: true
  }
}

export const popups = definePopups({
  popups: [
    {
      name: 'memberCentre',
      guard: 'member',
      // The menu's labels come from the features that register the pages: their catalogs first.
      load: () =>
        Promise.all([import('./components/member-centre-modal'), loadMemberCentreCatalogs()]).then(
          ([m]) => m.MemberCentrePopup,
        ),
    },
  ],
  memberCentreSummary: [
    { order: 10, load: () => import('./components/member-card').then((m) => m.MemberCard) },
  ],
  memberCentrePages: [
    {
      page: 'securityCenter',
      order: 10,
      label: msg`My account`,
      load: () => import('./components/my-account-popup').then((m) => m.MyAccount),
    },
  ],
})
