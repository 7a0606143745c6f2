/** The member's profile page in the member centre (src/lib/popup-registry.ts). */
import { msg } from '@lingui/core/macro'
import { definePopups } from '../../lib/popup-registry'

declare module '../../lib/popup-registry' {
  interface MemberCentrePageNames {
    profile: true
  }
}

export const popups = definePopups({
  memberCentrePages: [
    {
      // Right after "My account" (10).
      page: 'profile',
      order: 11,
      label: msg`Profile`,
      load: () => import('./profile-page').then((m) => m.ProfilePage),
    },
  ],
})
