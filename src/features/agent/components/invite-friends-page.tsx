/**
 * The member centre's "Invite friends" page: an agent's invitation code, link and QR code
 * (the card the team overview shows too); to a member who is not an agent, what inviting
 * takes. While the member's details load it shows nothing of either.
 */
import { Trans, useLingui } from '@lingui/react/macro'
import { EmptyState } from '../../../components/ui/empty-state'
import { Skeleton } from '../../../components/ui/skeleton'
import { isAgentType, useSession } from '../../../lib/session'
import { InviteCard } from './invite-card'

export function InviteFriendsPage() {
  const { t } = useLingui()
  const { member } = useSession()
  if (!member) return <Skeleton lines={3} label={t`Loading`} />
  if (!isAgentType(member.type)) {
    return (
      <EmptyState title={<Trans>Invitation links are for agents.</Trans>}>
        <p className="muted">
          <Trans>To invite friends to your own team, ask customer service about becoming an agent.</Trans>
        </p>
      </EmptyState>
    )
  }
  return <InviteCard titled={false} />
}
