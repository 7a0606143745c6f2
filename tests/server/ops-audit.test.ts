import { eq } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import * as s from '#server/db/schema'
import { runCommand } from '#server/ops/commands'
import { operatorOf } from '#server/ops/operator'
import { OpsError } from '#server/ops/ops-error'
import { startOpsServer } from '#server/ops/ops-server'
import { build, resetAccessToSeed, runOps, type TestServer } from '../build-server'

let server: TestServer

beforeAll(async () => {
  server = await build()
})
afterAll(async () => {
  await server?.close()
})
afterEach(() => resetAccessToSeed(server))

async function trail() {
  return server.db.select().from(s.operatorActions).orderBy(s.operatorActions.id)
}

/** Runs a command as `operator` (null: none named), as the CLI does in this process. */
function runAs(operator: string | null, ...argv: string[]) {
  return runCommand(
    {
      db: server.db,
      merchantCode: server.config.MERCHANT_CODE,
      invalidate: () => server.services.settingsChanged(),
      hashPassword: (password) => server.services.passwords.hash(password),
      notices: server.services.push,
      operator,
    },
    argv,
  )
}

describe('the operator audit trail', () => {
  it('writes one row per command that changes something: who, the words, the target, before and after', async () => {
    const before = (await trail()).length
    await runAs('alice', 'maintenance', 'on', 'Back', 'at', 'noon')
    const rows = (await trail()).slice(before)
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({
      merchantCode: 'DEMO',
      operator: 'alice',
      action: 'maintenance on',
      words: ['maintenance', 'on', 'Back', 'at', 'noon'],
      target: 'access settings of DEMO',
      before: { maintenance: false, maintenanceMessage: null },
      after: { maintenance: true, maintenanceMessage: 'Back at noon' },
    })
  })

  it('a command that only reads writes no row and needs no operator', async () => {
    const before = (await trail()).length
    await runAs(null, 'status')
    await runAs(null, 'region', 'list')
    await runAs(null, 'deposits', 'list')
    await runAs(null, 'audit')
    expect(await trail()).toHaveLength(before)
  })

  it('refuses a change without a named operator, and does nothing', async () => {
    const before = (await trail()).length
    await expect(runAs(null, 'maintenance', 'on')).rejects.toThrow(/--as <name> or OPERATOR=<name>/)
    const [row] = await server.db
      .select()
      .from(s.accessSettings)
      .where(eq(s.accessSettings.merchantCode, 'DEMO'))
    expect(row?.maintenance).toBe(false)
    expect(await trail()).toHaveLength(before)
  })

  it('a command that fails after its first write leaves neither its effect nor a row', async () => {
    const before = (await trail()).length
    // Blocks the address, then fails on the flag: one transaction, so the block goes too.
    await expect(runAs('alice', 'flag', 'set', 'NOSUCHFLAG', 'on')).rejects.toBeInstanceOf(OpsError)
    await expect(runAs('alice', 'adjust', 'member01', '-99999999', 'too', 'much')).rejects.toThrow(
      /balance is not enough/,
    )
    expect(await trail()).toHaveLength(before)
  })

  it('every kind of change is recorded once, under its action', async () => {
    const lines = [
      ['region', 'block', 'VN'],
      ['region', 'unblock', 'VN'],
      ['ip', 'block', '203.0.113.9', 'scraper'],
      ['ip', 'unblock', '203.0.113.9'],
      ['flag', 'set', 'CAPTCHA3', 'off'],
      ['flag', 'set', 'CAPTCHA3', 'on'],
      ['login', 'reset-ip', '203.0.113.9'],
      ['maintenance', 'off'],
      ['bonus', 'member01', '1', 'audit', 'test'],
      ['adjust', 'member01', '-1', 'audit', 'test'],
    ]
    for (const words of lines) {
      const before = (await trail()).length
      await runAs('bob', ...words)
      const rows = (await trail()).slice(before)
      expect(rows.map((r) => [r.operator, r.action])).toEqual([['bob', words.slice(0, 2).join(' ')]])
    }
  })

  it('a money command names the member and what it did', async () => {
    const before = (await trail()).length
    await runAs('frank', 'bonus', 'member01', '2.50', 'Weekend', 'bonus')
    await runAs('frank', 'adjust', 'member01', '-2.50', 'bonus', 'given', 'twice')
    const [bonus, adjust] = (await trail()).slice(before)
    expect(bonus).toMatchObject({ target: 'member member01', after: { bonus: '2.50 USD' } })
    expect(adjust).toMatchObject({ target: 'member member01', after: { adjustment: '-2.50 USD' } })
    expect(adjust?.after).toHaveProperty('mainWallet', expect.stringMatching(/ USD$/))
  })

  it('`audit` lists the trail newest first, and pages back from a row', async () => {
    await runAs('carol', 'region', 'block', 'TH')
    await runAs('dave', 'region', 'unblock', 'TH')
    const out = await runOps(server, 'audit', '2')
    const [first, second] = out.split('\n').filter((l) => l.startsWith('#'))
    expect(first).toMatch(/^#\d+ \S+Z dave: region unblock TH$/)
    expect(second).toMatch(/^#\d+ \S+Z carol: region block TH$/)
    const newest = Number(/^#(\d+)/.exec(first ?? '')?.[1])
    const older = await runOps(server, 'audit', '1', 'before', String(newest))
    expect(older).toMatch(/carol: region block TH/)
    for (const bad of [
      ['0'],
      ['501'],
      ['x'],
      ['2', 'after', '3'],
      ['2', 'before'],
      ['2', 'before', '3', 'x'],
    ]) {
      await expect(runOps(server, 'audit', ...bad)).rejects.toThrow(
        /^audit( \d+)?( before)?(:| \d+ takes no more words)/,
      )
    }
  })

  it('through the running server: the operator the CLI names is the one recorded', async () => {
    const ops = await startOpsServer(server.services, 'DEMO', 0)
    try {
      const before = (await trail()).length
      const run = (body: unknown) =>
        ops.app.inject({
          method: 'POST',
          url: '/ops/run',
          headers: { 'x-ops-token': ops.token },
          payload: body as Record<string, unknown>,
        })
      const ok = await run({ argv: ['region', 'block', 'LA'], operator: 'erin' })
      expect(ok.json()).toMatchObject({ ok: true })
      const refused = await run({ argv: ['region', 'block', 'MM'] })
      expect(refused.statusCode).toBe(422)
      expect(refused.json().output).toMatch(/--as <name>/)
      const bad = await run({ argv: ['region', 'block', 'MM'], operator: 'a b' })
      expect(bad.statusCode).toBe(400)
      const rows = (await trail()).slice(before)
      expect(rows.map((r) => [r.operator, r.action, r.words])).toEqual([
        ['erin', 'region block', ['region', 'block', 'LA']],
      ])
    } finally {
      await ops.app.close()
    }
  })
})

describe('who the operator is', () => {
  it('takes --as from anywhere on the line, before OPERATOR', () => {
    expect(operatorOf(['maintenance', '--as', 'alice', 'on'], { OPERATOR: 'bob' }, true)).toEqual({
      argv: ['maintenance', 'on'],
      operator: 'alice',
    })
    expect(operatorOf(['status'], { OPERATOR: 'bob@brand.example' }, true)).toEqual({
      argv: ['status'],
      operator: 'bob@brand.example',
    })
  })

  it('has none in production when none is named; elsewhere the machine user', () => {
    expect(operatorOf(['status'], {}, true).operator).toBeNull()
    expect(operatorOf(['status'], {}, false).operator).toEqual(expect.any(String))
  })

  it('refuses a name that is missing or not a name, in one line', () => {
    expect(() => operatorOf(['maintenance', 'on', '--as'], {}, false)).toThrow(/--as needs the operator/)
    expect(() => operatorOf(['maintenance', '--as', '--x'], {}, false)).toThrow(/--as needs the operator/)
    expect(() => operatorOf(['status', '--as', 'a b'], {}, false)).toThrow(/^--as: an operator name is/)
    expect(() => operatorOf(['status'], { OPERATOR: 'x'.repeat(65) }, false)).toThrow(
      /^OPERATOR: an operator name/,
    )
  })
})
