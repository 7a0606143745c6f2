/**
 * Push send rate: fund notices per second the platform hands to web push and a push
 * service accepts, through the real pipeline (bench/servers/push.ts, its own process). With
 * the push jobs running, the server writes a burst of BENCH_PUSH_NOTICES deposit notices,
 * BENCH_PUSH_PER_TX per transaction (below), through the notice writer settlement uses,
 * which queues each notice's `push.deliver` job in its transaction; the commit wakes the delivery workers.
 * Each delivery writes the payload in the member's language, encrypts it (aes128gcm, VAPID)
 * and posts it to a local HTTPS push service run here, on loopback, with the test suite's
 * certificate (tests/fixtures). That service answers 201, except a 503 to the first try of
 * one notice in 50, so those go through pg-boss's retry with backoff (the job's 10 s first
 * delay) and are counted apart.
 *
 * Figures: notices/s from the first notice written to the last first-try delivery (what a
 * burst of approvals sees; writing the notices is part of it and is shown apart), the same
 * between the first and the last delivery, the first delivery's delay after its notice,
 * when every retried notice arrived, and next to it the raw web-push encryption rate of this
 * process (web-push's generateRequestDetails, no network), with the VAPID signature made for
 * each push and reused as the server does. Budget: at least 200 notices/s.
 * BENCH_PUSH_NOTICES (default 1000) notices over BENCH_PUSH_MEMBERS (default 100) members;
 * BENCH_PUSH_ENGINE=postgresql runs the pipeline on a temporary database of the PostgreSQL
 * at BENCH_DATABASE_URL instead of PGlite; BENCH_PUSH_TIMEOUT_SECONDS (default 60) ends a
 * slow run, reporting what arrived by then.
 */
import { spawn } from 'node:child_process'
import { createECDH, randomBytes } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createServer } from 'node:https'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { createInterface } from 'node:readline'
import webpush from 'web-push'
import { onExit } from '../lib/cleanup'
import { num, table } from '../lib/format'
import { loadLine } from '../lib/load-average'
import { benchAdminUrl, pgReachable, withTempPg } from '../lib/pg'
import type { BenchContext, BenchSection, SectionResult } from '../lib/types'

const notices = Number(process.env.BENCH_PUSH_NOTICES ?? 1000)
const memberCount = Number(process.env.BENCH_PUSH_MEMBERS ?? 100)
const engine = process.env.BENCH_PUSH_ENGINE ?? 'pglite'
/**
 * Notices written per transaction. 20 by default, so the figure is the push path's and not
 * the embedded database's transaction rate; 1 writes each alone, as an operator's approvals
 * are, and then mostly measures those writes (each also queues its job).
 */
const perTx = Number(process.env.BENCH_PUSH_PER_TX ?? 20)
const budgetPerS = 200
/** One notice in this many gets a 503 on its first try. */
const failEvery = 50
/** The run stops here even when not every notice arrived; the figures say how many did. */
const timeoutMs = Number(process.env.BENCH_PUSH_TIMEOUT_SECONDS ?? 60) * 1000

/**
 * Web-push encryptions per second in this process, for `seconds`: with the VAPID JWT signed
 * for each push (web-push's default), or signed once and reused (what the server does).
 */
function encryptionRate(seconds: number, vapidEach: boolean): number {
  const ecdh = createECDH('prime256v1')
  ecdh.generateKeys()
  const sub = {
    endpoint: 'https://push.example/x',
    keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') },
  }
  const vapid = webpush.generateVAPIDKeys()
  const payload = JSON.stringify({
    type: 'deposit_credited',
    title: 'Deposit credited',
    body: 'Your deposit of $10.00 is in your balance.',
    url: '/index?popup=memberCentre&centre=depositv2',
    unreadCount: 3,
    tag: 'fund-1',
  })
  const subject = 'mailto:operator@example.com'
  const reused = webpush.getVapidHeaders(
    'https://push.example',
    subject,
    vapid.publicKey,
    vapid.privateKey,
    'aes128gcm',
  )
  const end = Date.now() + seconds * 1000
  let n = 0
  while (Date.now() < end) {
    webpush.generateRequestDetails(sub, payload, {
      ...(vapidEach
        ? { vapidDetails: { subject, ...vapid } }
        : { headers: { Authorization: reused.Authorization } }),
      TTL: 86_400,
      urgency: 'high',
      topic: `fund${n}`,
    })
    n++
  }
  return n / seconds
}

async function measure(ctx: BenchContext, dbEnv: Record<string, string>): Promise<SectionResult> {
  const fixture = (name: string) => path.join(ctx.root, 'tests', 'fixtures', name)
  const firstTries = new Set<string>()
  const delivered = new Map<string, number>()
  const retried = new Set<string>()
  let requests = 0
  const service = createServer(
    {
      key: readFileSync(fixture('push-service-key.pem')),
      cert: readFileSync(fixture('push-service-cert.pem')),
    },
    (req, res) => {
      req.resume()
      req.on('end', () => {
        requests++
        const topic = String(req.headers.topic ?? '')
        const id = Number(topic.replace(/^fund/, ''))
        if (id % failEvery === 0 && !firstTries.has(topic)) {
          firstTries.add(topic)
          retried.add(topic)
          res.writeHead(503).end()
          return
        }
        if (!delivered.has(topic)) delivered.set(topic, Date.now())
        res.writeHead(201).end()
      })
    },
  )
  await new Promise<void>((r) => service.listen(0, '127.0.0.1', r))
  const base = `https://127.0.0.1:${(service.address() as AddressInfo).port}`
  const dir = mkdtempSync(path.join(os.tmpdir(), 'portal-bench-push-'))
  const removeDir = onExit(() => rmSync(dir, { recursive: true, force: true }))

  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_EXTRA_CA_CERTS: fixture('push-service-cert.pem'),
    PUSH_BASE: base,
    PUSH_MEMBERS: String(memberCount),
    PUSH_NOTICES: String(notices),
    PUSH_SWEEP_SECONDS: '5',
    PUSH_PER_TX: String(perTx),
    PUSH_DATA_DIR: path.join(dir, 'pglite'),
  }
  Object.assign(env, dbEnv)
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/servers/push.ts'], {
    cwd: ctx.root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let exited = false
  child.once('exit', () => (exited = true))
  const kill = onExit(() => {
    if (!exited) child.kill('SIGKILL')
  })
  const output: string[] = []
  createInterface({ input: child.stderr }).on('line', (l) => output.push(`[stderr] ${l}`))
  const lines = createInterface({ input: child.stdout })
  try {
    await new Promise<number>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`push server not started:\n${output.join('\n')}`)),
        120_000,
      )
      child.once('exit', (code) => {
        clearTimeout(timer)
        reject(new Error(`push server exited (${code}):\n${output.slice(-20).join('\n')}`))
      })
      lines.on('line', (l) => {
        output.push(l)
        const m = /Push jobs started at (\d+)/.exec(l)
        if (m) {
          clearTimeout(timer)
          resolve(Number(m[1]))
        }
      })
    })
    ctx.log(
      `push pipeline (${engine}) seeded: ${memberCount} members; jobs started; writing ${notices} notices`,
    )
    let written: [number, number] | undefined
    lines.on('line', (l) => {
      const m = /Push notices written (\d+) (\d+)/.exec(l)
      if (m) written = [Number(m[1]), Number(m[2])]
    })
    const deadline = Date.now() + timeoutMs
    while ((delivered.size < notices || !written) && Date.now() < deadline && !exited) {
      await new Promise((r) => setTimeout(r, 100))
    }
    if (!written)
      throw new Error(`the notices were not all written in time:\n${output.slice(-20).join('\n')}`)
    const [startedAt, writtenAt] = written
    const times = [...delivered].filter(([topic]) => !retried.has(topic)).map(([, at]) => at)
    const firstTry = times.length
    const first = Math.min(...times)
    const lastFirstTry = Math.max(...times)
    const allAt = delivered.size === notices ? Math.max(...delivered.values()) : null
    const endToEnd = firstTry / ((lastFirstTry - startedAt) / 1000)
    const steady = firstTry > 1 ? (firstTry - 1) / ((lastFirstTry - first) / 1000) : 0
    const raw = encryptionRate(2, true)
    const rawReused = encryptionRate(2, false)
    const verdict = endToEnd >= budgetPerS ? 'PASS' : 'OVER'
    const load = loadLine()
    ctx.log(
      table(
        ['figure', 'value', 'budget', 'verdict'],
        [
          [
            'notices/s, first notice written → last first-try delivery',
            num(endToEnd, 1),
            `>= ${budgetPerS}`,
            verdict,
          ],
          ['notices/s, first → last delivery', num(steady, 1), '', ''],
          ['first delivery after the first notice', `${num(first - startedAt)} ms`, '', ''],
          [
            `writing the ${notices} notices (${perTx} per transaction)`,
            `${num((writtenAt - startedAt) / 1000, 1)} s`,
            '',
            '',
          ],
          [
            `retried after a 503 (${retried.size})`,
            allAt === null ? 'not all delivered' : `all in by ${num((allAt - startedAt) / 1000, 1)} s`,
            '',
            '',
          ],
          ['raw web-push encryptions/s, VAPID signed each time (this process)', num(raw, 0), '', ''],
          ['raw web-push encryptions/s, VAPID reused (this process)', num(rawReused, 0), '', ''],
        ],
      ),
    )
    ctx.log(
      `delivered ${delivered.size} of ${notices} notices in ${num((Math.max(lastFirstTry, allAt ?? 0) - startedAt) / 1000, 1)} s; ` +
        `requests to the push service: ${requests}; ${load}`,
    )
    return {
      figures: {
        engine,
        notices,
        members: memberCount,
        sweepSeconds: 5,
        writeMs: writtenAt - startedAt,
        noticesPerTransaction: perTx,
        deliveredFirstTry: firstTry,
        delivered: delivered.size,
        retried: retried.size,
        requests,
        perSecondEndToEnd: Math.round(endToEnd * 10) / 10,
        perSecondSteady: Math.round(steady * 10) / 10,
        firstDeliveryMs: first - startedAt,
        allDeliveredMs: allAt === null ? null : allAt - startedAt,
        rawEncryptionsPerS: Math.round(raw),
        rawEncryptionsReusedVapidPerS: Math.round(rawReused),
        budgetPerS,
        verdict,
        load,
      },
      summary: [
        {
          metric: 'push notices/s',
          value: num(endToEnd, 1),
          note: `budget ${budgetPerS}: ${verdict}; steady ${num(steady, 1)}/s; raw encrypt ${num(raw)}/s (VAPID reused ${num(rawReused)}/s); ${load}`,
        },
      ],
    }
  } finally {
    if (!exited) {
      child.kill('SIGTERM')
      await new Promise((r) => {
        const t = setTimeout(() => {
          child.kill('SIGKILL')
          r(undefined)
        }, 15_000)
        child.once('exit', () => {
          clearTimeout(t)
          r(undefined)
        })
      })
    }
    kill()
    await new Promise<void>((r) => service.close(() => r()))
    rmSync(dir, { recursive: true, force: true })
    removeDir()
  }
}

export const section: BenchSection = {
  name: 'push',
  title: `Push send rate: a burst of ${notices} fund notices through pg-boss to a local push service`,
  order: 26,
  async run(ctx): Promise<SectionResult> {
    if (engine !== 'postgresql') return measure(ctx, {})
    if (!(await pgReachable())) throw new Error(`no PostgreSQL at ${benchAdminUrl} (BENCH_DATABASE_URL)`)
    return withTempPg((url) => measure(ctx, { PUSH_DATABASE_URL: url }))
  },
}
