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
 */
import { allEndpoints } from '#contract/endpoints'
import type { EndpointDef } from '#contract/endpoint'
import { FailureSchema } from '#contract/envelope'
import { sql } from 'drizzle-orm'
import fc from 'fast-check'
import type { LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { build, type TestServer } from '../build-server'
import { createMember, seal, tokenOf } from '../identity-helpers'

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

// ---- the contract's schemas, read as data -------------------------------------------------

interface Def {
  type: string
  [k: string]: unknown
}
type Schema = EndpointDef['response']

function defOf(s: unknown): Def {
  return (s as { _zod: { def: Def } })._zod.def
}

interface Field {
  path: string[]
  kind: 'string' | 'number' | 'boolean' | 'choice' | 'other'
  /** The string's longest allowed length, when it has one. */
  max?: number
  nullable: boolean
}

/** The leaves of an input schema that a request can get wrong, with their paths. */
function fieldsOf(s: unknown, path: string[] = [], nullable = false, out: Field[] = []): Field[] {
  const d = defOf(s)
  switch (d.type) {
    case 'object':
      for (const [k, v] of Object.entries(d.shape as Record<string, unknown>))
        fieldsOf(v, [...path, k], false, out)
      break
    case 'optional':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'nonoptional':
      fieldsOf(d.innerType, path, nullable, out)
      break
    case 'nullable':
      fieldsOf(d.innerType, path, true, out)
      break
    case 'pipe':
      fieldsOf(d.in, path, nullable, out)
      break
    case 'string': {
      const checks = (d.checks ?? []) as { _zod: { def: { check: string; maximum?: number } } }[]
      const max = checks.find((c) => c._zod.def.check === 'max_length')?._zod.def.maximum
      out.push({ path, kind: 'string', nullable, ...(max === undefined ? {} : { max }) })
      break
    }
    case 'number':
    case 'int':
      out.push({ path, kind: 'number', nullable })
      break
    case 'boolean':
      out.push({ path, kind: 'boolean', nullable })
      break
    case 'enum':
    case 'literal':
      out.push({ path, kind: 'choice', nullable })
      break
    default:
      out.push({ path, kind: 'other', nullable })
  }
  return out
}

/** A value of the schema's shape that is as close to valid as a blind guess gets. */
function skeletonOf(s: unknown): unknown {
  const d = defOf(s)
  switch (d.type) {
    case 'object':
      return Object.fromEntries(
        Object.entries(d.shape as Record<string, unknown>).map(([k, v]) => [k, skeletonOf(v)]),
      )
    case 'optional':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'nonoptional':
    case 'nullable':
      return skeletonOf(d.innerType)
    case 'pipe':
      return skeletonOf(d.in)
    case 'union':
      return skeletonOf((d.options as unknown[])[0])
    case 'string':
      return ['a', '1', 'B', 'a@example.com'].find((c) => (s as Schema).safeParse(c).success) ?? 'a'
    case 'number':
    case 'int':
      return 1
    case 'boolean':
      return true
    case 'enum':
      return Object.values(d.entries as Record<string, unknown>)[0]
    case 'literal':
      return (d.values as unknown[])[0]
    case 'array':
      return []
    default:
      return null
  }
}

function setAt(value: unknown, path: string[], leaf: unknown): unknown {
  if (path.length === 0) return leaf
  const [head, ...rest] = path as [string, ...string[]]
  const obj = value && typeof value === 'object' && !Array.isArray(value) ? value : {}
  return { ...obj, [head]: setAt((obj as Record<string, unknown>)[head], rest, leaf) }
}

// ---- what goes wrong ----------------------------------------------------------------------

const controls = ['\u0000', '\u0001', '\u0007', '\b', '\t', '\n', '\r', '\u001b', '\u001f', '\u007f']
const withControl = fc
  .tuple(fc.string({ maxLength: 6 }), fc.constantFrom(...controls), fc.string({ maxLength: 6 }))
  .map(([a, c, b]) => `${a}${c}${b}`)
const oversized = (max: number) =>
  fc
    .tuple(fc.integer({ min: 1, max: 300 }), fc.constantFrom('x', '9', 'é', '😀'))
    .map(([n, c]) => c.repeat(max + n))
const notAString = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant([]),
  fc.constant({}),
  fc.array(fc.string(), { minLength: 1, maxLength: 3 }),
)
const notANumber = fc.oneof(
  fc.constantFrom('1', 'abc', '', '1e400', 'NaN', '0x10'),
  fc.constant(1e300),
  fc.constant(-0.5),
  fc.boolean(),
  fc.constant([1]),
  fc.constant({ n: 1 }),
)
const anything = fc.oneof(
  withControl,
  fc.integer(),
  fc.boolean(),
  fc.constant([]),
  fc.constant({}),
  fc.constant('zz'),
)

/** A wrong value for one field. */
function wrongFor(f: Field): fc.Arbitrary<unknown> {
  // Control characters are the likeliest way through to the database: weigh them up.
  const options: fc.Arbitrary<unknown>[] = [withControl, withControl, withControl]
  if (f.kind === 'string') {
    options.push(notAString)
    if (f.max !== undefined && f.max <= 4096) options.push(oversized(f.max))
  } else if (f.kind === 'number') options.push(notANumber)
  else if (f.kind === 'boolean') options.push(fc.constantFrom('true', 1, 'yes', []))
  else options.push(anything)
  if (!f.nullable) options.push(fc.constant(null))
  return fc.oneof(...options)
}

/** One field of the skeleton made wrong, or a few at once. */
function brokenObject(schema: Schema): fc.Arbitrary<unknown> {
  const fields = fieldsOf(schema)
  const base = skeletonOf(schema)
  const wholeWrong = fc.oneof(
    fc.constant(null),
    fc.constant([]),
    fc.array(fc.integer(), { minLength: 1, maxLength: 3 }),
    fc.integer(),
    fc.string({ maxLength: 8 }),
    fc.constant(true),
  )
  if (fields.length === 0) return wholeWrong
  const oneField = fc.integer({ min: 0, max: fields.length - 1 }).chain((i) => {
    const f = fields[i] as Field
    return wrongFor(f).map((v) => setAt(base, f.path, v))
  })
  if (fields.length < 2)
    return fc.oneof({ arbitrary: oneField, weight: 5 }, { arbitrary: wholeWrong, weight: 1 })
  const manyFields = fc
    .subarray(fields, { minLength: 2 })
    .chain((fs) => fc.tuple(...fs.map((f) => wrongFor(f).map((v) => [f, v] as const))))
    .map((pairs) => pairs.reduce<unknown>((acc, [f, v]) => setAt(acc, f.path, v), base))
  return fc.oneof(
    { arbitrary: oneField, weight: 5 },
    { arbitrary: manyFields, weight: 2 },
    { arbitrary: wholeWrong, weight: 1 },
  )
}

// eslint-disable-next-line no-control-regex -- the pattern exists to name control characters
const controlCharacter = /[\u0000-\u001f\u007f]/

/**
 * Whether the contract refuses an input: its schema fails it, or a string in it carries a
 * control character (which the contract refuses in every request field; the run sends
 * those even where a schema would let them through, to find where one does).
 */
function refused(schema: Schema, input: unknown): boolean {
  return !schema.safeParse(input).success || hasControl(input)
}

function hasControl(v: unknown): boolean {
  if (typeof v === 'string') return controlCharacter.test(v)
  if (v && typeof v === 'object') return Object.values(v).some(hasControl)
  return false
}

/** A query string that its row's schema refuses (values as Fastify parses them). */
function brokenQuery(schema: Schema): fc.Arbitrary<Record<string, string | string[]>> {
  const fields = fieldsOf(schema).filter((f) => f.path.length === 1)
  const valueOf = (f: Field): fc.Arbitrary<string | string[]> => {
    const options: fc.Arbitrary<string | string[]>[] = [withControl, fc.constant(['1', '2'])]
    if (f.max !== undefined) options.push(oversized(f.max))
    if (f.kind !== 'string' || f.max === undefined)
      options.push(fc.constantFrom('abc', '-1', '1e99', '9'.repeat(40), ''))
    return fc.oneof(...options)
  }
  return fc
    .subarray(fields, { minLength: 1 })
    .chain((fs) => fc.tuple(...fs.map((f) => valueOf(f).map((v) => [f.path[0] as string, v] as const))))
    .map((pairs) => Object.fromEntries(pairs))
    .filter((q) => refused(schema, q))
}

type Sent =
  | { kind: 'json'; body: unknown }
  | { kind: 'sealed'; body: unknown }
  | { kind: 'raw'; contentType: string; payload: string; encryption?: string }
  | { kind: 'query'; query: Record<string, string | string[]> }
  | { kind: 'none' }

const brokenText = fc.constantFrom('{"a":', '[1,2', 'nul', '{"a":1}}', '\u0000', '{"__proto__":{"x":1}}x')

/** Malformed requests for one row; every body or query its schema would take is left out. */
function requestsFor(def: EndpointDef): fc.Arbitrary<Sent> {
  const families: fc.Arbitrary<Sent>[] = []
  // A GET has no body to break; every other method gets bodies that are not JSON, or not
  // of a type it reads.
  if (def.method !== 'GET') {
    families.push(brokenText.map((payload) => ({ kind: 'raw', contentType: 'application/json', payload })))
    families.push(
      fc
        .constantFrom('text/plain', 'application/xml', 'multipart/form-data; boundary=x')
        .map((contentType) => ({
          kind: 'raw',
          contentType,
          payload: '{"a":1}',
        })),
    )
    if (def.bodyEncoding !== 'form') {
      families.push(
        fc.constant({ kind: 'raw', contentType: 'application/x-www-form-urlencoded', payload: 'a=1' }),
      )
    }
  }
  if (def.method !== 'GET' && def.body) {
    const body = def.body
    const invalid = brokenObject(body).filter((v) => refused(body, v))
    // Bodies of the row's own shape get furthest into the server: most runs send one.
    const shaped = invalid.map((b): Sent => ({ kind: def.encrypted ? 'sealed' : 'json', body: b }))
    families.push(shaped, shaped, shaped, shaped)
    if (def.encrypted) families.push(invalid.map((b) => ({ kind: 'json', body: b })))
    if (def.encrypted) {
      families.push(
        fc.tuple(fc.string({ maxLength: 40 }), fc.string({ maxLength: 80 })).map(([encryption, value]) => ({
          kind: 'raw',
          contentType: 'application/json',
          payload: JSON.stringify({ value }),
          encryption,
        })),
      )
    }
  }
  if (def.query) {
    const q = brokenQuery(def.query).map((query): Sent => ({ kind: 'query', query }))
    families.push(q, q, q)
  }
  if (def.method === 'GET' && !def.query) {
    // A read that takes nothing: junk in the query must not break it either.
    families.push(fc.constant({ kind: 'none' }))
    families.push(
      fc
        .dictionary(fc.string({ minLength: 1, maxLength: 6 }), withControl, { maxKeys: 3 })
        .map((query) => ({ kind: 'query', query })),
    )
  }
  return fc.oneof(...families)
}

const idempotencyKeys = fc.oneof(
  fc.constant('fuzz-key-0001'),
  fc.constantFrom('short', 'bad key with spaces', 'x'.repeat(200), 'key\u0001control'),
)

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
