/**
 * The feedback page of the member centre (issue 37, spec section 2), its own lazy chunk:
 * the form and the member's feedback with the operator's replies. A reply's notice links here.
 */
import { msg } from '@lingui/core/macro'
import { definePopups } from '../../lib/popup-registry'

declare module '../../lib/popup-registry' {
  interface MemberCentrePageNames {
    feedback: true
  }
}

export const popups = definePopups({
  memberCentrePages: [
    {
      // After the point mall's entries (140, 141): the spec names feedback last.
      page: 'feedback',
      order: 150,
      label: msg`Feedback`,
      flag: 'FEEDBACK3',
      load: () => import('./feedback-page').then((m) => m.FeedbackPage),
    },
  ],
})
