/**
 * A crash in the middle of money: the real server (its own process) takes transfers,
 * deposits and withdrawals from 20 clients and is killed with SIGKILL while they run. It
 * starts again on the same data; every request sent before the crash is retried with its
 * key. Then the ledger reconciles and each member holds exactly what the successful keys
 * say: nothing half-written, nothing applied twice.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process'
import { randomBytes, randomInt } from 'node:crypto'
import { mkdtempSync, rmSync, writeFileSync, mkdirSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { eq, sql } from 'drizzle-orm'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest'
import { successEnvelope } from '#contract/envelope'
import { moneyToMinor } from '#contract/money'
import { PublicKeySchema } from '#contract/system'
import { BalancesSchema } from '#contract/wallet'
import { ledgerAccounts, members } from '#server/db/schema'
import { reconcile } from '#server/money/ledger-reconcile'
import { openDatabase } from '#server/plugins/external/db'
import { sealWith } from '../identity-helpers'
import { ident, withDatabase } from '../setup/server-global-setup'

const root = path.resolve(import.meta.dirname, '../..')
const work = mkdtempSync(path.join(tmpdir(), 'portal-crash-'))
const dataDir = path.join(work, 'data')
const staticDir = path.join(work, 'static')
let databaseUrl: string | undefined
let running: ChildProcess | undefined

beforeAll(async () => {
  mkdirSync(staticDir, { recursive: true })
  writeFileSync(path.join(staticDir, 'index.html'), '<!doctype html><title>portal</title>')
  if (inject('dbKind') === 'postgres') {
    const name = `portal_crash_${process.pid}_${randomBytes(3).toString('hex')}`
    const admin = new pg.Client({ connectionString: inject('pgAdminUrl') })
    await admin.connect()
    await admin.query(`CREATE DATABASE ${ident(name)}`)
    await admin.end()
    databaseUrl = withDatabase(inject('pgAdminUrl'), name)
  }
})

afterAll(async () => {
  running?.kill('SIGKILL')
  rmSync(work, { recursive: true, force: true })
  if (databaseUrl) {
    const admin = new pg.Client({ connectionString: inject('pgAdminUrl') })
    await admin.connect()
    await admin.query(`DROP DATABASE IF EXISTS ${ident(new URL(databaseUrl).pathname.slice(1))} WITH (FORCE)`)
    await admin.end()
  }
})

async function startServer(): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      STATIC_DIR: staticDir,
      SKIP_BUILD: 'true',
      LOG_LEVEL: 'error',
      NODE_ENV: 'test',
      ARGON2_MEMORY_KIB: '8192',
      ARGON2_PASSES: '1',
      DATABASE_URL: databaseUrl ?? '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  running = child
  let output = ''
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 60_000)
    child.stdout?.on('data', (c: Buffer) => {
      output += c.toString()
      const m = /Portal ready at (http:\/\/\S+)/.exec(output)
      if (m?.[1]) {
        clearTimeout(timer)
        resolve(m[1].replace('localhost', '127.0.0.1'))
      }
    })
    child.stderr?.on('data', (c: Buffer) => {
      output += c.toString()
    })
    child.once('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`server exited with ${code}:\n${output}`))
    })
  })
  child.removeAllListeners('exit')
  return { child, url }
}

/** The operator CLI against the running server, as an operator types it. */
async function ops(...argv: string[]): Promise<string> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', 'server/ops/cli.ts', ...argv],
    {
      cwd: root,
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: databaseUrl ?? '', NODE_ENV: 'test' },
    },
  )
  return stdout.trim()
}

function stop(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve()
  const exited = new Promise<void>((r) => child.once('exit', () => r()))
  child.kill(signal)
  return exited
}

/** Seals a body for an encrypted endpoint (design.md section 2) with the server's key. */
async function sealed(base: string, payload: unknown) {
  const res = await fetch(`${base}/wps/system/publicKey`)
  const s = sealWith(successEnvelope(PublicKeySchema).parse(await res.json()).value, payload)
  return { headers: s.headers, body: JSON.stringify(s.payload) }
}

interface Sent {
  key: string
  token: string
  path: string
  body: object
  encrypted: boolean
  /** Minor units leaving the member's wallets when it succeeds. */
  debit: bigint
}

async function send(base: string, s: Sent): Promise<{ status: number; text: string }> {
  const seal = s.encrypted ? await sealed(base, s.body) : undefined
  const res = await fetch(`${base}${s.path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: s.token,
      'idempotency-key': s.key,
      ...seal?.headers,
    },
    body: seal ? seal.body : JSON.stringify(s.body),
  })
  return { status: res.status, text: await res.text() }
}

/**
 * What a request may be refused with, moving nothing: a balance too small, or a VIP level's
 * daily withdrawals used up (player01 is Silver in the demo).
 */
const refusal =
  /"errorCode":"(insufficient_balance|withdraw_daily_count_reached|withdraw_daily_limit_reached)"/

describe('a server killed during money movements', () => {
  it('restarts clean: the ledger reconciles and every key took effect once', async () => {
    let server = await startServer()
    // Transfers need one wallet per vendor (the demo brand plays from the main wallet).
    expect(await ops('wallet-mode', 'MULTI')).toBe('DEMO: wallet mode MULTI')
    const people = ['member01', 'member02', 'player01']
    const tokens = new Map<string, string>()
    const cards = new Map<string, number>()
    const before = new Map<string, bigint>()
    for (const username of people) {
      const login = await sealed(server.url, { username, password: 'lotus123' })
      const res = await fetch(`${server.url}/wps/session/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...login.headers },
        body: login.body,
      })
      const token = ((await res.json()) as { value: { token: string } }).value.token
      tokens.set(username, token)
      const setPw = await sealed(server.url, {
        loginPassword: 'lotus123',
        paymentPassword: '246810',
        confirmPaymentPassword: '246810',
      })
      await fetch(`${server.url}/wps/relay/setWithdrawPassword`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: token, ...setPw.headers },
        body: setPw.body,
      })
      const card = await sealed(server.url, {
        bankCode: 'ABA',
        accountName: username,
        accountNumber: '12345678',
        paymentPassword: '246810',
      })
      const added = await fetch(`${server.url}/wps/relay/withdrawAddCard`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: token, ...card.headers },
        body: card.body,
      })
      cards.set(username, ((await added.json()) as { value: { id: number } }).value.id)
      // What the demo gave the member before the load (welcome bonus, point-mall cash, …).
      const held = await fetch(`${server.url}/wps/v2/wallets/balance`, { headers: { authorization: token } })
      const sum = BalancesSchema.parse(((await held.json()) as { value: unknown }).value).sumBalance
      before.set(username, moneyToMinor(sum, { decimals: 2 }))
    }

    const sent: Sent[] = []
    let ok = 0
    let stopLoad = false
    /** Settles when the 40th request has succeeded: money is moving. */
    let moneyMoved: () => void = () => undefined
    const moving = new Promise<void>((r) => {
      moneyMoved = r
    })
    const client = async () => {
      while (!stopLoad) {
        const who = people[randomInt(0, people.length)] as string
        const token = tokens.get(who) as string
        const op = randomInt(0, 3)
        const minor = BigInt(randomInt(1000, 5000))
        const amount = `${minor / 100n}.${String(minor % 100n).padStart(2, '0')}`
        const s: Sent =
          op === 0
            ? {
                key: randomBytes(12).toString('hex'),
                token,
                path: '/wps/relay/GCS_walletTransfer',
                body: { fromAccountTypeId: 2, toAccountTypeId: 100 + randomInt(0, 3), amount },
                encrypted: false,
                debit: 0n,
              }
            : op === 1
              ? {
                  key: randomBytes(12).toString('hex'),
                  token,
                  path: '/wps/relay/withdraw',
                  body: { amount, cardId: cards.get(who), paymentPassword: '246810' },
                  encrypted: true,
                  debit: minor,
                }
              : {
                  key: randomBytes(12).toString('hex'),
                  token,
                  path: '/wps/relay/depositTransferGeneric',
                  body: { methodCode: 'BANK', amount, reference: 'crash test' },
                  encrypted: false,
                  debit: 0n,
                }
        sent.push(s)
        try {
          if ((await send(server.url, s)).status === 200 && ++ok === 40) moneyMoved()
        } catch {
          return // the server is gone
        }
      }
    }
    let loadEnded = false
    const load = Promise.all(Array.from({ length: 20 }, client)).finally(() => {
      loadEnded = true
    })
    // Kill it mid-flight, once money is moving.
    await Promise.race([moving, load])
    expect(loadEnded).toBe(false)
    await stop(server.child, 'SIGKILL')
    stopLoad = true
    await load

    server = await startServer()
    const withdrawn = new Map<string, bigint>()
    for (const s of sent) {
      const r = await send(server.url, s)
      if (r.status === 200) {
        const who = [...tokens].find(([, t]) => t === s.token)?.[0] ?? ''
        withdrawn.set(who, (withdrawn.get(who) ?? 0n) + s.debit)
      } else {
        expect(r.text).toMatch(refusal)
      }
    }
    // The second round must replay every answer: nothing moves again.
    const again = await Promise.all(sent.slice(0, 30).map((s) => send(server.url, s)))
    expect(again.every((r) => r.status === 200 || refusal.test(r.text))).toBe(true)
    await stop(server.child, 'SIGTERM')

    const database = await openDatabase(databaseUrl ? { databaseUrl } : { dataDir })
    try {
      const report = await reconcile(database.db)
      expect(report.balanceDrift).toEqual([])
      expect(report.ok).toBe(true)
      for (const username of people) {
        const [row] = await database.db
          .select({ total: sql<string>`coalesce(sum(${ledgerAccounts.balance}), 0)::text` })
          .from(ledgerAccounts)
          .innerJoin(members, eq(members.id, ledgerAccounts.memberId))
          .where(eq(members.username, username))
        expect({ username, total: BigInt(row?.total ?? '0') }).toEqual({
          username,
          total: (before.get(username) ?? 0n) - (withdrawn.get(username) ?? 0n),
        })
      }
    } finally {
      await database.close()
    }
  }, 180_000)
})
