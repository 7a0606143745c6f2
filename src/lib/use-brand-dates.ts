import { useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { useMemo } from 'react'
import { brandQueryOptions } from './brand-query'
import {
  brandDateTime,
  calendarDay,
  datePartFormat,
  withCalendarDays,
  type DateTimeFormat,
} from './date-format'

/** The brand's time zone, from its settings (every layout loads them before it renders). */
export function useBrandZone(): string | undefined {
  return useQuery(brandQueryOptions()).data?.timeZone
}

export interface BrandDates {
  /** A moment as the language's one date-and-time form, on the brand's clock, its zone named. */
  dateTime(at: number): string
  /** A moment's day alone, on the brand's clock. */
  day(at: number): string
  /** A calendar day given as YYYY-MM-DD, never moved by a zone. */
  calendarDay(day: string): string
  /** A note with YYYY-MM-DD days in it, each day in the language's date form. */
  note(text: string): string
}

/** The one date and date-and-time form of the interface language, on the brand's clock. */
export function useBrandDates(): BrandDates {
  const { i18n } = useLingui()
  const zone = useBrandZone()
  const locale = i18n.locale
  return useMemo(() => {
    const day = datePartFormat(locale, 'day', zone)
    return {
      dateTime: (at) => brandDateTime(locale, at, zone),
      day: (at) => day.format(at),
      calendarDay: (d) => calendarDay(locale, d),
      note: (text) => withCalendarDays(locale, text),
    }
  }, [locale, zone])
}

/** `useBrandDates().dateTime`: what a record's, a message's or a report's moment reads. */
export function useBrandDateTime(): (at: number) => string {
  return useBrandDates().dateTime
}

/** `useBrandDateTime` as a formatter, where a screen holds one to format several moments. */
export function useBrandDateTimeFormat(): DateTimeFormat {
  const dateTime = useBrandDateTime()
  return useMemo(() => ({ format: (at) => dateTime(typeof at === 'number' ? at : at.getTime()) }), [dateTime])
}
