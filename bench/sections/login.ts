/**
 * Login cost: what argon2id (server/identity/passwords.ts, default parameters) costs a log
 * in over the wire, and whether a login storm starves the rest of the server.
 *
 * 1. Latency: sequential successful logins of member01 (POST /wps/session/login with an
 *    encrypted body, a fresh AES key each time), wall time per request.
 * 2. Storm: GET /wps/system/whitelabel under autocannon alone, then again while concurrent
 *    workers log the demo accounts in over and over. argon2 runs in the libuv threadpool
 *    (@node-rs/argon2 is async), so the event loop should stay responsive; the budget is a
 *    whitelabel p99 under the storm of at most 2× the p99 alone.
 *
 * Only the right passwords are used: a successful login clears the failure counters, so
 * neither the captcha nor the lock ever comes into play. Every login creates a session row
 * in the temp database, which is removed with the server.
 */
import { constants, generateKeyPairSync, privateDecrypt, publicEncrypt, randomBytes } from 'node:crypto'
import { readFileSync } from 'node:fs'
import os from 'node:os'
import { performance } from 'node:perf_hooks'
import { loadConfig } from '#server/config/env'
import { demoAccounts } from '#server/db/seed-data'
import { createPasswords } from '#server/identity/passwords'
import { num, ratio, ratioText, table } from '../lib/format'
import { measure, type LoadFigures, type LoadOptions } from '../lib/load'
import { benchAdminUrl, pgReachable, withTempPg } from '../lib/pg'
import { startPortal, type PortalServer } from '../lib/portal'
import { fetchSealingKey, seal, type SealingKey } from '../lib/sealed'
import { round, stats, type Stats } from '../lib/stats'
import type { BenchContext, BenchSection, SectionResult } from '../lib/types'

const warmupLogins = 5
const measuredLogins = 60
const stormWorkers = 8
const load: LoadOptions = { connections: 10, durationS: 8, warmupS: 1 }
const p99BudgetRatio = 2
const requestTimeoutMs = 15_000

interface Account {
  username: string
  password: string
}

interface LoginOutcome {
  ok: boolean
  ms: number
  status: number
  errorCode: string | null
  token: string | null
}

/** One login with a freshly sealed body; the clock covers the HTTP exchange only. */
async function login(baseUrl: string, key: SealingKey, account: Account): Promise<LoginOutcome> {
  const sealed = seal(key, { username: account.username, password: account.password })
  const t0 = performance.now()
  let res: Response
  let text: string
  try {
    res = await fetch(`${baseUrl}/wps/session/login`, {
      method: 'POST',
      headers: sealed.headers,
      body: sealed.body,
      signal: AbortSignal.timeout(requestTimeoutMs),
    })
    text = await res.text()
  } catch (err) {
    const name = err instanceof Error ? err.name : 'error'
    return { ok: false, ms: performance.now() - t0, status: 0, errorCode: `fetch:${name}`, token: null }
  }
  const status = res.status
  const ms = performance.now() - t0
  let body: { success?: unknown; errorCode?: unknown; value?: { token?: unknown } } = {}
  try {
    body = JSON.parse(text) as typeof body
  } catch {
    // not JSON: reported as a failure below
  }
  const token = typeof body.value?.token === 'string' && body.value.token ? body.value.token : null
  const ok = status === 200 && body.success === true && token !== null
  const errorCode = ok ? null : typeof body.errorCode === 'string' ? body.errorCode : `http:${status}`
  return { ok, ms, status, errorCode, token }
}

/** CPU time, threads and memory of a process, from /proc (Linux); null elsewhere. */
function procSample(pid: number): { cpuS: number; threads: number; rssMiB: number; hwmMiB: number } | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    // Fields 14 and 15 of stat (utime, stime) in clock ticks, assumed 100 per second.
    const cpuS = (Number(f[11]) + Number(f[12])) / 100
    const status = readFileSync(`/proc/${pid}/status`, 'utf8')
    const field = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? NaN)
    return {
      cpuS,
      threads: field('Threads'),
      rssMiB: round(field('VmRSS') / 1024, 1),
      hwmMiB: round(field('VmHWM') / 1024, 1),
    }
  } catch {
    return null
  }
}

/** Cores the process used between two samples over wallS seconds. */
function coresUsed(
  a: ReturnType<typeof procSample>,
  b: ReturnType<typeof procSample>,
  wallS: number,
): number | null {
  return a && b && wallS > 0 ? round((b.cpuS - a.cpuS) / wallS) : null
}

/** In this process: argon2id hash once, then verify, as the server does on each login. */
async function argon2Alone(memoryKib: number, passes: number, runs: number): Promise<Stats> {
  const pw = createPasswords({ memoryKib, passes })
  const stored = await pw.hash('lotus123')
  await pw.verify(stored, 'lotus123')
  const samples: number[] = []
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now()
    if (!(await pw.verify(stored, 'lotus123')))
      throw new Error('argon2id verify of the right password failed')
    samples.push(performance.now() - t0)
  }
  return stats(samples)
}

/**
 * The server unwraps each login's AES key with RSA-OAEP synchronously (privateDecrypt in
 * server/crypto/keyring.ts), on the event loop: its cost per login, measured here on a key
 * of the same size.
 */
function rsaUnwrapAlone(modulusBits: number, runs: number): Stats {
  const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: modulusBits })
  const padding = constants.RSA_PKCS1_OAEP_PADDING
  const wrapped = publicEncrypt({ key: publicKey, padding, oaepHash: 'sha256' }, randomBytes(32))
  privateDecrypt({ key: privateKey, padding, oaepHash: 'sha256' }, wrapped)
  const samples: number[] = []
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now()
    privateDecrypt({ key: privateKey, padding, oaepHash: 'sha256' }, wrapped)
    samples.push(performance.now() - t0)
  }
  return stats(samples)
}

function describe(label: string, f: LoadFigures): string[] {
  const codes = Object.entries(f.statusCodes)
    .map(([c, n]) => `${c}×${n}`)
    .join(' ')
  return [
    label,
    num(f.requestsPerSec, 0),
    f.latencyAvgMs.toFixed(2),
    `${f.latencyP50Ms}`,
    `${f.latencyP90Ms}`,
    `${f.latencyP99Ms}`,
    `${f.latencyMaxMs}`,
    `${f.non2xx}`,
    `${f.errors + f.timeouts}`,
    codes || '-',
  ]
}

function countBy(items: string[]): { [key: string]: number } {
  const out: { [key: string]: number } = {}
  for (const i of items) out[i] = (out[i] ?? 0) + 1
  return out
}

export const section: BenchSection = {
  name: 'login',
  title: 'Login cost (argon2id, encrypted body) and a login storm against GET /wps/system/whitelabel',
  order: 25,
  async run(ctx): Promise<SectionResult> {
    // The defaults of server/config/env.ts, passed explicitly so a shell's ARGON2_* never leaks in.
    const defaults = loadConfig({})
    const argon2 = {
      algorithm: 'argon2id',
      memoryKib: defaults.ARGON2_MEMORY_KIB,
      passes: defaults.ARGON2_PASSES,
      parallelism: 1,
    }
    const argon2Text = `argon2id m=${argon2.memoryKib} KiB t=${argon2.passes} p=1`
    const accounts: Account[] = demoAccounts
      .filter((a) => !a.mustChangePassword)
      .map((a) => ({ username: a.username, password: a.password }))
    const member01 = accounts.find((a) => a.username === 'member01')
    if (!member01) throw new Error('member01 is not among the demo accounts')

    // BENCH_LOGIN_DATABASE=postgres measures on a temporary PostgreSQL database instead.
    const engine = process.env.BENCH_LOGIN_DATABASE === 'postgres' ? 'postgresql' : 'pglite'
    if (engine === 'postgresql') {
      if (!(await pgReachable())) throw new Error(`PostgreSQL not reachable at ${benchAdminUrl}`)
      return withTempPg((url) => measureLogin(ctx, engine, url, argon2, argon2Text, accounts, member01))
    }
    return measureLogin(ctx, engine, '', argon2, argon2Text, accounts, member01)
  },
}

async function measureLogin(
  ctx: BenchContext,
  engine: string,
  databaseUrl: string,
  argon2: { algorithm: string; memoryKib: number; passes: number; parallelism: number },
  argon2Text: string,
  accounts: Account[],
  member01: Account,
): Promise<SectionResult> {
  const threadpool = process.env.UV_THREADPOOL_SIZE ?? '4 (libuv default)'
  ctx.log(
    `${argon2Text}; database ${engine}; server threadpool ${threadpool}; measuring argon2id verify in this process …`,
  )
  const argon2Local = await argon2Alone(argon2.memoryKib, argon2.passes, 10)

  let portal: PortalServer | undefined
  try {
    portal = await startPortal(ctx.root, {
      ARGON2_MEMORY_KIB: String(argon2.memoryKib),
      ARGON2_PASSES: String(argon2.passes),
      DATABASE_URL: databaseUrl,
    })
    ctx.log(`portal server: pid ${portal.pid}, ${portal.announced}, ready in ${portal.startMs} ms`)
    const base = portal.url
    let key = await fetchSealingKey(base)
    ctx.log(`public key: kid ${key.kid}, ${key.alg}, RSA ${key.modulusBits} bits`)
    const rsaUnwrap = rsaUnwrapAlone(key.modulusBits || 2048, 200)
    let keyRefetches = 0
    const tokens = new Set<string>()

    // 1. Sequential logins of member01.
    const seqLogin = async (): Promise<LoginOutcome> => {
      let r = await login(base, key, member01)
      if (r.errorCode === 'encryption_key_unknown') {
        keyRefetches++
        key = await fetchSealingKey(base)
        r = await login(base, key, member01)
      }
      if (!r.ok) throw new Error(`login of member01 answered ${r.status} ${r.errorCode ?? ''}`)
      if (r.token) tokens.add(r.token)
      return r
    }
    for (let i = 0; i < warmupLogins; i++) await seqLogin()
    const seqSamples: number[] = []
    const seqT0 = performance.now()
    for (let i = 0; i < measuredLogins; i++) seqSamples.push((await seqLogin()).ms)
    const seqWallS = (performance.now() - seqT0) / 1000
    const latency = stats(seqSamples)
    const seqRate = round(measuredLogins / seqWallS, 1)
    ctx.log()
    ctx.log(
      table(
        ['sequential logins (member01)', 'n', 'p50 ms', 'p99 ms', 'mean ms', 'min ms', 'max ms', 'logins/s'],
        [
          [
            `POST /wps/session/login, ${argon2Text}`,
            `${latency.count}`,
            latency.p50Ms.toFixed(1),
            latency.p99Ms.toFixed(1),
            latency.meanMs.toFixed(1),
            latency.minMs.toFixed(1),
            latency.maxMs.toFixed(1),
            seqRate.toFixed(1),
          ],
        ],
      ),
    )
    ctx.log(
      `argon2id verify alone (this process, 10 runs): p50 ${argon2Local.p50Ms.toFixed(1)} ms, ` +
        `mean ${argon2Local.meanMs.toFixed(1)} ms; the rest of a login is ~${Math.max(0, latency.p50Ms - argon2Local.p50Ms).toFixed(1)} ms ` +
        `(RSA-OAEP unwrap on the event loop ${rsaUnwrap.p50Ms.toFixed(2)} ms, database, HTTP)`,
    )

    // 2. whitelabel alone, then under a login storm.
    const wlUrl = `${base}/wps/system/whitelabel`
    ctx.log()
    ctx.log(
      `GET /wps/system/whitelabel alone: ${load.connections} connections, ${load.warmupS} s warm-up + ${load.durationS} s …`,
    )
    const procA0 = procSample(portal.pid)
    const aloneT0 = performance.now()
    const alone = await measure(wlUrl, load)
    const aloneWallS = (performance.now() - aloneT0) / 1000
    const procA1 = procSample(portal.pid)

    ctx.log(`… and again while ${stormWorkers} workers log in over and over (${accounts.length} accounts) …`)
    const storm = {
      stop: false,
      samples: [] as number[],
      failures: [] as string[],
      byAccount: {} as Record<string, number>,
    }
    let next = 0
    const worker = async (): Promise<void> => {
      while (!storm.stop) {
        const account = accounts[next++ % accounts.length] ?? member01
        const r = await login(base, key, account)
        if (r.errorCode === 'encryption_key_unknown') {
          keyRefetches++
          key = await fetchSealingKey(base)
        }
        if (r.ok) {
          storm.samples.push(r.ms)
          storm.byAccount[account.username] = (storm.byAccount[account.username] ?? 0) + 1
          if (r.token) tokens.add(r.token)
        } else {
          storm.failures.push(r.errorCode ?? `http:${r.status}`)
          // A failing server must not be hammered in a tight loop.
          await new Promise((res) => setTimeout(res, 100))
        }
      }
    }
    const procS0 = procSample(portal.pid)
    const stormT0 = performance.now()
    const workers = Array.from({ length: stormWorkers }, () => worker())
    let stormed: LoadFigures
    try {
      stormed = await measure(wlUrl, load)
    } finally {
      storm.stop = true
      await Promise.all(workers)
    }
    const stormWallS = (performance.now() - stormT0) / 1000
    const procS1 = procSample(portal.pid)
    const stormLat = stats(storm.samples)
    const stormRate = round(storm.samples.length / stormWallS, 1)

    const p99Ratio = ratio(stormed.latencyP99Ms, alone.latencyP99Ms)
    const avgRatio = ratio(stormed.latencyAvgMs, alone.latencyAvgMs)
    const rpsRatio = ratio(stormed.requestsPerSec, alone.requestsPerSec)
    const verdict = p99Ratio !== null && p99Ratio <= p99BudgetRatio ? 'PASS' : 'OVER'

    ctx.log()
    ctx.log(
      table(
        [
          'GET /wps/system/whitelabel',
          'req/s avg',
          'lat avg ms',
          'p50 ms',
          'p90 ms',
          'p99 ms',
          'max ms',
          'non-2xx',
          'errors',
          'status',
        ],
        [describe('alone', alone), describe(`during login storm (${stormWorkers} workers)`, stormed)],
      ),
    )
    ctx.log()
    ctx.log(
      `storm logins: ${storm.samples.length} ok in ${stormWallS.toFixed(1)} s = ${stormRate.toFixed(1)} logins/s, ` +
        `${storm.failures.length} failed; latency p50 ${stormLat.p50Ms.toFixed(0)} ms, p99 ${stormLat.p99Ms.toFixed(0)} ms, ` +
        `max ${stormLat.maxMs.toFixed(0)} ms`,
    )
    if (storm.failures.length > 0) {
      ctx.log(`  failures: ${JSON.stringify(countBy(storm.failures))}`)
    }
    ctx.log(`  per account: ${JSON.stringify(storm.byAccount)}`)
    const server = {
      cpuCoresAlone: coresUsed(procA0, procA1, aloneWallS),
      cpuCoresStorm: coresUsed(procS0, procS1, stormWallS),
      threads: procS1?.threads ?? null,
      rssMiBBeforeStorm: procS0?.rssMiB ?? null,
      rssMiBAfterStorm: procS1?.rssMiB ?? null,
      peakRssMiB: procS1?.hwmMiB ?? null,
    }
    if (procS1) {
      ctx.log(
        `  server process: ${server.cpuCoresAlone?.toFixed(2)} cores alone, ${server.cpuCoresStorm?.toFixed(2)} cores during the storm ` +
          `(machine: ${os.cpus().length}); ${server.threads} threads; RSS ` +
          `${server.rssMiBBeforeStorm} → ${server.rssMiBAfterStorm} MiB, peak ${server.peakRssMiB} MiB`,
      )
    }
    ctx.log(
      `whitelabel p99 ${alone.latencyP99Ms} ms alone → ${stormed.latencyP99Ms} ms during the storm: ` +
        `${ratioText(p99Ratio)} (budget ≤ ${p99BudgetRatio}×) ${verdict}; mean ${ratioText(avgRatio)}, req/s ${ratioText(rpsRatio)}`,
    )
    ctx.log('(autocannon records latency in whole milliseconds, so small p99 values are coarse)')
    const allOk = alone.allOk && stormed.allOk && storm.failures.length === 0
    if (!allOk) ctx.log('WARNING: not every response was a success; see the figures above')

    const sessionsCreated = tokens.size
    const loginsOk = warmupLogins + measuredLogins + storm.samples.length
    ctx.log(
      `sessions created: ${sessionsCreated} (distinct tokens; ${loginsOk} successful logins), ` +
        `each a row in the temp database${keyRefetches > 0 ? `; public key fetched again ${keyRefetches}×` : ''}`,
    )

    const portalLog = portal.output().filter((l) => !/Portal ready at|^ {2,}\S/.test(l))
    if (portalLog.length > 0) {
      ctx.log(`portal server printed ${portalLog.length} other line(s) (LOG_LEVEL=warn); first ones:`)
      for (const l of portalLog.slice(0, 5)) ctx.log(`  ${l.slice(0, 240)}`)
    }
    const portalStartMs = portal.startMs
    const stop = await portal.stop()
    portal = undefined
    ctx.log(
      `stopped: portal exit ${stop.code ?? stop.signal} in ${stop.ms} ms` +
        `${stop.forced ? ' (killed after grace period)' : ''}, temp DATA_DIR removed`,
    )

    return {
      figures: {
        engine,
        argon2,
        threadpool,
        publicKey: { kid: key.kid, alg: key.alg, modulusBits: key.modulusBits },
        argon2VerifyInProcess: argon2Local,
        rsaOaepUnwrapInProcess: rsaUnwrap,
        sequential: {
          account: member01.username,
          warmup: warmupLogins,
          ...latency,
          wallS: round(seqWallS),
          loginsPerSec: seqRate,
        },
        storm: {
          workers: stormWorkers,
          accounts: accounts.map((a) => a.username),
          load: { connections: load.connections, durationS: load.durationS, warmupS: load.warmupS },
          whitelabelAlone: alone,
          whitelabelDuringStorm: stormed,
          ratio: { latencyP99: p99Ratio, latencyAvg: avgRatio, requestsPerSec: rpsRatio },
          p99Budget: p99BudgetRatio,
          verdict,
          logins: { ok: storm.samples.length, failed: storm.failures.length, wallS: round(stormWallS) },
          loginsPerSec: stormRate,
          loginLatency: stormLat,
          failures: countBy(storm.failures),
          byAccount: storm.byAccount,
          server,
        },
        sessionsCreated,
        keyRefetches,
        allOk,
        portalServer: {
          startMs: portalStartMs,
          otherOutputLines: portalLog.slice(0, 50),
          stop: { code: stop.code, signal: stop.signal, ms: stop.ms, forced: stop.forced },
        },
      },
      summary: [
        {
          metric: 'login p50',
          value: `${latency.p50Ms.toFixed(1)} ms`,
          note: `p99 ${latency.p99Ms.toFixed(1)} ms, mean ${latency.meanMs.toFixed(1)} ms; ${argon2Text}`,
        },
        {
          metric: 'logins/s (sequential)',
          value: seqRate.toFixed(1),
          note: `argon2id verify alone ${argon2Local.p50Ms.toFixed(1)} ms`,
        },
        {
          metric: `whitelabel p99 storm (${engine})`,
          value: `${stormed.latencyP99Ms} ms`,
          note: `alone ${alone.latencyP99Ms} ms; ratio ${ratioText(p99Ratio)} (≤ ${p99BudgetRatio}×) ${verdict}`,
        },
        {
          metric: 'whitelabel req/s storm',
          value: num(stormed.requestsPerSec),
          note: `alone ${num(alone.requestsPerSec)}; ratio ${ratioText(rpsRatio)}`,
        },
        {
          metric: 'storm logins/s',
          value: stormRate.toFixed(1),
          note: `${stormWorkers} workers, p99 ${stormLat.p99Ms.toFixed(0)} ms, ${storm.failures.length} failed`,
        },
      ],
    }
  } finally {
    if (portal) await portal.stop().catch(() => undefined)
  }
}
