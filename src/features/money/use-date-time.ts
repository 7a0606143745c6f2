import { useLingui } from '@lingui/react/macro'
import { useMemo } from 'react'
import { dateTimeFormat } from '../../lib/date-format'

/** Formats epoch ms as a short local date and time in the interface language. */
export function useDateTime(): (ms: number) => string {
  const { i18n } = useLingui()
  return useMemo(() => {
    const f = dateTimeFormat(i18n.locale, 'short')
    return (ms: number) => f.format(ms)
  }, [i18n.locale])
}
