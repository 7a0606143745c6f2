/**
 * The member's VIP level on the member card (decision 030 section 7): the level's badge (its
 * picture, or a medal with the level's number when the brand set none) beside the level's
 * name (member info's clubLabel). A placeholder while the level loads; nothing for a visitor,
 * and the name alone for a guest (who has no level to read) or when the read fails.
 */
import { useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { isGuestType, useSession } from '../../../lib/session'
import { vipProgressQueryOptions } from '../../../lib/vip-progress'

export function MemberLevel() {
  const { t, i18n } = useLingui()
  const { token, member } = useSession()
  const real = token !== null && member !== null && !isGuestType(member.type)
  const progress = useQuery({ ...vipProgressQueryOptions(i18n.locale), enabled: real })
  if (token === null) return null
  if (member === null || (real && progress.isPending && member.clubLabel)) {
    return (
      <span className="member-card-level" aria-hidden="true" data-loading="">
        <span className="member-card-badge member-card-badge-loading" />
        <span className="member-card-club-loading" />
      </span>
    )
  }
  if (!member.clubLabel) return null
  const p = real ? progress.data : undefined
  const rank = p && p.rank > 0 ? p.rank : null
  return (
    <span className="member-card-level">
      {p?.badge ? (
        <img className="member-card-badge" src={p.badge} alt="" width={24} height={24} />
      ) : rank !== null ? (
        <span
          className="member-card-badge member-card-medal"
          data-rank={Math.min(rank, 5)}
          aria-hidden="true"
        >
          {rank}
        </span>
      ) : null}
      <span className="visually-hidden">{t`VIP level`}</span>
      <span className="member-card-club">{member.clubLabel.labelName}</span>
    </span>
  )
}
