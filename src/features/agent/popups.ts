/** The agent centre, and the member centre's invite-friends page (src/lib/popup-registry.ts). */
import { msg } from '@lingui/core/macro'
import { definePopups } from '../../lib/popup-registry'

declare module '../../lib/popup-registry' {
  interface PopupNames {
    agentCentre: true
  }
  interface MemberCentrePageNames {
    referral: true
  }
}

export const popups = definePopups({
  popups: [
    {
      name: 'agentCentre',
      guard: 'agent',
      load: () => import('./components/agent-centre-popup').then((m) => m.AgentCentrePopup),
    },
  ],
  // Inviting friends is the referral side of the agent's team: an agent's code, link and QR code.
  memberCentrePages: [
    {
      page: 'referral',
      order: 110,
      label: msg`Invite friends`,
      load: () => import('./components/invite-friends-page').then((m) => m.InviteFriendsPage),
    },
  ],
})
