/**
 * The member centre's "Invite friends" page: an agent's invitation code, link and QR code
 * (the card the team overview shows too); to a member who is not an agent, their referral
 * code, friends and earnings (decision 032). While the member's details load it shows a
 * skeleton.
 */
import { useLingui } from '@lingui/react/macro'
import { Skeleton } from '../../../components/ui/skeleton'
import { isAgentType, useSession } from '../../../lib/session'
import { InviteCard } from './invite-card'
import { ReferralPage } from './referral-page'

export function InviteFriendsPage() {
  const { t } = useLingui()
  const { member } = useSession()
  if (!member) return <Skeleton lines={3} label={t`Loading`} />
  if (!isAgentType(member.type)) return <ReferralPage />
  return <InviteCard titled={false} />
}
