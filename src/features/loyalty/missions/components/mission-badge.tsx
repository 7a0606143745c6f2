/**
 * The missions ready to claim on the member centre's Missions entry (today's check-in
 * included); nothing at 0. A check-in or a claim refreshes the summary and the count drops.
 */
import { useLingui } from '@lingui/react/macro'
import { CountBadge } from '../../../../components/ui/count-badge'
import { useMissionsClaimable } from '../../../../lib/missions-summary'

export function MissionBadge() {
  const { t } = useLingui()
  const count = useMissionsClaimable()
  return <CountBadge count={count} label={t`Missions to claim: ${count}`} className="count-badge-inline" />
}
