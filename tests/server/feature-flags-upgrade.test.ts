/**
 * A brand made before the agent centre: migration 0028 gives it the agent centre's flags,
 * off, and the operator can switch on any flag the contract knows even when the brand was
 * made without its row.
 */
import { readFileSync } from 'node:fs'
import { and, eq, inArray, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { successEnvelope } from '#contract/envelope'
import { featureFlags, isFlagEnabled, systemEndpoints, type FeatureFlag } from '#contract/system'
import { operatorActions, whitelabelNodes } from '#server/db/schema'
import { demoWhitelabel, demoWhitelabelAdditions } from '#server/db/seed-data'
import { build, runOps, type TestServer } from '../build-server'

let server: TestServer
let merchant: string

const agentFlags = ['AGENTRANSMULTDOWN3', 'AGENTANNOUNCE3', 'RTSALARY3'] as const

async function rowsOf(modIds: readonly string[]) {
  return server.db
    .select({
      modId: whitelabelNodes.modId,
      parent: whitelabelNodes.parentModId,
      on: whitelabelNodes.enabled,
    })
    .from(whitelabelNodes)
    .where(and(eq(whitelabelNodes.merchantCode, merchant), inArray(whitelabelNodes.modId, [...modIds])))
    .orderBy(whitelabelNodes.modId)
}

async function drop(modIds: readonly string[]) {
  await server.db
    .delete(whitelabelNodes)
    .where(and(eq(whitelabelNodes.merchantCode, merchant), inArray(whitelabelNodes.modId, [...modIds])))
}

/** The flags as the PWA reads them. */
async function tree() {
  const res = await server.app.inject({ method: 'GET', url: systemEndpoints.whitelabel.path })
  expect(res.statusCode, res.body).toBe(200)
  return successEnvelope(systemEndpoints.whitelabel.response).parse(res.json()).value.childrenNodes
}

beforeAll(async () => {
  server = await build()
  merchant = server.config.MERCHANT_CODE
})
afterAll(() => server.close())

describe('a brand made before the agent centre', () => {
  it('gets the agent centre flags, off, from migration 0028, and keeps the rows it had', async () => {
    await drop(agentFlags)
    // The brand's other flags as they were; one of the three kept on.
    await server.db.insert(whitelabelNodes).values({
      merchantCode: merchant,
      modId: 'AGENTANNOUNCE3',
      parentModId: 'AGEPAG',
      enabled: true,
      sort: 5,
    })
    const migration = readFileSync('server/db/migrations/0028_agent_flags.sql', 'utf8')
    for (const statement of migration.split('--> statement-breakpoint')) {
      await server.db.execute(sql.raw(statement))
    }
    server.services.settingsChanged()
    expect(await rowsOf(agentFlags)).toEqual([
      { modId: 'AGENTANNOUNCE3', parent: 'AGEPAG', on: true },
      { modId: 'AGENTRANSMULTDOWN3', parent: 'AGEPAG', on: false },
      { modId: 'RTSALARY3', parent: 'AGEPAG', on: false },
    ])
    const flags = await tree()
    expect(isFlagEnabled(flags, 'AGENTRANSMULTDOWN3')).toBe(false)
    expect(isFlagEnabled(flags, 'AGENTANNOUNCE3')).toBe(true)

    expect(await runOps(server, 'flag', 'set', 'AGENTRANSMULTDOWN3', 'on')).toBe('AGENTRANSMULTDOWN3 on')
    expect(isFlagEnabled(await tree(), 'AGENTRANSMULTDOWN3')).toBe(true)
  })
})

describe('flag set', () => {
  const seeded = new Map([...demoWhitelabel, ...demoWhitelabelAdditions].map(([m, , on]) => [m, on]))

  it('adds, under its parent, any flag the contract knows that the brand lacks', async () => {
    const flags = Object.keys(featureFlags) as FeatureFlag[]
    for (const flag of flags) {
      await drop([flag])
      expect(await runOps(server, 'flag', 'set', flag, 'on')).toBe(`${flag} on (added)`)
      expect(await rowsOf([flag])).toEqual([{ modId: flag, parent: featureFlags[flag], on: true }])
      // Back as the seed had it, so later flags' parents are as seeded.
      await runOps(server, 'flag', 'set', flag, seeded.get(flag) === false ? 'off' : 'on')
    }
    const [audit] = await server.db
      .select({ words: operatorActions.words, before: operatorActions.before, after: operatorActions.after })
      .from(operatorActions)
      .where(eq(operatorActions.target, 'flag enableCt'))
    expect(audit).toMatchObject({ before: null, after: { enabled: true } })
  })

  it('adds a missing parent off, so switching a flag on switches nothing else on', async () => {
    await drop(['AGEPAG', 'AGENTRANSMULTDOWN3'])
    expect(await runOps(server, 'flag', 'set', 'AGENTRANSMULTDOWN3', 'on')).toBe(
      'AGENTRANSMULTDOWN3 on (added, with AGEPAG off)',
    )
    expect(await rowsOf(['AGEPAG', 'AGENTRANSMULTDOWN3'])).toEqual([
      { modId: 'AGENTRANSMULTDOWN3', parent: 'AGEPAG', on: true },
      { modId: 'AGEPAG', parent: null, on: false },
    ])
    expect(isFlagEnabled(await tree(), 'AGENTRANSMULTDOWN3')).toBe(false)
    await runOps(server, 'flag', 'set', 'AGEPAG', 'on')
    expect(isFlagEnabled(await tree(), 'AGENTRANSMULTDOWN3')).toBe(true)
  })

  it('still refuses a flag nobody knows, and writes nothing', async () => {
    await expect(runOps(server, 'flag', 'set', 'NOSUCHFLAG3', 'on')).rejects.toThrow(/no flag NOSUCHFLAG3/)
    expect(await rowsOf(['NOSUCHFLAG3'])).toEqual([])
  })
})
