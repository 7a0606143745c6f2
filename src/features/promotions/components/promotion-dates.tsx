/**
 * A promotion's dates on the brand's clock (the time zone its answer names), whatever zone
 * the phone is set to: its run on a card ("1/1/26 – 31/12/26 (GMT+7)") and its start and end
 * in its rules. The server's render writes them alike, so the page hydrates unchanged.
 */
import { useLingui } from '@lingui/react/macro'
import type { Promotion } from '#contract/promotions'
import { datePartFormat, zoneOffsetLabel } from '../../../lib/date-format'

/** A card's line: from its first day to its last, or from its first day on. */
export function PromotionDates({ promotion: p, timeZone }: { promotion: Promotion; timeZone: string }) {
  const { t, i18n } = useLingui()
  const day = datePartFormat(i18n.locale, 'day', timeZone)
  const from = day.format(p.startsAt)
  const zone = zoneOffsetLabel(timeZone, p.startsAt)
  // The end is the first instant after the last day: its last day is the moment before.
  const until = p.endsAt === null ? null : day.format(p.endsAt - 1)
  return (
    <p className="promotion-dates">
      {until === null ? t`From ${from} (${zone})` : t`${from} – ${until} (${zone})`}
    </p>
  )
}
