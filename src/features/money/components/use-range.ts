import { useState } from 'react'
import { useBrandZone } from '../../../lib/use-brand-dates'
import { rangeTimes, todayText, type RangeChoice } from '../date-range'

/** A records page's date range (last 7 days at first, the brand's days) and page number. */
export function useRangeAndPage() {
  const zone = useBrandZone()
  const [range, setRangeState] = useState<RangeChoice>(() => {
    const today = todayText(zone)
    return { preset: 'last7', from: today, to: today }
  })
  const [page, setPage] = useState(1)
  return {
    range,
    setRange: (r: RangeChoice) => {
      setRangeState(r)
      setPage(1)
    },
    times: rangeTimes(range, undefined, zone),
    page,
    setPage,
  }
}
