import { useState } from 'react'
import { dayText, rangeTimes, type RangeChoice } from '../date-range'

/** A records page's date range (last 7 days at first) and page number. */
export function useRangeAndPage() {
  const [range, setRangeState] = useState<RangeChoice>(() => {
    const today = dayText(new Date())
    return { preset: 'last7', from: today, to: today }
  })
  const [page, setPage] = useState(1)
  return {
    range,
    setRange: (r: RangeChoice) => {
      setRangeState(r)
      setPage(1)
    },
    times: rangeTimes(range),
    page,
    setPage,
  }
}
