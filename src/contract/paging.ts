/**
 * Paging and time ranges shared by every list endpoint. Times are epoch milliseconds: the
 * PWA turns the member's local days into instants, so the server needs no time zone.
 */
import { z } from 'zod/mini'
import { text } from './text'

export const maxPageSize = 100

/** The largest id of a table row: ids are PostgreSQL integers (serial). */
export const maxRowId = 2_147_483_647

/**
 * The id of a row in a request body. Bounded by the column's type: a larger whole number
 * (JSON carries up to 2^53) would reach the database and fail there as an integer out of
 * range, a 500 instead of the caller's own mistake.
 */
export const RowIdSchema = z.int().check(z.positive(), z.lte(maxRowId))

function digitsFromQuery(digits: number) {
  return z.pipe(
    z.union([z.int(), text().check(z.regex(new RegExp(`^\\d{1,${digits}}$`)))]),
    z.transform((v) => Number(v)),
  )
}
type IntFromQuery = ReturnType<typeof digitsFromQuery>
const queryInts = new Map<string, IntFromQuery>()

/**
 * A whole number from a query string (text of at most `digits` digits, or a number), bounded.
 * One schema per bound is shared by every field that asks for it (see text.ts).
 */
export function intFromQuery(min: number, max: number, digits = 15): IntFromQuery {
  const key = `${min}:${max}:${digits}`
  let s = queryInts.get(key)
  if (!s) {
    s = digitsFromQuery(digits).check(z.gte(min), z.lte(max))
    queryInts.set(key, s)
  }
  return s
}

export const PageQueryShape = {
  pageNo: z._default(intFromQuery(1, 100_000), 1),
  pageSize: z._default(intFromQuery(1, maxPageSize), 20),
}

/** An optional [startTime, endTime) range in epoch ms. */
export const TimeRangeShape = {
  startTime: z.optional(intFromQuery(0, 8_640_000_000_000)),
  endTime: z.optional(intFromQuery(0, 8_640_000_000_000)),
}

/** A page of results: the rows, the total count and the page asked for. */
export function pageOf<T extends z.ZodMiniType>(item: T) {
  return z.object({
    list: z.array(item),
    total: z.int(),
    pageNo: z.int(),
    pageSize: z.int(),
  })
}
