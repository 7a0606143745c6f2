import { useBrandDateTime } from '../../lib/use-brand-dates'

/** Formats epoch ms as the language's one date-and-time form, on the brand's clock, its zone named. */
export function useDateTime(): (ms: number) => string {
  return useBrandDateTime()
}
