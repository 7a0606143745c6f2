/**
 * The promotion area's member calls under hostile input: the apply form, the promo code, the
 * claims (one tap, register, app download, issued), the sign-up, the raffle's join, the bonus
 * forfeit, the rebate rates and the claim list. Control characters, bodies of several MB and
 * deeply nested ones, wrong types, no body, malformed JSON, ids out of range, unknown fields,
 * a missing or reused Idempotency-Key, and 20 identical requests at once each get a 4xx with
 * an errorCode of the contract that the app translates in all five languages, never a 500,
 * and write nothing: no claim, no raffle entry, no stored image, no ledger movement, no
 * turnover requirement, no idempotency key.
 */
import { setupI18n, type I18n, type Messages } from '@lingui/core'
import { count, eq } from 'drizzle-orm'
import type { LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { errorCodes, errorHttpStatus, type ErrorCode } from '#contract/error-codes'
import { locales, type Locale } from '#contract/locales'
import { promotionEndpoints as ep } from '#contract/promotions'
import { raffleEndpoints } from '#contract/raffle'
import { turnoverEndpoints } from '#contract/turnover'
import {
  deposits,
  idempotencyKeys,
  ledgerTransactions,
  promotionClaims,
  promotions,
  raffleEntries,
  turnoverRequirements,
  uploads,
} from '#server/db/schema'
import { reconcile } from '#server/money/ledger-reconcile'
import { reconcilePromotions } from '#server/promotions/reconcile'
import { errorCodeText } from '#src/lib/error-messages.ts'
import { build, runOps, type TestServer } from '../build-server'
import { failureOf, plainCall } from '../identity-helpers'
import { mainMinor, moneyMember, newKey, tinyPng, type MoneyMember } from '../money-helpers'

let server: TestServer
const ids = new Map<string, number>()
let raffleId = 0

/** The app's sentence for each code, per language, as the member would read it. */
const catalogs = new Map<Locale, I18n>()
const loaders: Record<Locale, () => Promise<{ messages: Messages }>> = {
  km: () => import('#src/locales/km/messages.po'),
  en: () => import('#src/locales/en/messages.po'),
  zh: () => import('#src/locales/zh/messages.po'),
  th: () => import('#src/locales/th/messages.po'),
  vi: () => import('#src/locales/vi/messages.po'),
}

beforeAll(async () => {
  server = await build()
  const rows = await server.db
    .select({ id: promotions.id, template: promotions.template })
    .from(promotions)
    .where(eq(promotions.merchantCode, server.config.MERCHANT_CODE))
  for (const r of rows) ids.set(r.template, r.id)
  const made = await runOps(server, 'raffle', 'create', '--ticket', '1', '--prizes', '1:5:1')
  raffleId = Number(/raffle #(\d+)/.exec(made)?.[1])
  for (const locale of locales) {
    const i18n = setupI18n()
    i18n.load(locale, (await loaders[locale]()).messages)
    i18n.activate(locale)
    catalogs.set(locale, i18n)
  }
})

afterAll(async () => {
  if (server) {
    expect((await reconcile(server.db)).ok).toBe(true)
    expect((await reconcilePromotions(server.db, server.config.MERCHANT_CODE)).ok).toBe(true)
  }
  await server?.close()
})

const idOf = (template: string) => {
  const id = ids.get(template)
  if (id === undefined) throw new Error(`no demo promotion ${template}`)
  return id
}

/** What the app shows for an unknown code: a code that lands here is not translated. */
const fallbackOf = (locale: Locale) => errorCodeText(catalogs.get(locale) ?? setupI18n(), 'internal_error')

/**
 * A refusal the member can act on: a 4xx (the code's own status), JSON without a stack, an
 * errorCode of the contract, and a sentence of its own in every language (not the generic
 * fallback, and not the English one left in another language's catalog).
 */
function expectRefusal(res: LightMyRequestResponse, what: string): ErrorCode {
  expect(res.statusCode, `${what}: ${res.body.slice(0, 300)}`).toBeGreaterThanOrEqual(400)
  expect(res.statusCode, `${what}: ${res.body.slice(0, 300)}`).toBeLessThan(500)
  expect(res.headers['content-type'], what).toMatch(/^application\/json/)
  expect(res.body, what).not.toMatch(/\n\s+at |"stack"|node_modules|\.ts:\d+/)
  const code = failureOf(res).errorCode
  expect(errorCodes, what).toContain(code)
  expect(res.statusCode, `${what}: ${code}`).toBe(errorHttpStatus[code])
  const english = errorCodeText(catalogs.get('en') ?? setupI18n(), code)
  for (const locale of locales) {
    const sentence = errorCodeText(catalogs.get(locale) ?? setupI18n(), code)
    expect(sentence, `${what}: ${code} in ${locale}`).not.toBe(fallbackOf(locale))
    if (locale !== 'en') expect(sentence, `${what}: ${code} in ${locale}`).not.toBe(english)
  }
  return code
}

/** Every row a promotion call could leave for the member. */
async function footprint(memberId: number) {
  const n = async (table: typeof promotionClaims | typeof raffleEntries | typeof uploads) =>
    (await server.db.select({ n: count() }).from(table).where(eq(table.memberId, memberId)))[0]?.n
  const rows = async (
    table: typeof ledgerTransactions | typeof turnoverRequirements | typeof idempotencyKeys,
  ) => (await server.db.select({ n: count() }).from(table).where(eq(table.memberId, memberId)))[0]?.n
  return {
    claims: await n(promotionClaims),
    raffleEntries: await n(raffleEntries),
    uploads: await n(uploads),
    movements: await rows(ledgerTransactions),
    requirements: await rows(turnoverRequirements),
    keys: await rows(idempotencyKeys),
  }
}

interface Call {
  name: string
  path: string
  /** A body the call would take (or refuse for a business reason). */
  body: () => Record<string, unknown>
  /** The body's integer id field, when it has one. */
  idField?: string
  /** The body's string field, when it has one. */
  textField?: string
  /** The text field is a text box's: line breaks are what a member types there. */
  multiLine?: boolean
}

const calls: Call[] = [
  { name: 'apply', path: ep.apply.path, idField: 'promotionId', textField: 'remark', multiLine: true },
  { name: 'claimPromoCode', path: ep.claimPromoCode.path, textField: 'code' },
  { name: 'claim', path: ep.claim.path, idField: 'promotionId' },
  { name: 'claimRegister', path: ep.claimRegister.path, idField: 'promotionId' },
  { name: 'claimAppDownload', path: ep.claimAppDownload.path, idField: 'promotionId' },
  { name: 'signUp', path: ep.signUp.path, idField: 'promotionId' },
  { name: 'claimIssued', path: ep.claimIssued.path, idField: 'claimId' },
  { name: 'raffle.join', path: raffleEndpoints.join.path, idField: 'promotionId' },
  { name: 'forfeit', path: turnoverEndpoints.forfeit.path, textField: 'amount' },
].map((c) => ({ ...c, body: () => bodyOf(c.name) }))

function bodyOf(name: string): Record<string, unknown> {
  switch (name) {
    case 'apply':
      return { promotionId: idOf('apply'), remark: 'my big win', images: [] }
    case 'claimPromoCode':
      return { code: 'LOTUS3' }
    case 'claim':
      return { promotionId: idOf('dailyLogin') }
    case 'claimRegister':
      return { promotionId: idOf('newbie') }
    case 'claimAppDownload':
      return { promotionId: idOf('appDownload'), displayMode: 'standalone' }
    case 'signUp':
      return { promotionId: idOf('signUp') }
    case 'claimIssued':
      return { claimId: 1 }
    case 'raffle.join':
      return { promotionId: raffleId }
    default:
      return { amount: '40.00' }
  }
}

function send(
  m: MoneyMember,
  path: string,
  payload: string | object | undefined,
  opts: { key?: string | null; contentType?: string } = {},
) {
  const key = opts.key === undefined ? newKey() : opts.key
  return server.app.inject({
    method: 'POST',
    url: path,
    headers: {
      authorization: m.token,
      ...(key === null ? {} : { 'idempotency-key': key }),
      ...(opts.contentType ? { 'content-type': opts.contentType } : {}),
    },
    ...(payload === undefined ? {} : { payload }),
  })
}

/** A JSON text nested `depth` arrays deep around `inner`. */
const nested = (depth: number, inner: string) => `${'['.repeat(depth)}${inner}${']'.repeat(depth)}`

/** The bad bodies every call is sent, with the code each must get. */
function badBodies(
  c: Call,
): { what: string; payload?: string | object; contentType?: string; code: ErrorCode }[] {
  const good = c.body()
  const cases: { what: string; payload?: string | object; contentType?: string; code: ErrorCode }[] = [
    { what: 'no body', code: 'request_body_required' },
    {
      what: 'an empty JSON body',
      payload: '',
      contentType: 'application/json',
      code: 'request_body_required',
    },
    {
      what: 'malformed JSON',
      payload: '{"promotionId": 1,',
      contentType: 'application/json',
      code: 'invalid_json',
    },
    { what: 'a JSON null', payload: 'null', contentType: 'application/json', code: 'validation_failed' },
    { what: 'a JSON string', payload: '"hello"', contentType: 'application/json', code: 'validation_failed' },
    { what: 'a JSON number', payload: '42', contentType: 'application/json', code: 'validation_failed' },
    {
      what: 'an array for the object',
      payload: JSON.stringify([good]),
      contentType: 'application/json',
      code: 'validation_failed',
    },
    { what: 'an empty object', payload: {}, code: 'validation_failed' },
    {
      what: 'text/plain',
      payload: JSON.stringify(good),
      contentType: 'text/plain',
      code: 'unsupported_media_type',
    },
    {
      what: 'a form body',
      payload: 'promotionId=1',
      contentType: 'application/x-www-form-urlencoded',
      code: 'unsupported_media_type',
    },
    {
      what: 'a 100,000-deep nesting',
      payload: `{"${c.idField ?? c.textField ?? 'x'}":${nested(100_000, '1')}}`,
      contentType: 'application/json',
      code: 'validation_failed',
    },
    {
      what: 'several MB of JSON',
      payload: JSON.stringify({ ...good, pad: 'x'.repeat(24 * 1024 * 1024) }),
      contentType: 'application/json',
      code: 'payload_too_large',
    },
    {
      what: 'sixty thousand unknown keys and not one the call takes',
      payload: JSON.stringify(Object.fromEntries(Array.from({ length: 60_000 }, (_, i) => [`k${i}`, i]))),
      contentType: 'application/json',
      code: 'validation_failed',
    },
  ]
  if (c.idField) {
    const id = c.idField
    for (const [what, v] of [
      ['a string id', '1'],
      ['an id with a NUL', '1\u0000'],
      ['an array id', [1]],
      ['an object id', { id: 1 }],
      ['a null id', null],
      ['a boolean id', true],
      ['a negative id', -1],
      ['a zero id', 0],
      ['a float id', 1.5],
      ['an id past int4', 2_147_483_648],
      ['an id past 2^53', 2 ** 53 + 2],
      ['an id of 1e308', 1e308],
    ] as const) {
      cases.push({ what, payload: { ...good, [id]: v }, code: 'validation_failed' })
    }
    cases.push({
      what: 'an id of 1e400 (Infinity)',
      payload: JSON.stringify(good).replace(/("promotionId"|"claimId"):\d+/, '$1:1e400'),
      contentType: 'application/json',
      code: 'validation_failed',
    })
  }
  if (c.textField) {
    const f = c.textField
    for (const [what, v] of [
      ['a NUL', 'LOTUS\u00003'],
      ['a bell', 'ok\u0007'],
      ['an escape sequence', '\u001b[31mred'],
      ['a DEL', 'ok\u007f'],
      ...(c.multiLine ? [] : ([['a newline', 'line\nbreak']] as const)),
      ['a number', 40],
      ['an array', ['ok']],
      ['a null', null],
      ['an object', { toString: 'x' }],
    ] as const) {
      cases.push({ what: `${f} with ${what}`, payload: { ...good, [f]: v }, code: 'validation_failed' })
    }
  }
  return cases
}

describe('bad bodies to every member call', () => {
  for (const c of calls) {
    it(`${c.name}: each is a translated 4xx and writes nothing`, async () => {
      const m = await moneyMember(server, '100.00')
      const before = await footprint(m.id)
      const balance = await mainMinor(server, m.token)
      for (const bad of badBodies(c)) {
        const res = await send(
          m,
          c.path,
          bad.payload,
          bad.contentType ? { contentType: bad.contentType } : {},
        )
        const code = expectRefusal(res, `${c.name}: ${bad.what}`)
        expect(code, `${c.name}: ${bad.what}`).toBe(bad.code)
      }
      // A call with no key, or a malformed one, is refused before it is read.
      for (const key of [null, 'short', 'a'.repeat(129), 'has space', 'semi;colon']) {
        const res = await send(m, c.path, c.body(), { key })
        expect(expectRefusal(res, `${c.name}: key ${String(key)}`)).toBe('idempotency_key_required')
      }
      expect(await footprint(m.id)).toEqual(before)
      expect(await mainMinor(server, m.token)).toBe(balance)
    })
  }
})

describe('the apply form', () => {
  const png = { contentType: 'image/png', data: tinyPng }
  const apply = (m: MoneyMember, body: Record<string, unknown>, key?: string) =>
    send(m, ep.apply.path, { promotionId: idOf('apply'), remark: 'ok', images: [], ...body }, { key })

  it('refuses bad images and remarks with their own codes, storing no image and no claim', async () => {
    const m = await moneyMember(server)
    const cases: [string, Record<string, unknown>, ErrorCode][] = [
      ['a remark of several MB', { remark: 'x'.repeat(3 * 1024 * 1024) }, 'validation_failed'],
      ['141 characters', { remark: 'ក'.repeat(141) }, 'remark_too_long'],
      ['a NUL in the remark', { remark: 'ok\u0000' }, 'validation_failed'],
      ['9 images', { images: Array(9).fill(png) }, 'validation_failed'],
      ['4 images', { images: Array(4).fill(png) }, 'too_many_images'],
      ['images as an object', { images: png }, 'validation_failed'],
      [
        'an image with a NUL',
        { images: [{ contentType: 'image/png', data: `${tinyPng}\u0000` }] },
        'validation_failed',
      ],
      [
        'an image that is not base64',
        { images: [{ contentType: 'image/png', data: '!!!!' }] },
        'image_invalid',
      ],
      ['an empty image', { images: [{ contentType: 'image/png', data: '' }] }, 'image_invalid'],
      ['a GIF type', { images: [{ contentType: 'image/gif', data: tinyPng }] }, 'validation_failed'],
      ['an SVG type', { images: [{ contentType: 'image/svg+xml', data: tinyPng }] }, 'validation_failed'],
      [
        'an HTML file named PNG',
        {
          images: [
            { contentType: 'image/png', data: Buffer.from('<html><script>1</script>').toString('base64') },
          ],
        },
        'image_invalid',
      ],
      [
        'a 6 MB image',
        { images: [{ contentType: 'image/png', data: Buffer.alloc(6 * 1024 * 1024, 1).toString('base64') }] },
        'validation_failed',
      ],
      [
        'a good image after a bad one',
        { images: [png, { contentType: 'image/jpeg', data: tinyPng }] },
        'image_invalid',
      ],
    ]
    for (const [what, body, code] of cases) {
      expect(expectRefusal(await apply(m, body), `apply: ${what}`), `apply: ${what}`).toBe(code)
    }
    expect(await footprint(m.id)).toMatchObject({ claims: 0, uploads: 0, keys: 0 })
  })

  it('ignores unknown fields: they cannot name another member, a status or an amount', async () => {
    const m = await moneyMember(server)
    const other = await moneyMember(server)
    // A body that tries to poison Object.prototype is refused before it is read.
    const poisoned = await send(
      m,
      ep.apply.path,
      `{"promotionId":${idOf('apply')},"remark":"x","images":[],"__proto__":{"polluted":true}}`,
      { contentType: 'application/json' },
    )
    expectRefusal(poisoned, 'apply: __proto__')
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
    const res = await apply(m, {
      memberId: other.id,
      status: 'claimed',
      amount: '999999.00',
      images: [png],
    })
    expect(res.statusCode, res.body).toBe(200)
    const [row] = await server.db.select().from(promotionClaims).where(eq(promotionClaims.memberId, m.id))
    expect(row).toMatchObject({ status: 'applying', amount: null })
    expect(await footprint(other.id)).toMatchObject({ claims: 0, uploads: 0, movements: 0 })
    expect(await mainMinor(server, m.token)).toBe(0n)
  })

  it('a remark typed on two lines in the form is taken as written', async () => {
    const m = await moneyMember(server)
    const res = await apply(m, { remark: 'Won 500 on Lucky 7\nat 21:30' })
    expect(res.statusCode, res.body).toBe(200)
    const [row] = await server.db.select().from(promotionClaims).where(eq(promotionClaims.memberId, m.id))
    expect(row?.remark).toBe('Won 500 on Lucky 7\nat 21:30')
  })

  it('20 identical forms at once: one application, one set of images', async () => {
    const m = await moneyMember(server)
    const answers = await Promise.all(Array.from({ length: 20 }, () => apply(m, { images: [png, png] })))
    const ok = answers.filter((r) => r.statusCode === 200)
    expect(ok).toHaveLength(1)
    for (const r of answers.filter((x) => x.statusCode !== 200)) {
      expect(expectRefusal(r, 'apply at once')).toBe('promotion_already_claimed')
    }
    expect(await footprint(m.id)).toMatchObject({ claims: 1, uploads: 2, keys: 1, movements: 0 })
  })

  it('a reused key with another form is refused, and the first form stays as sent', async () => {
    const m = await moneyMember(server)
    const key = newKey()
    expect((await apply(m, { remark: 'first' }, key)).statusCode).toBe(200)
    const again = await apply(m, { remark: 'second', images: [png] }, key)
    expect(expectRefusal(again, 'apply: reused key')).toBe('idempotency_key_reused')
    const rows = await server.db.select().from(promotionClaims).where(eq(promotionClaims.memberId, m.id))
    expect(rows.map((r) => r.remark)).toEqual(['first'])
    expect(await footprint(m.id)).toMatchObject({ claims: 1, uploads: 0, keys: 1 })
  })
})

describe('the promo code', () => {
  const code = (m: MoneyMember, c: unknown, key?: string) =>
    send(m, ep.claimPromoCode.path, { code: c }, { key })

  it('a code of control characters or too long is refused at the edge and does not spend a guess', async () => {
    const m = await moneyMember(server)
    // Fifteen refusals: had they counted as guesses, the sixth would be throttled.
    for (const bad of [
      '\u0000',
      'LOTUS3\u0000',
      '\u0000'.repeat(32),
      'L'.repeat(33),
      '\u202eLOTUS3'.repeat(6),
    ]) {
      for (let i = 0; i < 3; i++) {
        expect(expectRefusal(await code(m, bad), `code ${JSON.stringify(bad)}`)).toBe('validation_failed')
      }
    }
    const ok = await code(m, 'LOTUS3')
    expect(ok.statusCode, ok.body).toBe(200)
    expect(await mainMinor(server, m.token)).toBe(300n)
  })

  it('20 wrong codes at once spend at most five guesses, then the member waits', async () => {
    const m = await moneyMember(server)
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => code(m, `WRONG${i}`)))
    const codes = answers.map((r) => expectRefusal(r, 'wrong code at once'))
    expect(codes.filter((c) => c === 'promo_code_invalid')).toHaveLength(5)
    expect(codes.filter((c) => c === 'TOO_MANY_REQUESTS')).toHaveLength(15)
    expect(await footprint(m.id)).toMatchObject({ claims: 0, movements: 0, keys: 0 })
  })

  it('20 right codes at once pay once; a reused key with another code is refused', async () => {
    const m = await moneyMember(server)
    const key = newKey()
    const answers = await Promise.all(Array.from({ length: 20 }, () => code(m, 'LOTUS3')))
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1)
    for (const r of answers.filter((x) => x.statusCode !== 200)) {
      expect(expectRefusal(r, 'right code at once')).toBe('promotion_already_claimed')
    }
    expect(await mainMinor(server, m.token)).toBe(300n)
    const other = await moneyMember(server)
    expect((await code(other, 'LOTUS3', key)).statusCode).toBe(200)
    expect(expectRefusal(await code(other, 'GUESS', key), 'code: reused key')).toBe('idempotency_key_reused')
    expect(await footprint(other.id)).toMatchObject({ claims: 1, movements: 1, keys: 1 })
  })
})

describe('the claims, the sign-up and the raffle', () => {
  it('20 identical claims of each at once, with fields it does not take: one claim, one credit at its own amount', async () => {
    const m = await moneyMember(server)
    const other = await moneyMember(server)
    // Unknown fields are dropped by the contract: they name no other member and no amount.
    const extra = { memberId: other.id, amount: '99999.00', status: 'claimed', period: '' }
    for (const c of calls.filter((x) =>
      ['claim', 'claimRegister', 'claimAppDownload', 'signUp'].includes(x.name),
    )) {
      const answers = await Promise.all(
        Array.from({ length: 20 }, () => send(m, c.path, { ...c.body(), ...extra })),
      )
      expect(
        answers.filter((r) => r.statusCode === 200),
        c.name,
      ).toHaveLength(1)
      for (const r of answers.filter((x) => x.statusCode !== 200)) {
        expect(expectRefusal(r, `${c.name} at once`)).toBe('promotion_already_claimed')
      }
    }
    // The daily login (0.50), the newbie gift (5.00) and the app download (2.00); the sign-up pays later.
    expect(await mainMinor(server, m.token)).toBe(750n)
    expect(await footprint(m.id)).toMatchObject({ claims: 4, movements: 3, keys: 4 })
    expect(await footprint(other.id)).toMatchObject({ claims: 0, movements: 0, keys: 0 })
  })

  it('20 identical raffle joins at once: one entry', async () => {
    const m = await moneyMember(server)
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => send(m, raffleEndpoints.join.path, { promotionId: raffleId })),
    )
    // Joining again answers the same: each is a 200, and one entry is written.
    for (const r of answers) expect(r.statusCode, r.body).toBe(200)
    expect(await footprint(m.id)).toMatchObject({ raffleEntries: 1, movements: 0 })
  })

  it('a key reused with another promotion is refused, for another endpoint too, and claims nothing more', async () => {
    const m = await moneyMember(server)
    const key = newKey()
    expect((await send(m, ep.claim.path, { promotionId: idOf('dailyLogin') }, { key })).statusCode).toBe(200)
    const cases: [string, string, object][] = [
      ['another promotion', ep.claim.path, { promotionId: idOf('newbie') }],
      ['another endpoint', ep.claimRegister.path, { promotionId: idOf('dailyLogin') }],
      ['the sign-up', ep.signUp.path, { promotionId: idOf('signUp') }],
      ['the raffle', raffleEndpoints.join.path, { promotionId: raffleId }],
      ['the apply form', ep.apply.path, { promotionId: idOf('apply'), remark: 'x', images: [] }],
      ['an issued claim', ep.claimIssued.path, { claimId: 1 }],
      ['the forfeit', turnoverEndpoints.forfeit.path, { amount: '0.50' }],
    ]
    for (const [what, path, body] of cases) {
      expect(expectRefusal(await send(m, path, body, { key }), `reused key: ${what}`)).toBe(
        'idempotency_key_reused',
      )
    }
    expect(await footprint(m.id)).toMatchObject({ claims: 1, raffleEntries: 0, movements: 1, keys: 1 })
    expect(await mainMinor(server, m.token)).toBe(50n)
  })

  it('a deposit bonus chosen by an id out of range is refused and writes no deposit', async () => {
    const m = await moneyMember(server)
    for (const promotionId of [2_147_483_648, 0, -1, 1.5, '1']) {
      const res = await send(m, '/wps/relay/depositTransferGeneric', {
        methodCode: 'BANK',
        amount: '100',
        reference: 'Dara',
        promotionId,
      })
      expect(expectRefusal(res, `deposit bonus ${promotionId}`)).toBe('validation_failed')
    }
    const [n] = await server.db.select({ n: count() }).from(deposits).where(eq(deposits.memberId, m.id))
    expect(n?.n).toBe(0)
    expect(await footprint(m.id)).toMatchObject({ uploads: 0, movements: 0, keys: 0 })
  })

  it('an issued claim id of another member, or one out of range, claims nothing', async () => {
    const m = await moneyMember(server)
    const other = await moneyMember(server)
    await send(other, ep.apply.path, { promotionId: idOf('apply'), remark: 'x', images: [] })
    const [theirs] = await server.db
      .select()
      .from(promotionClaims)
      .where(eq(promotionClaims.memberId, other.id))
    for (const claimId of [theirs?.id ?? 1, 2_147_483_647]) {
      const res = await send(m, ep.claimIssued.path, { claimId })
      expect(expectRefusal(res, `claimIssued ${claimId}`)).toBe('promotion_nothing_to_claim')
    }
    expect(await footprint(m.id)).toMatchObject({ claims: 0, movements: 0, keys: 0 })
  })
})

describe('the reads', () => {
  it('the claim list refuses a bad query with a translated 4xx', async () => {
    const m = await moneyMember(server)
    for (const q of [
      'pageNo=0',
      'pageNo=-1',
      'pageNo=1.5',
      'pageNo=1e3',
      'pageNo=99999999999999999999',
      'pageSize=100000',
      'status=paid',
      'status=%00',
      'status=claimed&status=issued',
      'startTime=abc',
      'startTime=-1',
      'endTime=9999999999999999',
      `status=${'x'.repeat(100_000)}`,
    ]) {
      const res = await plainCall(server, 'GET', `${ep.claimList.path}?${q}`, { token: m.token })
      expect(expectRefusal(res, `claim list ?${q.slice(0, 40)}`)).toBe('validation_failed')
    }
    const ok = await plainCall(server, 'GET', `${ep.claimList.path}?unknown=%00&pageNo=1`, { token: m.token })
    expect(ok.statusCode, ok.body).toBe(200)
  })

  it('the rebate rates answer a member and refuse anyone else', async () => {
    const m = await moneyMember(server)
    const ok = await plainCall(server, 'GET', `${ep.rebateRates.path}?x=%00`, { token: m.token })
    expect(ok.statusCode, ok.body).toBe(200)
    for (const token of [undefined, 'not-a-token', `${m.token}x`]) {
      const res = await plainCall(server, 'GET', ep.rebateRates.path, token === undefined ? {} : { token })
      expectRefusal(res, `rebate rates with token ${String(token)}`)
    }
    const post = await plainCall(server, 'POST', ep.rebateRates.path, { token: m.token, body: {} })
    expectRefusal(post, 'rebate rates by POST')
  })
})
