/**
 * Paging and time ranges shared by every list endpoint. Times are epoch milliseconds: the
 * PWA turns the member's local days into instants, so the server needs no time zone.
 */
import { z } from 'zod/mini'
import { text } from './text'

export const maxPageSize = 100

/** Query strings arrive as text; these coerce and bound them. */
const intFromQuery = (min: number, max: number) =>
  z
    .pipe(
      z.union([z.int(), text().check(z.regex(/^\d{1,15}$/))]),
      z.transform((v) => Number(v)),
    )
    .check(z.gte(min), z.lte(max))

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
