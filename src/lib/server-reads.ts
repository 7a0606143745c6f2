/**
 * Public reads the server's render makes for a page, and their answers carried to the
 * browser in the page's boot data (`queries`), so the browser hydrates with the data the
 * server drew and asks for nothing twice.
 *
 * A query takes part by naming its endpoint in its meta (`meta: serverRead(row)`): the
 * server's render then fetches it when the page draws it (src/entry-server.tsx), and the
 * browser checks the answer against that endpoint's own response schema before it seeds
 * it. Only public rows take part: a member's reads wait for the browser, where the session is.
 */
import type { QueryClient } from '@tanstack/react-query'
import type { BootQuery } from '#contract/boot-data'
import type { EndpointDef } from '#contract/endpoint'

/** The meta that makes a query a server read. */
export function serverRead(def: EndpointDef & { auth: 'public' }): { read: string } {
  return { read: def.name }
}

/** The endpoint a server read names, when the meta names one. */
export function readOf(meta: Record<string, unknown> | undefined): string | undefined {
  const read = meta?.read
  return typeof read === 'string' ? read : undefined
}

/** Each area's table of rows, loaded with the area (the lottery's with the lottery's chunk). */
const areas: Record<string, () => Promise<Record<string, EndpointDef>>> = {
  content: () => import('#contract/content').then((m) => m.contentEndpoints),
  games: () => import('#contract/games').then((m) => m.gameEndpoints),
  lottery: () => import('#contract/lottery').then((m) => m.lotteryEndpoints),
  play: () => import('#contract/play').then((m) => m.playEndpoints),
  promotions: () => import('#contract/promotions').then((m) => m.promotionEndpoints),
  system: () => import('#contract/system').then((m) => m.systemEndpoints),
}

/** The public row a read names (`area.row`), or undefined for any other name. */
async function rowOf(name: string): Promise<EndpointDef | undefined> {
  const [area, row, extra] = name.split('.')
  const load = area !== undefined && Object.hasOwn(areas, area) ? areas[area] : undefined
  if (!load || !row || extra !== undefined) return undefined
  const table = await load()
  const def = Object.hasOwn(table, row) ? table[row] : undefined
  return def && def.name === name && def.auth === 'public' ? def : undefined
}

/**
 * Puts the page's server reads into the cache, each checked against its row's response
 * schema and kept under a key of its own area; one that does not match is left out (the
 * page then asks for it itself).
 */
export async function seedServerReads(queryClient: QueryClient, reads: readonly BootQuery[]): Promise<void> {
  const checked = await Promise.all(
    reads.map(async (q) => {
      const def = await rowOf(q.read).catch(() => undefined)
      if (!def || q.key[0] !== q.read.split('.')[0]) return null
      const parsed = def.response.safeParse(q.data)
      return parsed.success ? { ...q, data: parsed.data } : null
    }),
  )
  for (const q of checked) {
    if (!q) continue
    const state = queryClient.getQueryState(q.key)
    if (state?.status === 'success' && state.dataUpdatedAt > q.updatedAt) continue
    queryClient.setQueryData(q.key, q.data, { updatedAt: q.updatedAt })
  }
}
