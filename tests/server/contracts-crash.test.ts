/**
 * Contract settlement (decision 024) when it is killed and when it runs twice at once, over
 * 600 pairs of agents (1,200 daily-salary contracts, so a day's payments take three
 * transactions of 500):
 * - a settlement in its own process killed with SIGKILL inside its second transaction leaves
 *   the first 500 payments whole (each with its movement, the ledger and the contracts
 *   reconciling) and nothing of the second; the next run pays the other 700, and every
 *   contract's day is paid once, to the hand-worked amount;
 * - two instances, each with its own connections, settling the same two days at the same
 *   moment pay each contract's day once between them.
 * On PGlite the killed process holds the data directory (one process at a time), and the
 * test opens it after; on PostgreSQL each test has a database of its own.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { sql } from 'drizzle-orm'
import pg from 'pg'
import { afterAll, describe, expect, inject, it } from 'vitest'
import { embeddedStartParams, openDatabase, rowsOf, type Database } from '#server/plugins/external/db'
import { createFromTemplate } from '../build-server'
import { ident, withDatabase } from '../setup/server-global-setup'
import {
  expectedAmounts,
  firstDay,
  paymentsOf,
  reconciled,
  settlementOn,
  settleTime,
  writePairs,
} from './contracts-settle-setup'

const root = path.resolve(import.meta.dirname, '../..')
const pairs = 600
const chunk = 500

interface Target {
  /** Opens the database (on PGlite: takes the data directory). */
  open(): Promise<Database>
  /** How the child process finds the same database. */
  env: Record<string, string>
  drop(): Promise<void>
}

const cleanups: (() => Promise<void>)[] = []
afterAll(async () => {
  for (const c of cleanups.reverse()) await c()
})

/**
 * A seeded database of the test's own: on PGlite a data directory a child process can open
 * (`onDisk`) or one in memory; on PostgreSQL a database.
 */
async function ownDatabase(onDisk: boolean): Promise<Target> {
  if (inject('dbKind') === 'pglite' && !onDisk) {
    const client = await PGlite.create({
      startParams: embeddedStartParams,
      loadDataDir: new Blob([readFileSync(inject('pgliteSnapshot'))]),
    })
    let opened: Promise<Database> | undefined
    return {
      open: () => (opened ??= openDatabase({ pglite: client })),
      env: {},
      drop: async () => undefined,
    }
  }
  if (inject('dbKind') === 'pglite') {
    const dir = mkdtempSync(path.join(tmpdir(), 'portal-contracts-crash-'))
    mkdirSync(path.join(dir, 'pglite'))
    // The seeded snapshot every test file starts from, unpacked into a directory.
    const client = await PGlite.create(path.join(dir, 'pglite'), {
      startParams: embeddedStartParams,
      loadDataDir: new Blob([readFileSync(inject('pgliteSnapshot'))]),
    })
    await client.close()
    const target: Target = {
      open: () => openDatabase({ dataDir: dir }),
      env: { CRASH_DATA_DIR: dir },
      drop: async () => rmSync(dir, { recursive: true, force: true }),
    }
    cleanups.push(target.drop)
    return target
  }
  const admin = inject('pgAdminUrl')
  const template = inject('pgTemplate')
  const name = `${template}_c${randomBytes(4).toString('hex')}`.slice(0, 63)
  await createFromTemplate(admin, name, template)
  const url = withDatabase(admin, name)
  const target: Target = {
    open: () => openDatabase({ databaseUrl: url, poolMax: 4 }),
    env: { CRASH_DATABASE_URL: url },
    async drop() {
      const c = new pg.Client({ connectionString: admin })
      await c.connect()
      await c.query(`DROP DATABASE IF EXISTS ${ident(name)} WITH (FORCE)`)
      await c.end()
    },
  }
  cleanups.push(target.drop)
  return target
}

let running: ChildProcess | undefined
afterAll(() => {
  running?.kill('SIGKILL')
})

/** The settlement in a process of its own (tests/server/contracts-crash-child.ts). */
function settleInChild(target: Target, env: Record<string, string>): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'tests/server/contracts-crash-child.ts'], {
    cwd: root,
    env: { ...process.env, ...target.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  running = child
  return child
}

/** Resolves when the child prints a line matching `pattern`; fails if it exits first or within `ms` it has not. */
function said(child: ChildProcess, pattern: RegExp, ms: number): Promise<void> {
  let output = ''
  return new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the settlement did not say ${pattern}:\n${output}`)), ms)
    const hear = (c: Buffer) => {
      output += c.toString()
      if (pattern.test(output)) {
        clearTimeout(timer)
        child.off('exit', exited)
        resolve()
      }
    }
    const exited = (code: number | null) => {
      clearTimeout(timer)
      reject(new Error(`the settlement exited with ${code} before saying ${pattern}:\n${output}`))
    }
    child.stdout?.on('data', hear)
    child.stderr?.on('data', (c: Buffer) => {
      output += c.toString()
    })
    child.once('exit', exited)
  })
}

function kill(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve()
  const exited = new Promise<void>((r) => child.once('exit', () => r()))
  child.kill('SIGKILL')
  return exited
}

/** Each contract's day paid: how many payments per agent and day, and their amounts. */
function byAgentAndDay(rows: Awaited<ReturnType<typeof paymentsOf>>) {
  const count = new Map<string, number>()
  const amount = new Map<string, bigint>()
  for (const r of rows) {
    const key = `${r.username} ${r.periodStart}`
    count.set(key, (count.get(key) ?? 0) + 1)
    amount.set(key, r.amount)
  }
  return { count, amount }
}

/** The hand-worked table for `days` days: `<username> <day's start>` → amount. */
function expectedTable(prefix: string, days: number) {
  const out = new Map<string, bigint>()
  for (let d = 0; d < days; d++) {
    const start = new Date(firstDay.getTime() + d * 86_400_000).toISOString()
    for (const [username, amount] of expectedAmounts(prefix, pairs)) out.set(`${username} ${start}`, amount)
  }
  return out
}

const total = (m: ReadonlyMap<string, bigint>) => [...m.values()].reduce((s, v) => s + v, 0n)

describe('a settlement killed midway', () => {
  it('leaves whole transactions only; the next run pays the rest, each contract once', async () => {
    const target = await ownDatabase(true)
    let database = await target.open()
    await writePairs(database.db, { prefix: 'kc', pairs, days: 1 })
    // The embedded database is one process's at a time: the settlement's, then this one's.
    await database.close()

    const child = settleInChild(target, { CRASH_NOW: settleTime(1).toISOString(), CRASH_HOLD_CHUNK: '2' })
    await said(child, /holding chunk 2/, 45_000)
    if (inject('dbKind') === 'postgres') {
      // While the second transaction is open, only the first one's payments are there.
      const look = await target.open()
      try {
        expect((await paymentsOf(look.db, 'kc')).length).toBe(chunk)
      } finally {
        await look.close()
      }
    }
    await kill(child)

    database = await target.open()
    try {
      const want = expectedTable('kc', 1)
      // The first transaction whole, nothing of the second: each payment with its movement.
      const left = await paymentsOf(database.db, 'kc')
      expect(left.length).toBe(chunk)
      const leftTable = byAgentAndDay(left)
      expect([...leftTable.count.values()].every((n) => n === 1)).toBe(true)
      for (const [key, amount] of leftTable.amount)
        expect({ key, amount }).toEqual({ key, amount: want.get(key) })
      const afterCrash = await reconciled(database.db)
      expect(afterCrash).toMatchObject({
        ledgerOk: true,
        drift: [],
        contractsOk: true,
        mismatches: [],
        payments: chunk,
      })
      expect(afterCrash.houseBalance).toBe(-afterCrash.paid)
      // The day is not marked settled: the next run goes through it again.
      const marks = rowsOf<{ n: number }>(
        await database.db.execute(
          sql`select count(*)::int as n from contract_settlements where kind = 'dailySalary'`,
        ),
      )
      expect(marks[0]?.n).toBe(0)

      const again = await settlementOn(database.db, () => settleTime(1)).settleDue(['dailySalary'])
      expect(again.map((p) => [p.period.start.toISOString(), p.written])).toEqual([
        [firstDay.toISOString(), 2 * pairs - chunk],
      ])

      const paid = byAgentAndDay(await paymentsOf(database.db, 'kc'))
      expect(paid.count.size).toBe(2 * pairs)
      expect([...paid.count.entries()].filter(([, n]) => n !== 1)).toEqual([])
      expect(paid.amount).toEqual(want)
      const end = await reconciled(database.db)
      expect(end).toMatchObject({
        ledgerOk: true,
        drift: [],
        contractsOk: true,
        mismatches: [],
        payments: 2 * pairs,
      })
      // The house paid each top agent's own contract on its whole team, once.
      expect(end.paid).toBe(total(want))
      expect(end.houseBalance).toBe(-total(want))
    } finally {
      await database.close()
    }
  }, 90_000)
})

describe('two instances settling at the same moment', () => {
  it('pay each contract and day once between them', async () => {
    const target = await ownDatabase(false)
    const first = await target.open()
    // PostgreSQL: a second instance with its own pool. PGlite is one process's only, so
    // there both services share its one connection, as two app instances cannot.
    const second = inject('dbKind') === 'postgres' ? await target.open() : first
    try {
      await writePairs(first.db, { prefix: 'ti', pairs, days: 2 })
      const at = settleTime(2)
      const [a, b] = await Promise.all([
        settlementOn(first.db, () => at).settleDue(['dailySalary']),
        settlementOn(second.db, () => at).settleDue(['dailySalary']),
      ])
      const written = [...(a ?? []), ...(b ?? [])].reduce((s, p) => s + p.written, 0)
      expect(written).toBe(2 * 2 * pairs)

      const want = expectedTable('ti', 2)
      const paid = byAgentAndDay(await paymentsOf(first.db, 'ti'))
      expect([...paid.count.entries()].filter(([, n]) => n !== 1)).toEqual([])
      expect(paid.amount).toEqual(want)
      const marks = rowsOf<{ period_start: Date | string }>(
        await first.db.execute(sql`
          select period_start from contract_settlements where kind = 'dailySalary' order by period_start`),
      )
      expect(marks.map((r) => new Date(r.period_start).toISOString())).toEqual([
        firstDay.toISOString(),
        new Date(firstDay.getTime() + 86_400_000).toISOString(),
      ])
      const end = await reconciled(first.db)
      expect(end).toMatchObject({
        ledgerOk: true,
        drift: [],
        contractsOk: true,
        mismatches: [],
        payments: 4 * pairs,
      })
      expect(end.houseBalance).toBe(-total(want))
    } finally {
      if (second !== first) await second.close()
      await first.close()
    }
  }, 90_000)
})
