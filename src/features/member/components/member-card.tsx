/**
 * The member's card at the top of the member centre: their avatar, name and account, and
 * their VIP level's badge and name, as portals open "Me". Tapping it opens My account.
 */
import { useLingui } from '@lingui/react/macro'
import { Avatar } from '../../../components/ui/avatar'
import type { CentrePageProps } from '../../../lib/popup-registry'
import { useSession } from '../../../lib/session'
import { MemberCardStyles } from './member-card-styles'
import { MemberLevel } from './member-level'

export function MemberCard({ go }: CentrePageProps) {
  const { t } = useLingui()
  const member = useSession().member
  const name = member?.nickname || member?.account
  return (
    <button type="button" className="member-card" onClick={() => go('securityCenter')}>
      <MemberCardStyles />
      <Avatar src={member?.avatar} size={48} />
      <span className="member-card-text">
        <strong className="member-card-name">{name ?? '…'}</strong>
        {member && member.nickname && member.nickname !== member.account ? (
          <span className="member-card-account">{member.account}</span>
        ) : null}
        <MemberLevel />
      </span>
      <span className="visually-hidden">{t`My account`}</span>
    </button>
  )
}
