/**
 * `npm run bench [-- <section> …]`: prints the project's figures and writes them to
 * bench/results/bench-<ISO timestamp>.json.
 *
 * Sections are the modules in bench/sections/ that export `section` (see lib/types.ts);
 * a new capability adds its figures by adding a file there. With no arguments every
 * section runs in order; with names, only those. Budgets are reported (PASS/OVER), never
 * turned into a failing exit code; the exit code is non-zero only when a section could not
 * measure at all, or for a usage error.
 */
import { execFileSync } from 'node:child_process'
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { table } from './lib/format'
import type { BenchContext, BenchSection, Json, SummaryRow } from './lib/types'

const benchDir = path.dirname(fileURLToPath(import.meta.url))
const root = path.resolve(benchDir, '..')

async function loadSections(): Promise<BenchSection[]> {
  const dir = path.join(benchDir, 'sections')
  const files = readdirSync(dir)
    .filter((f) => /\.(ts|js)$/.test(f) && !f.endsWith('.d.ts') && !f.startsWith('_'))
    .sort()
  const sections: BenchSection[] = []
  for (const f of files) {
    const mod = (await import(pathToFileURL(path.join(dir, f)).href)) as { section?: BenchSection }
    if (!mod.section || typeof mod.section.run !== 'function') {
      throw new Error(`bench/sections/${f} does not export a \`section\``)
    }
    sections.push(mod.section)
  }
  const names = new Set<string>()
  for (const s of sections) {
    if (names.has(s.name)) throw new Error(`two sections are named ${s.name}`)
    names.add(s.name)
  }
  return sections.sort((a, b) => a.order - b.order || a.name.localeCompare(b.name))
}

function gitCommit(): string | null {
  try {
    // Read-only: names the measured commit.
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'ignore'],
    })
      .toString()
      .trim()
  } catch {
    return null
  }
}

function usage(sections: BenchSection[]): string {
  return [
    'usage: npm run bench [-- <section> …]',
    'sections:',
    ...sections.map((s) => `  ${s.name.padEnd(8)} ${s.title}`),
    'env: BENCH_HTTP_SECONDS (default 10), BENCH_HTTP_WARMUP_SECONDS (default 2),',
    '     BENCH_LEDGER_SECONDS (default 8), BENCH_LEDGER_WARMUP_SECONDS (default 2),',
    '     BENCH_LEDGER_ENGINES (default pglite,postgresql),',
    '     BENCH_WALLET_SECONDS (default 3), BENCH_WALLET_ENGINES (default pglite),',
    '     BENCH_OFFLINE_RUNS (default 3), BENCH_PUSH_NOTICES (default 1000),',
    '     BENCH_PUSH_MEMBERS (default 100), BENCH_PUSH_ENGINE (default pglite),',
    '     BENCH_PUSH_TIMEOUT_SECONDS (default 60),',
    "     BENCH_AGENT_MEMBERS (default 100000), BENCH_AGENT_ROUNDS (default 3000000; the issue's",
    '     size is 10000000), BENCH_AGENT_DAYS (default 30), BENCH_AGENT_OVERVIEWS (default 50),',
    '     BENCH_AGENT_ENVELOPES (default 10), BENCH_AGENT_PROPOSAL_RUNS (default 20),',
    '     BENCH_CONTRACTS_PAIRS (default 10000), BENCH_CONTRACTS_MEMBERS (default 100000),',
    '     BENCH_CONTRACTS_BETS (default 1000000), BENCH_CONTRACTS_PROPOSAL_RUNS (default 3),',
    '     BENCH_VIP_MEMBERS (default 100000), BENCH_DRAW_BETS (default 10000),',
    '     BENCH_MALL_READS (default 20 per member), BENCH_LOYALTY_ENGINES (default pglite,postgresql)',
  ].join('\n')
}

async function main(): Promise<number> {
  const sections = await loadSections()
  const args = process.argv.slice(2).filter((a) => a !== '--')
  if (args.includes('--help') || args.includes('-h')) {
    console.log(usage(sections))
    return 0
  }
  const unknown = args.filter((a) => !sections.some((s) => s.name === a))
  if (unknown.length > 0) {
    console.error(`unknown section(s): ${unknown.join(', ')}\n${usage(sections)}`)
    return 2
  }
  const chosen = args.length === 0 ? sections : sections.filter((s) => args.includes(s.name))

  const startedAt = new Date()
  const cpus = os.cpus()
  const env = {
    node: process.version,
    platform: `${process.platform} ${process.arch}`,
    cpus: cpus.length,
    cpuModel: cpus[0]?.model.trim() ?? 'unknown',
    memoryGB: Math.round(os.totalmem() / 1e8) / 10,
    commit: gitCommit(),
    /** Other work on the machine skews the throughput figures; this makes a noisy run visible. */
    loadAverage1m: Math.round((os.loadavg()[0] ?? 0) * 100) / 100,
  }
  console.log(
    `bench ${startedAt.toISOString()}: node ${env.node}, ${env.cpus} × ${env.cpuModel}, commit ${env.commit ?? '?'}, load avg ${env.loadAverage1m}`,
  )

  const results: { [name: string]: Json } = {}
  const summary: { section: string; row: SummaryRow }[] = []
  let failed = 0
  for (const s of chosen) {
    console.log(`\n== ${s.name}: ${s.title} ==`)
    const ctx: BenchContext = { root, log: (line = '') => console.log(line) }
    const t0 = Date.now()
    try {
      const r = await s.run(ctx)
      results[s.name] = { title: s.title, ms: Date.now() - t0, figures: r.figures }
      for (const row of r.summary) summary.push({ section: s.name, row })
    } catch (err) {
      failed++
      const message = err instanceof Error ? err.message : String(err)
      console.error(`section ${s.name} failed: ${message}`)
      results[s.name] = { title: s.title, ms: Date.now() - t0, error: message }
      summary.push({
        section: s.name,
        row: { metric: 'error', value: 'FAILED', note: message.split('\n')[0] ?? '' },
      })
    }
  }

  const finishedAt = new Date()
  const outDir = path.join(benchDir, 'results')
  mkdirSync(outDir, { recursive: true })
  const outFile = path.join(outDir, `bench-${startedAt.toISOString().replace(/:/g, '-')}.json`)
  const doc = {
    startedAt: startedAt.toISOString(),
    finishedAt: finishedAt.toISOString(),
    sectionsRun: chosen.map((s) => s.name),
    environment: env,
    sections: results,
  }
  writeFileSync(outFile, `${JSON.stringify(doc, null, 2)}\n`)

  console.log('\n== summary ==')
  console.log(
    table(
      ['section', 'metric', 'value', 'note'],
      summary.map(({ section, row }) => [section, row.metric, row.value, row.note ?? '']),
    ),
  )
  console.log(
    `\nfigures written to ${path.relative(root, outFile)} (${((Date.now() - startedAt.getTime()) / 1000).toFixed(1)} s)`,
  )
  return failed > 0 ? 1 : 0
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof Error ? (err.stack ?? err.message) : String(err))
    process.exit(1)
  },
)
