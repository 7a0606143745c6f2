/**
 * Every endpoint of the contract, sent what a careless client or an attacker sends:
 * control characters, strings past their limit, wrong types, bodies that are not objects
 * or not JSON, broken encrypted envelopes, and malformed Idempotency-Keys, with no session
 * and with a member's session of the seeded brand. The inputs come from the contract rows
 * themselves (allEndpoints()), so a new endpoint is covered by being in the contract.
 *
 * Each request must be answered below 500, in the envelope, with a code of the contract's
 * closed enum. Every input sent to a row that takes one is checked against the row's own
 * schema to be invalid before it is sent, so nothing may be written: the tables that hold
 * money, members, sessions, cards, uploads and idempotency keys are the same after the run.
 * What a refused request may write is left out on purpose: attempt counters (throttles),
 * the audit trail of refusals, captchas issued by GET /wps/captcha (an input-less read), and
 * a session's last-seen time. The member's wallets, opened on a first read, are opened
 * before the snapshot.
 *
 * The run uses a fixed seed (FUZZ_SEED to choose another); a failure names the seed and the
 * path to replay it.
 *
 * The inputs are made in contract-fuzz-inputs.ts.
 */
import { sql } from 'drizzle-orm'
import fc from 'fast-check'
import type { LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { EndpointDef } from '#contract/endpoint'
import { allEndpoints } from '#contract/endpoints'
import { FailureSchema } from '#contract/envelope'
import { build, type TestServer } from '../build-server'
import { createMember, seal, tokenOf } from '../identity-helpers'
import { fieldsOf, idempotencyKeys, requestsFor, type Sent, setAt, skeletonOf } from './contract-fuzz-inputs'

const seed = Number(process.env.FUZZ_SEED ?? 20_261_123)
const runsPerEndpoint = 16

let server: TestServer
let memberToken = ''
let agentToken = ''

beforeAll(async () => {
  server = await build()
  await createMember(server, { username: 'fuzz0001', password: 'lotus123' })
  memberToken = await tokenOf(server, 'fuzz0001', 'lotus123')
  await createMember(server, { username: 'fuzz0002', password: 'lotus123', type: 1 })
  agentToken = await tokenOf(server, 'fuzz0002', 'lotus123')
})
afterAll(async () => {
  await server?.close()
})

/** The session a call is sent with: an agent's for the agent centre, a member's otherwise. */
function sessionFor(def: { auth: string }): string {
  return def.auth === 'agent' ? agentToken : memberToken
}
// ---- sending them --------------------------------------------------------------------------

async function send(
  def: EndpointDef,
  sent: Sent,
  token: string | undefined,
  key: string,
): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = {}
  if (token) headers.authorization = token
  if (def.idempotent && /^[\x20-\x7e]*$/.test(key)) headers['idempotency-key'] = key
  const base = { method: def.method, url: def.path, headers }
  switch (sent.kind) {
    case 'json':
      return server.app.inject({
        ...base,
        headers: { ...headers, 'content-type': 'application/json' },
        payload: JSON.stringify(sent.body),
      })
    case 'sealed': {
      const sealed = await seal(server, sent.body)
      return server.app.inject({
        ...base,
        headers: { ...headers, ...sealed.headers },
        payload: sealed.payload,
      })
    }
    case 'raw':
      return server.app.inject({
        ...base,
        headers: {
          ...headers,
          'content-type': sent.contentType,
          ...(sent.encryption !== undefined && /^[\x20-\x7e]*$/.test(sent.encryption)
            ? { encryption: sent.encryption }
            : {}),
        },
        payload: sent.payload,
      })
    case 'query':
      return server.app.inject({ ...base, query: sent.query })
    case 'none':
      return server.app.inject(base)
  }
}

function expectEnvelope(def: EndpointDef, sent: Sent, res: LightMyRequestResponse): void {
  const where = `seed ${seed}: ${def.name} ${JSON.stringify(sent).slice(0, 300)} -> ${res.statusCode} ${res.body.slice(0, 300)}`
  expect(res.statusCode, where).toBeLessThan(500)
  expect(res.headers['content-type'], where).toMatch(/^application\/json/)
  const body = res.json() as { success?: unknown }
  const inputLess = def.method === 'GET' && !def.query
  if (inputLess && body.success === true) return
  expect(res.statusCode, where).toBeGreaterThanOrEqual(400)
  expect(FailureSchema.safeParse(body).success, where).toBe(true)
}

// ---- what must not change -----------------------------------------------------------------

/** Tables (and columns) whose rows only a request that was taken may write. */
const watched: Record<string, string> = {
  members: '*',
  sessions: 'id, member_id, revoked_at, expires_at',
  ledger_accounts: '*',
  ledger_transactions: '*',
  ledger_postings: '*',
  idempotency_keys: '*',
  uploads: 'id',
  deposits: '*',
  withdrawals: '*',
  bank_cards: '*',
  fund_notices: '*',
  verification_codes: '*',
  outbox: '*',
  known_ips: '*',
  pending_logins: '*',
  social_identities: '*',
  social_flows: '*',
}

async function snapshot(): Promise<Record<string, string>> {
  const out: Record<string, string> = {}
  for (const [table, columns] of Object.entries(watched)) {
    const res = await server.db.execute(
      sql.raw(
        `select count(*)::text || ':' || coalesce(md5(string_agg(t::text, ',' order by t::text)), '') as v ` +
          `from (select ${columns} from ${table}) t`,
      ),
    )
    // PGlite and node-postgres both answer { rows }.
    out[table] = String((res as unknown as { rows: { v: unknown }[] }).rows[0]?.v)
  }
  return out
}

// ---- the runs -----------------------------------------------------------------------------

const endpoints = allEndpoints()

describe('every endpoint, sent malformed input', () => {
  let before: Record<string, string>
  beforeAll(async () => {
    // A member's wallets are opened on first read: read once before the snapshot, so the
    // run's own reads of input-less endpoints find them open.
    for (const def of endpoints.filter((d) => d.method === 'GET' && !d.query)) {
      await send(def, { kind: 'none' }, sessionFor(def), '')
    }
    before = await snapshot()
  })

  it('covers every row of the contract', () => {
    expect(endpoints.length).toBeGreaterThan(50)
  })

  for (const def of endpoints) {
    it(`${def.name} answers below 500 in the envelope, with and without a session`, async () => {
      await fc.assert(
        fc.asyncProperty(requestsFor(def), fc.boolean(), idempotencyKeys, async (sent, withSession, key) => {
          const res = await send(def, sent, withSession ? sessionFor(def) : undefined, key)
          expectEnvelope(def, sent, res)
        }),
        { seed, numRuns: runsPerEndpoint, endOnFailure: true },
      )
    })
  }

  it('refuses a control character in every string field of every endpoint, naming the field', async () => {
    for (const def of endpoints) {
      const schema = def.method !== 'GET' ? def.body : def.query
      if (!schema) continue
      const base = skeletonOf(schema)
      for (const f of fieldsOf(schema).filter((x) => x.kind === 'string')) {
        const sent: Sent =
          def.method === 'GET'
            ? {
                kind: 'query',
                query: { ...(base as Record<string, string>), [f.path[0] as string]: 'a\u0000b' },
              }
            : def.encrypted
              ? { kind: 'sealed', body: setAt(base, f.path, 'a\u0000b') }
              : def.bodyEncoding === 'form'
                ? {
                    kind: 'raw',
                    contentType: 'application/x-www-form-urlencoded',
                    payload: new URLSearchParams({
                      ...(base as Record<string, string>),
                      [f.path[0] as string]: 'a\u0000b',
                    }).toString(),
                  }
                : { kind: 'json', body: setAt(base, f.path, 'a\u0000b') }
        const res = await send(
          def,
          sent,
          def.auth === 'public' ? undefined : sessionFor(def),
          'fuzz-nul-key-01',
        )
        const where = `${def.name} ${f.path.join('.')} -> ${res.statusCode} ${res.body.slice(0, 300)}`
        expect(res.statusCode, where).toBe(400)
        const failure = FailureSchema.parse(res.json())
        expect(failure.errorCode, where).toBe('validation_failed')
        expect(
          failure.value?.fields?.some((x) => x.path === f.path.join('.')),
          where,
        ).toBe(true)
      }
    }
  })

  it('wrote nothing: money, members, sessions, cards and keys are as they were', async () => {
    const after = await snapshot()
    const changed = Object.keys(before).filter((t) => before[t] !== after[t])
    expect(changed).toEqual([])
  })
})
