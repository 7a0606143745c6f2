/**
 * The game lobby on the real platform server with the seeded demo catalogue (~2,900 games):
 * - name search: GCSGAME_gameList with a different search each request (never a cached
 *   answer), 4 clients at once, p50/p99 over the whole run;
 * - lobby reads under load (autocannon, 10 connections): the game list of one lobby page,
 *   hot games, the H5 vendor lanes and the vendor by game-type matrix, each a hot read.
 */
import { num, table } from '../lib/format'
import { measure, type LoadFigures, type LoadOptions } from '../lib/load'
import { startPortal, type PortalServer } from '../lib/portal'
import { stats } from '../lib/stats'
import type { BenchSection, Json, SectionResult } from '../lib/types'

const searchWords = [
  'dragon',
  'gold',
  'fish',
  'poker',
  "hold'em",
  'lucky',
  'temple',
  'jackpot',
  'bingo',
  'royal',
]
const searchRequests = 600
const searchClients = 4

const lobbyTargets = [
  { name: 'game list (RNG page)', path: '/wps/relay/GCSGAME_gameList?gameType=RNG&pageSize=30' },
  { name: 'hot games', path: '/wps/relay/GCSGAME_hotGamesV2?limit=18' },
  { name: 'vendor lanes', path: '/wps/relay/GCSGAME_newGameVendor' },
  { name: 'vendor x type', path: '/wps/relay/GCSGAME_getVassGameType' },
] as const

const budget = { searchP99Ms: 100 }

/** A search no earlier request asked for: a word, a page and a page size that vary. */
function searchUrl(base: string, i: number): string {
  const word = searchWords[i % searchWords.length] ?? 'gold'
  const q = new URLSearchParams({
    gameName: word.slice(0, 3 + (i % (word.length - 2))),
    pageNo: String(1 + (i % 3)),
    pageSize: String(20 + (i % 29)),
  })
  return `${base}/wps/relay/GCSGAME_gameList?${q.toString()}`
}

async function searchRun(base: string): Promise<{ samples: number[]; failures: number }> {
  const samples: number[] = []
  let failures = 0
  let next = 0
  async function client(): Promise<void> {
    while (next < searchRequests) {
      const i = next++
      const t = performance.now()
      const res = await fetch(searchUrl(base, i), { signal: AbortSignal.timeout(10_000) })
      await res.arrayBuffer()
      samples.push(performance.now() - t)
      if (res.status !== 200) failures++
    }
  }
  await Promise.all(Array.from({ length: searchClients }, client))
  return { samples, failures }
}

export const section: BenchSection = {
  name: 'games',
  title: 'Game lobby: name search latency and lobby reads per second on the seeded catalogue',
  order: 25,
  async run(ctx): Promise<SectionResult> {
    let portal: PortalServer | undefined
    try {
      portal = await startPortal(ctx.root)
      ctx.log(`portal server: pid ${portal.pid}, ready in ${portal.startMs} ms`)
      // Warm the statement paths once before timing.
      await searchRun(portal.url).catch(() => undefined)
      ctx.log(`searching: ${searchRequests} distinct searches, ${searchClients} clients …`)
      const search = await searchRun(portal.url)
      const s = stats(search.samples)
      const pass = s.p99Ms <= budget.searchP99Ms
      ctx.log(
        `search p50 ${s.p50Ms} ms, p99 ${s.p99Ms} ms, max ${s.maxMs} ms, non-200 ${search.failures}; ` +
          `budget p99 ≤ ${budget.searchP99Ms} ms: ${pass ? 'PASS' : 'OVER'}`,
      )

      const load: LoadOptions = { connections: 10, durationS: 5, warmupS: 1 }
      const lobby: { [key: string]: LoadFigures } = {}
      const rows: string[][] = []
      for (const t of lobbyTargets) {
        ctx.log(`loading GET ${t.path} …`)
        const f = await measure(`${portal.url}${t.path}`, load)
        lobby[t.name] = f
        rows.push([t.name, num(f.requestsPerSec, 0), `${f.latencyP50Ms}`, `${f.latencyP99Ms}`, `${f.non2xx}`])
      }
      ctx.log()
      ctx.log(table(['lobby read', 'req/s', 'p50 ms', 'p99 ms', 'non-2xx'], rows))
      const figures: { [key: string]: Json } = {
        search: { ...s, requests: searchRequests, clients: searchClients, failures: search.failures, budget },
        lobby,
      }
      return {
        figures,
        summary: [
          {
            metric: 'game search p99',
            value: `${s.p99Ms} ms`,
            note: `p50 ${s.p50Ms} ms; budget ≤ ${budget.searchP99Ms} ms: ${pass ? 'PASS' : 'OVER'}`,
          },
          ...lobbyTargets.map((t) => ({
            metric: `${t.name} req/s`,
            value: num(lobby[t.name]?.requestsPerSec ?? 0, 0),
            note: `p99 ${lobby[t.name]?.latencyP99Ms ?? '?'} ms`,
          })),
        ],
      }
    } finally {
      if (portal) await portal.stop().catch(() => undefined)
    }
  },
}
