/**
 * Pages of a list, the same for every list endpoint: `pageNo` counts from 1, and the
 * answer carries the page's rows, how many match, and the page asked for.
 */
import type { PgSelect } from 'drizzle-orm/pg-core'

export interface PageRequest {
  pageNo: number
  pageSize: number
}

export interface Page<T> {
  list: T[]
  total: number
  pageNo: number
  pageSize: number
}

/** The requested page of a query (built with `.$dynamic()`), in the query's own order. */
export function withPage<Q extends PgSelect>(query: Q, page: PageRequest): Q {
  return query.limit(page.pageSize).offset((page.pageNo - 1) * page.pageSize)
}

/** The wire answer of a page: its rows and the count of every row that matches. */
export function pageOf<T>(
  list: T[],
  total: number | bigint | string | null | undefined,
  page: PageRequest,
): Page<T> {
  return { list, total: Number(total ?? 0), pageNo: page.pageNo, pageSize: page.pageSize }
}
