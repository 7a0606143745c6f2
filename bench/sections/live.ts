/**
 * The live channel (server/live): how soon an open page sees money the operator moved, and
 * what 5,000 open streams cost one instance.
 *
 * The server runs in its own process (bench/servers/live.ts) on a fresh database with
 * BENCH_LIVE_STREAMS (default 5000) members, each signed in; this process opens one stream
 * per member over plain HTTP keep-alive sockets and reads them.
 * - Command to balance: the operator's `adjust <member> 1.00` is sent to the server; the
 *   figure runs from sending it to the member's page holding the new balance, i.e. its
 *   stream's `balance` event and then the balance read the page makes on it. Sequential,
 *   BENCH_LIVE_COMMANDS (default 200) members, with every stream open. Goal p99 ≤ 1 s.
 * - Fan-out: the operator adds an announcement (one brand-wide event); the figure runs from
 *   sending the command to each stream receiving the event, over BENCH_LIVE_ROUNDS (default
 *   10) announcements. It includes this process reading 5,000 sockets on one thread. Goal
 *   p99 ≤ 200 ms.
 * - Memory per stream: the server's RSS and heap after a collection, before and after the
 *   streams opened, divided by their number.
 * BENCH_LIVE_ENGINE=postgresql runs on a temporary database of the PostgreSQL at
 * BENCH_DATABASE_URL (LISTEN/NOTIFY over the network) instead of PGlite.
 */
import { spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { createInterface } from 'node:readline'
import { onExit } from '../lib/cleanup'
import { num, table } from '../lib/format'
import { loadLine } from '../lib/load-average'
import { pgReachable, withTempPg } from '../lib/pg'
import { stats } from '../lib/stats'
import type { BenchContext, BenchSection, SectionResult } from '../lib/types'

const streamCount = Number(process.env.BENCH_LIVE_STREAMS ?? 5000)
const commandCount = Number(process.env.BENCH_LIVE_COMMANDS ?? 200)
const rounds = Number(process.env.BENCH_LIVE_ROUNDS ?? 10)
const engine = process.env.BENCH_LIVE_ENGINE ?? 'pglite'

interface Server {
  base: string
  send(line: string): Promise<string>
  stop(): Promise<void>
}

async function startServer(root: string, env: Record<string, string>): Promise<Server> {
  const child = spawn(process.execPath, ['--expose-gc', '--import', 'tsx', 'bench/servers/live.ts'], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['pipe', 'pipe', 'inherit'],
  })
  const off = onExit(() => child.kill('SIGKILL'))
  const lines = createInterface({ input: child.stdout })
  const waiting: ((line: string) => void)[] = []
  let ready: (base: string) => void = () => undefined
  const started = new Promise<string>((r) => (ready = r))
  lines.on('line', (line) => {
    const m = /^Live ready (http:\/\/127\.0\.0\.1:\d+)$/.exec(line)
    if (m?.[1]) ready(m[1])
    else waiting.shift()?.(line)
  })
  const exited = new Promise<void>((r) => child.once('exit', () => r()))
  const base = await Promise.race([
    started,
    exited.then(() => {
      throw new Error('the live server ended before it was ready')
    }),
  ])
  return {
    base,
    send: (line) =>
      new Promise<string>((resolve) => {
        waiting.push(resolve)
        child.stdin.write(`${line}\n`)
      }),
    async stop() {
      child.kill('SIGTERM')
      await exited
      off()
    },
  }
}

interface Stream {
  username: string
  token: string
  /** Called with each event's type as it arrives. */
  onType: ((type: string, at: number) => void) | null
}

function openStream(base: string, agent: http.Agent, s: Stream): Promise<void> {
  return new Promise((resolve, reject) => {
    const req = http.get(
      `${base}/wps/live/stream`,
      { agent, headers: { authorization: s.token, accept: 'text/event-stream', language: 'EN' } },
      (res) => {
        if (res.statusCode !== 200) {
          reject(new Error(`stream refused: ${res.statusCode}`))
          return
        }
        res.setEncoding('utf8')
        let opened = false
        res.on('data', (chunk: string) => {
          const at = performance.now()
          for (const m of chunk.matchAll(/"type":"(\w+)"/g)) {
            if (m[1] === 'ready' && !opened) {
              opened = true
              resolve()
            }
            if (m[1]) s.onType?.(m[1], at)
          }
        })
      },
    )
    req.on('error', reject)
  })
}

async function measure(ctx: BenchContext, dbEnv: Record<string, string>): Promise<SectionResult> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'portal-bench-live-'))
  const tokensFile = path.join(dir, 'tokens.json')
  const server = await startServer(ctx.root, {
    ...dbEnv,
    LIVE_MEMBERS: String(streamCount),
    LIVE_TOKENS_FILE: tokensFile,
    LIVE_DATA_DIR: path.join(dir, 'data'),
  })
  const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity })
  try {
    const members = JSON.parse(readFileSync(tokensFile, 'utf8')) as { username: string; token: string }[]
    const [, rssBefore, heapBefore] = (await server.send('memory')).split(' ').map(Number)
    const streams: Stream[] = members.map((m) => ({ ...m, onType: null }))
    const openStart = performance.now()
    for (let i = 0; i < streams.length; i += 250) {
      await Promise.all(streams.slice(i, i + 250).map((s) => openStream(server.base, agent, s)))
    }
    const openMs = performance.now() - openStart
    const [, rssAfter, heapAfter, open] = (await server.send('memory')).split(' ').map(Number)
    ctx.log(`${open} streams open in ${num(openMs / 1000, 1)} s`)

    // The operator's command to the page's new balance.
    const commandMs: number[] = []
    for (let i = 0; i < Math.min(commandCount, streams.length); i++) {
      const s = streams[(i * 7919) % streams.length]
      if (!s) continue
      const t0 = performance.now()
      const heard = new Promise<void>((resolve) => {
        s.onType = (type) => {
          if (type === 'balance') resolve()
        }
      })
      void server.send(`adjust ${s.username}`)
      await heard
      s.onType = null
      const res = await fetch(`${server.base}/wps/v2/wallets/balance`, {
        headers: { authorization: s.token, language: 'EN' },
      })
      await res.text()
      commandMs.push(performance.now() - t0)
    }
    const command = stats(commandMs)

    // One brand-wide event to every stream.
    const fanMs: number[] = []
    const roundP99: number[] = []
    for (let r = 0; r < rounds; r++) {
      const got: number[] = []
      const t0 = performance.now()
      const all = new Promise<void>((resolve) => {
        for (const s of streams) {
          s.onType = (type, at) => {
            if (type !== 'announcement') return
            got.push(at - t0)
            s.onType = null
            if (got.length === streams.length) resolve()
          }
        }
      })
      await server.send('announce')
      await all
      fanMs.push(...got)
      roundP99.push(stats(got).p99Ms)
    }
    const fan = stats(fanMs)
    const perStreamKiB = ((rssAfter ?? 0) - (rssBefore ?? 0)) / 1024 / Math.max(1, open ?? 1)
    const heapPerStreamKiB = ((heapAfter ?? 0) - (heapBefore ?? 0)) / 1024 / Math.max(1, open ?? 1)

    ctx.log(
      table(
        ['figure', 'p50', 'p99', 'max', 'goal'],
        [
          [
            'command → page balance',
            `${num(command.p50Ms, 1)} ms`,
            `${num(command.p99Ms, 1)} ms`,
            `${num(command.maxMs, 1)} ms`,
            'p99 ≤ 1000 ms',
          ],
          [
            `fan-out to ${open} streams`,
            `${num(fan.p50Ms, 1)} ms`,
            `${num(fan.p99Ms, 1)} ms`,
            `${num(fan.maxMs, 1)} ms`,
            'p99 ≤ 200 ms',
          ],
        ],
      ),
    )
    ctx.log(`memory per stream: ${num(perStreamKiB, 1)} KiB RSS, ${num(heapPerStreamKiB, 1)} KiB heap`)
    ctx.log(loadLine())
    return {
      figures: {
        engine,
        streams: open ?? 0,
        openSeconds: openMs / 1000,
        commandToBalance: command,
        fanOut: fan,
        fanOutRoundP99Ms: roundP99,
        rssPerStreamKiB: perStreamKiB,
        heapPerStreamKiB,
        load: loadLine(),
      },
      summary: [
        {
          metric: 'live: command → balance p99',
          value: `${num(command.p99Ms, 1)} ms`,
          note: command.p99Ms <= 1000 ? 'PASS (≤ 1 s)' : 'OVER (≤ 1 s)',
        },
        {
          metric: `live: fan-out to ${open} p99`,
          value: `${num(fan.p99Ms, 1)} ms`,
          note: fan.p99Ms <= 200 ? 'PASS (≤ 200 ms)' : 'OVER (≤ 200 ms)',
        },
        { metric: 'live: memory per stream', value: `${num(perStreamKiB, 1)} KiB RSS` },
      ],
    }
  } finally {
    agent.destroy()
    await server.stop()
    rmSync(dir, { recursive: true, force: true })
  }
}

export const section: BenchSection = {
  name: 'live',
  title: 'Live channel: command to page, fan-out to 5,000 streams, memory per stream',
  order: 75,
  async run(ctx) {
    if (engine === 'postgresql') {
      if (!(await pgReachable()))
        throw new Error('BENCH_LIVE_ENGINE=postgresql but no PostgreSQL at BENCH_DATABASE_URL')
      return withTempPg((url) => measure(ctx, { LIVE_DATABASE_URL: url }))
    }
    return measure(ctx, {})
  },
}
