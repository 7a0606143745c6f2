/**
 * Start-up: how long `npm start` (scripts/start.mjs, the compiled server) takes to say it
 * is ready on an existing data directory, in production mode, median of 3 starts after a
 * first one that made the directory (and the compiled bundle). Budget (issue 11): 2 s.
 * Beside it, the same start through tsx (server/main.ts transpiled module by module).
 */
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { table } from '../lib/format'
import { startPortal } from '../lib/portal'
import type { BenchSection, SectionResult } from '../lib/types'

const budgetMs = 2000
const runs = 3

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b)
  return s[Math.floor(s.length / 2)] ?? 0
}

export const section: BenchSection = {
  name: 'startup',
  title: 'Start-up on an existing data directory (production mode)',
  order: 15,
  async run(ctx): Promise<SectionResult> {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-bench-start-'))
    try {
      const env = {
        NODE_ENV: 'production',
        DEMO: 'false',
        // Production refuses to start without them (server/config/env.ts).
        TRUST_PROXY: '127.0.0.1',
        PUSH_CONTACT: 'mailto:bench@example.com',
      }
      // The first start makes the database (and, for npm start, the bundle when stale).
      const first = await startPortal(ctx.root, env, { dataDir, entry: 'scripts/start.mjs' })
      ctx.log(`first start (new data directory): ${first.startMs} ms`)
      await first.stop()
      const times: Record<'compiled' | 'tsx', number[]> = { compiled: [], tsx: [] }
      for (let i = 0; i < runs; i++) {
        for (const [kind, entry] of [
          ['compiled', 'scripts/start.mjs'],
          ['tsx', 'server/main.ts'],
        ] as const) {
          const p = await startPortal(ctx.root, env, { dataDir, entry })
          times[kind].push(p.startMs)
          await p.stop()
        }
      }
      const compiled = median(times.compiled)
      const tsx = median(times.tsx)
      const pass = compiled <= budgetMs
      ctx.log(
        table(
          ['start', 'runs (ms)', 'median ms'],
          [
            ['npm start (compiled)', times.compiled.join(', '), String(compiled)],
            ['tsx server/main.ts', times.tsx.join(', '), String(tsx)],
          ],
        ),
      )
      ctx.log(
        `ready on an existing data directory: ${compiled} ms, budget ${budgetMs} ms → ${pass ? 'PASS' : 'OVER'}`,
      )
      return {
        figures: {
          budgetMs,
          runs,
          compiledMs: times.compiled,
          tsxMs: times.tsx,
          firstStartMs: first.startMs,
        },
        summary: [
          {
            metric: 'start-up, existing data dir',
            value: `${compiled} ms`,
            note: `budget ${budgetMs} ms: ${pass ? 'PASS' : 'OVER'}; through tsx ${tsx} ms`,
          },
        ],
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true })
    }
  },
}
