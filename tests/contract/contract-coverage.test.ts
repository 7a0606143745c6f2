/**
 * The endpoint table is the single description of the API: every row must be served by
 * the built app, answer a minimal valid call with a body its own response schema accepts,
 * and the table itself must be consistent.
 */
import {
  constants,
  createCipheriv,
  createHash,
  createHmac,
  createPublicKey,
  publicEncrypt,
  randomBytes,
} from 'node:crypto'
import { base32 } from '@otplib/plugin-base32-scure'
import { crypto } from '@otplib/plugin-crypto-node'
import { generate } from '@otplib/totp'
import { desc, eq, isNull, like } from 'drizzle-orm'
import type { InjectOptions } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod/mini'
import { deviceCookie } from '#contract/devices'
import { defineEndpoint, type EndpointDef } from '#contract/endpoint'
import { allEndpoints, endpoints } from '#contract/endpoints'
import { FailureSchema, successEnvelope } from '#contract/envelope'
import { errorCodes } from '#contract/error-codes'
import { PublicKeySchema } from '#contract/system'
import {
  bankCards,
  captchas,
  deviceSessions,
  members,
  missions,
  outbox,
  promotionClaims,
  promotions,
  throttles,
  withdrawals,
} from '#server/db/schema'
import { demoHouseTerms } from '#server/db/seed-agent-contracts'
import { registerEndpoint } from '#server/http/contract-routes'
import { writeVersion } from '#server/loyalty/points/point-config'
import { build, runOps, type TestServer } from '../build-server'
import { fakeVendor } from '../fake-vendor'
import { createMember } from '../identity-helpers'
import { tinyPng } from '../money-helpers'
import { minimalInputs } from './minimal-inputs'

/** A fresh session of a seeded demo account, for endpoints that need one. */
/** A login with "Stay signed in": the session and the device cookie's value. */
async function rememberedOf(username: string): Promise<{ token: string; cookie: string }> {
  const login = await server.app.inject({
    method: 'POST',
    url: '/wps/session/login',
    ...(await sealedBody({ username, password: 'lotus123', rememberDevice: true })),
  })
  expect(login.statusCode, login.body).toBe(200)
  const cookie = login.cookies.find((c) => c.name === deviceCookie)?.value ?? ''
  return { token: (login.json() as { value: { token: string } }).value.token, cookie }
}

async function sessionOf(username: string): Promise<string> {
  const login = await server.app.inject({
    method: 'POST',
    url: '/wps/session/login',
    ...(await sealedBody({ username, password: 'lotus123' })),
  })
  expect(login.statusCode, login.body).toBe(200)
  return (login.json() as { value: { token: string } }).value.token
}

let pendingVerifyToken: string | undefined
let authenticatorSecret: string | undefined

/** The code an authenticator app shows for a secret, `steps` time steps from now. */
function totpCode(secret: string, steps: number): Promise<string> {
  return generate({ secret, crypto, base32, epoch: Math.floor(Date.now() / 1000) + steps * 30 })
}

/** The six-digit code in the newest message the outbox holds for a destination. */
async function lastCodeTo(destination: string): Promise<string> {
  const [m] = await server.db
    .select()
    .from(outbox)
    .where(eq(outbox.destination, destination))
    .orderBy(desc(outbox.id))
    .limit(1)
  return /\d{6}/.exec(m?.body ?? '')?.[0] ?? ''
}

/** A solved captcha: its cookie, and the answer read from the database. */
async function solvedCaptcha(): Promise<{ cookie: string; answer: string }> {
  // Captchas are rationed per address, and the calls before this one may have used the
  // ration: lift it, as minimalRequest lifts the codes' once-a-minute wait.
  await server.db.delete(throttles).where(like(throttles.key, 'captcha:%'))
  const res = await server.app.inject({ method: 'GET', url: '/wps/captcha' })
  expect(res.statusCode, res.body).toBe(200)
  const cookie = res.cookies.find((c) => c.name === 'portal_captcha')
  if (!cookie) throw new Error('no captcha cookie')
  const [row] = await server.db.select().from(captchas).where(eq(captchas.id, cookie.value))
  return { cookie: `portal_captcha=${cookie.value}`, answer: row?.answer ?? '' }
}

/** A response outside its schema: the app must refuse to send it. */
const liar = defineEndpoint({
  name: 'test.liar',
  method: 'GET',
  path: '/wps/test/liar',
  auth: 'public',
  encrypted: false,
  alwaysAvailable: true,
  response: z.object({ count: z.int() }),
  errors: [],
})

/** A response with a field the schema does not name. */
const chatty = defineEndpoint({
  name: 'test.chatty',
  method: 'GET',
  path: '/wps/test/chatty',
  auth: 'public',
  encrypted: false,
  alwaysAvailable: true,
  response: z.object({ count: z.int() }),
  errors: [],
})

let server: TestServer

/** Telegram sign-in needs no network, so it stands for the social rows. */
const telegramBot = { TELEGRAM_BOT_TOKEN: '7000001:contract', TELEGRAM_BOT_USERNAME: 'contract_bot' }

beforeAll(async () => {
  server = await build({
    config: telegramBot,
    vendorAdapters: [{ adapter: fakeVendor() }],
    extend(app, deps) {
      registerEndpoint(app, liar, async () => ({ count: 'three' }) as unknown as { count: number }, deps)
      registerEndpoint(
        app,
        chatty,
        async () => ({ count: 3, passwordHash: 'must-not-leave' }) as unknown as { count: number },
        deps,
      )
    },
  })
})
afterAll(async () => {
  await server?.close()
})

async function sealedBody(payload: unknown): Promise<{ headers: Record<string, string>; payload: object }> {
  const res = await server.app.inject({ method: 'GET', url: endpoints.system.publicKey.path })
  const pk = successEnvelope(PublicKeySchema).parse(res.json()).value
  const aesKey = randomBytes(32)
  const iv = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', aesKey, iv)
  const ct = Buffer.concat([cipher.update(JSON.stringify(payload), 'utf8'), cipher.final()])
  const rsa = createPublicKey({ key: Buffer.from(pk.spki, 'base64'), format: 'der', type: 'spki' })
  const wrapped = publicEncrypt(
    { key: rsa, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
    aesKey,
  )
  return {
    headers: { encryption: `${pk.kid}.${wrapped.toString('base64url')}` },
    payload: { value: Buffer.concat([iv, ct, cipher.getAuthTag()]).toString('base64url') },
  }
}

async function minimalRequest(def: EndpointDef): Promise<InjectOptions> {
  const given = { ...minimalInputs[def.name] }
  const req: InjectOptions = { method: def.method, url: def.path, headers: {} }
  if (def.auth !== 'public') {
    // player01 for the password change, so the other calls keep member01's password.
    const who =
      def.name === 'identity.changePassword' ? 'player01' : def.auth === 'agent' ? 'agent01' : 'member01'
    req.headers = { ...req.headers, authorization: await sessionOf(who) }
  }
  if (def.name === 'identity.registerMobile') {
    // The code goes out by SMS into the outbox; read it from there.
    const sent = await server.app.inject({
      method: 'POST',
      url: '/wps/verification/sms/register',
      payload: { mobileNo: '87654321', countryDialingCode: '855' },
    })
    expect(sent.statusCode, sent.body).toBe(200)
    const [sms] = await server.db
      .select()
      .from(outbox)
      .where(eq(outbox.destination, '+85587654321'))
      .orderBy(desc(outbox.id))
      .limit(1)
    given.body = { ...(given.body as object), verificationCode: /\d{6}/.exec(sms?.body ?? '')?.[0] ?? '' }
  }
  if (def.name === 'identity.resetByEmail') {
    given.body = { ...(given.body as object), verificationCode: await lastCodeTo('member02@example.com') }
  }
  if (def.name === 'profile.bindVerify') {
    // profile.bindSend, called just before, sent the code to this address.
    given.body = { ...(given.body as object), verificationCode: await lastCodeTo('cover@example.com') }
  }
  if (def.name === 'identity.resetByMobile') {
    // The registration code to this number went out moments ago: lift the once-a-minute wait.
    await server.db.delete(throttles).where(like(throttles.key, 'code:%+85587654321'))
    const sent = await server.app.inject({
      method: 'POST',
      url: '/wps/member/password/sms',
      payload: { mobileNum: '87654321', countryDialingCode: '855' },
    })
    expect(sent.statusCode, sent.body).toBe(200)
    given.body = { ...(given.body as object), verificationCode: await lastCodeTo('+85587654321') }
  }
  if (def.name === 'identity.deviceSession') {
    const { cookie } = await rememberedOf('member01')
    req.headers = { ...req.headers, cookie: `${deviceCookie}=${cookie}` }
  }
  if (def.name === 'identity.deviceSignOut') {
    // member01 signs out a device of its own, remembered just now from another phone.
    const before = await rememberedOf('member01')
    const [device] = await server.db
      .select({ publicId: deviceSessions.publicId })
      .from(deviceSessions)
      .where(isNull(deviceSessions.revokedAt))
      .orderBy(desc(deviceSessions.id))
      .limit(1)
    expect(before.cookie).not.toBe('')
    given.body = { id: device?.publicId ?? '' }
  }
  if (def.name === 'identity.loginVerifySend' || def.name === 'identity.loginVerify') {
    // member02 has logged in from here (127.0.0.1); a login from a new address asks for a
    // second step, and both calls must come from that new address.
    const newAddress = '10.1.2.3'
    if (!pendingVerifyToken) {
      await sessionOf('member02')
      const again = await server.app.inject({
        method: 'POST',
        url: '/wps/session/login',
        remoteAddress: newAddress,
        ...(await sealedBody({ username: 'member02', password: 'lotus123' })),
      })
      expect(again.statusCode, again.body).toBe(422)
      pendingVerifyToken = (again.json() as { value: { verifyToken: string } }).value.verifyToken
      // The reset code went to this address a moment ago: lift the once-a-minute wait.
      await server.db.delete(throttles).where(like(throttles.key, 'code:%email:%'))
    }
    req.remoteAddress = newAddress
    given.body = { ...(given.body as object), verifyToken: pendingVerifyToken }
    if (def.name === 'identity.loginVerify') {
      given.body = { ...(given.body as object), verificationCode: await lastCodeTo('member02@example.com') }
    }
  }
  if (def.idempotent) {
    req.headers = { ...req.headers, 'idempotency-key': randomBytes(12).toString('hex') }
  }
  if (def.name === 'lottery.draw' || def.name === 'lottery.placeOrder') {
    // The 5-minute e-lottery's issue open now (made by the read if it was not yet).
    const near = await server.app.inject({ method: 'GET', url: '/lgw/numeros/near?lottoGameCode=E5D5' })
    const numero = (near.json() as { value: { current: { numero: string } } }).value.current.numero
    if (def.name === 'lottery.draw') given.query = { ...given.query, numero }
    else given.body = { ...(given.body as object), numero }
  }
  if (def.name === 'funds.deleteBankCard') {
    // A second card of member01's, made here, so the first stays for the withdrawal.
    const sealed = await sealedBody({
      bankCode: 'WING',
      accountName: 'Member One',
      accountNumber: '000111333',
      paymentPassword: '654321',
    })
    const added = await server.app.inject({
      method: 'POST',
      url: endpoints.funds.addBankCard.path,
      headers: { ...req.headers, ...sealed.headers },
      payload: sealed.payload,
    })
    expect(added.statusCode, added.body).toBe(200)
    given.body = { ...(given.body as object), cardId: (added.json() as { value: { id: number } }).value.id }
  }
  if (def.name === 'funds.depositResult') {
    // An online deposit of member01's, whose result is read back by its gateway order.
    const started = await server.app.inject({
      method: 'POST',
      url: endpoints.funds.depositOnline.path,
      headers: {
        authorization: String(req.headers?.authorization ?? ''),
        'idempotency-key': 'coverage-deposit-result',
      },
      payload: { methodCode: 'DEMOPAY', amount: '5.00' },
    })
    expect(started.statusCode, started.body).toBe(200)
    const url = (started.json() as { value: { redirectUrl: string } }).value.redirectUrl
    given.query = { order: new URL(url, 'http://x').searchParams.get('order') ?? '' }
  }
  if (def.name === 'funds.withdraw') {
    const [card] = await server.db.select().from(bankCards).where(isNull(bankCards.deletedAt)).limit(1)
    given.body = { ...(given.body as object), cardId: card?.id ?? 0 }
  }
  if (def.name === 'turnover.forfeit') {
    // A bonus of member01's still to wager; the body names what its forfeit takes now.
    await runOps(server, 'bonus', 'member01', '5', '--turnover', '10', 'coverage bonus')
    const offered = await server.app.inject({
      method: 'GET',
      url: endpoints.funds.withdrawSettings.path,
      headers: { authorization: String(req.headers?.authorization ?? '') },
    })
    const offer = (offered.json() as { value: { bonusForfeit: { amount: string } | null } }).value
      .bonusForfeit
    given.body = { amount: offer?.amount ?? '' }
  }
  if (def.name === 'funds.confirmWithdrawal') {
    // The operator pays member01's withdrawal; then it waits for the member's confirmation.
    const [w] = await server.db.select().from(withdrawals).limit(1)
    if (!w) throw new Error('no withdrawal to confirm')
    await server.services.funds.approveWithdrawal(w.merchantCode, w.id)
    given.body = { ...(given.body as object), withdrawalId: w.id }
  }
  if (def.name === 'wallet.transfer' || def.name === 'wallet.sweep') {
    // Moving money between wallets is a multi-wallet brand's (the demo is single-wallet).
    await runOps(server, 'wallet-mode', 'MULTI')
  }
  if (def.name === 'funds.transferUpline') {
    // member01 joins agent01's downline and may send money up.
    const [agent] = await server.db.select().from(members).where(eq(members.username, 'agent01'))
    await server.db
      .update(members)
      .set({ parentId: agent?.id ?? null, toUpline: true })
      .where(eq(members.username, 'member01'))
  }
  if (def.name === 'agent.downlineTransfer') {
    // agent01, with a payment password, sends to a member of its own team.
    const [agent] = await server.db.select().from(members).where(eq(members.username, 'agent01'))
    if (!agent) throw new Error('no agent01')
    await server.db
      .update(members)
      .set({ paymentPasswordHash: await server.services.passwords.hash('654321') })
      .where(eq(members.id, agent.id))
    const [downline] = await server.db.select().from(members).where(eq(members.parentId, agent.id)).limit(1)
    given.body = { shares: [{ memberId: downline?.id ?? 0, amount: '1.00' }], paymentPassword: '654321' }
  }
  if (def.name === 'agent.downlineRebateRates' || def.name === 'agent.setDownlineRebateRates') {
    // A member of agent01's direct downline without a downline of its own: rate 0 is in bounds.
    const [agent] = await server.db.select().from(members).where(eq(members.username, 'agent01'))
    const direct = await server.db
      .select()
      .from(members)
      .where(eq(members.parentId, agent?.id ?? 0))
    const parents = new Set((await server.db.select().from(members)).map((m) => m.parentId))
    const leaf = direct.find((m) => !parents.has(m.id))
    if (def.name === 'agent.downlineRebateRates') given.query = { memberId: String(leaf?.id ?? 0) }
    else given.body = { memberId: leaf?.id ?? 0, rates: [{ productType: 'RNG', rate: 0 }] }
  }
  const promotionOf: Record<string, string> = {
    'promotions.signUp': 'signUp',
    'promotions.claim': 'dailyLogin',
    'promotions.claimRegister': 'newbie',
    'promotions.claimAppDownload': 'appDownload',
    'promotions.apply': 'apply',
  }
  const template = promotionOf[def.name]
  if (template) {
    const [p] = await server.db.select().from(promotions).where(eq(promotions.template, template))
    given.body = { ...(given.body as object), promotionId: p?.id ?? 0 }
  }
  if (def.name === 'raffle.join' || def.name === 'raffle.status') {
    const [p] = await server.db.select().from(promotions).where(eq(promotions.template, 'raffle'))
    if (def.name === 'raffle.join') given.body = { promotionId: p?.id ?? 0 }
    else given.query = { promotionId: String(p?.id ?? 0) }
  }
  if (def.name === 'missions.rules' || def.name === 'missions.claim') {
    const [x] = await server.db.select().from(missions).where(eq(missions.kind, 'signIn'))
    if (def.name === 'missions.rules') given.query = { missionId: String(x?.id ?? 0) }
    else given.body = { missionId: x?.id ?? 0 }
  }
  if (def.name === 'feedback.image') {
    // An image of member01's own feedback.
    const res = await server.app.inject({
      method: 'PUT',
      url: endpoints.feedback.submit.path,
      headers: {
        authorization: String(req.headers?.authorization ?? ''),
        'idempotency-key': randomBytes(12).toString('hex'),
      },
      payload: {
        type: 'problem',
        content: 'The picture shows the problem',
        images: [{ contentType: 'image/png', data: tinyPng }],
      },
    })
    const sent = endpoints.feedback.submit.response.parse((res.json() as { value: unknown }).value)
    given.query = { id: String(sent.feedback.images[0]?.id ?? 0) }
  }
  if (def.name === 'referral.bind') {
    // member01 takes member02's referral code.
    await server.db.update(members).set({ affiliateCode: 'COVER032' }).where(eq(members.username, 'member02'))
    given.body = { referralCode: 'COVER032' }
  }
  if (def.name === 'points.redeem' || def.name === 'points.convert') {
    // member01 has points, a cash reward is on offer, and points convert to cash.
    await writeVersion(
      server.db,
      server.config.MERCHANT_CODE,
      {
        enabled: true,
        rates: {},
        conversions: [
          { type: 'cash', moneyPer100Points: 100, minPoints: 100, stepPoints: 100, turnoverTenths: 0 },
        ],
      },
      new Date(Date.now() - 1000),
    )
    await runOps(server, 'points', 'adjust', 'member01', '500', 'coverage points')
    const out = await runOps(
      server,
      'reward',
      'add',
      'cash',
      '{"en":"Cash"}',
      '--points',
      '100',
      '--value',
      '1',
    )
    given.body =
      def.name === 'points.redeem'
        ? { rewardId: Number(/#(\d+)/.exec(out)?.[1] ?? 0), paymentPassword: '654321' }
        : { type: 'cash', points: '100', paymentPassword: '654321' }
  }
  if (def.name === 'promotions.claimIssued') {
    // A rescue issued to member01 by the platform, waiting in its reward centre.
    const [p] = await server.db.select().from(promotions).where(eq(promotions.template, 'rescue'))
    const [me] = await server.db.select().from(members).where(eq(members.username, 'member01'))
    const [c] = await server.db
      .insert(promotionClaims)
      .values({
        promotionId: p?.id ?? 0,
        merchantCode: me?.merchantCode ?? '',
        memberId: me?.id ?? 0,
        period: '2026-01-02',
        status: 'issued',
        amount: 100n,
        createdAt: new Date(),
      })
      .returning()
    given.body = { claimId: c?.id ?? 0 }
  }
  if (def.name.startsWith('contracts.')) await runOps(server, 'flag', 'set', 'hourSalary', 'on')
  const offered = demoHouseTerms.find((t) => def.name === `contracts.${t.kind}Action`)
  if (offered) {
    // agent01 holds the house's contract of the kind and offers the same to its sub-agent.
    await runOps(server, 'contract', 'set', 'agent01', offered.kind, JSON.stringify(offered))
    const [agent] = await server.db.select().from(members).where(eq(members.username, 'agent01'))
    let [sub] = await server.db.select().from(members).where(eq(members.username, 'covsub01'))
    sub ??= await createMember(server, {
      username: 'covsub01',
      password: 'lotus123',
      type: 2,
      parentId: agent?.id,
    })
    given.body = { action: 'offer', downlineId: sub.id, terms: offered }
  }
  if (def.name === 'identity.authenticatorConfirm') {
    // A set-up begun on this session, confirmed with the code its app would show now.
    const setup = await server.app.inject({
      method: 'POST',
      url: '/wps/v2/member/authenticator/setup',
      headers: req.headers,
    })
    authenticatorSecret = (setup.json() as { value: { secret: string } }).value.secret
    given.body = { code: await totpCode(authenticatorSecret, 0) }
  }
  if (def.name === 'identity.authenticatorDisable') {
    // The confirmation used this step's code: the app's next one turns it off.
    given.body = { code: await totpCode(authenticatorSecret ?? '', 1) }
  }
  if (def.name === 'identity.socialStart' || def.name === 'identity.socialExchange') {
    await runOps(server, 'flag', 'set', 'TELEGRAMLOGIN3', 'on')
  }
  if (def.name === 'identity.socialExchange') {
    // A whole Telegram sign-in: start, the widget's signed return, then the hand-off code.
    const started = await server.app.inject({
      method: 'POST',
      url: '/wps/session/social/start',
      payload: { provider: 'telegram' },
    })
    const cookie = started.cookies.find((c) => c.name === 'portal_social')?.value ?? ''
    const fields: Record<string, string> = { id: '424242', auth_date: String(Math.floor(Date.now() / 1000)) }
    const check = Object.keys(fields)
      .sort()
      .map((k) => `${k}=${fields[k]}`)
      .join('\n')
    const key = createHash('sha256').update(telegramBot.TELEGRAM_BOT_TOKEN).digest()
    const hash = createHmac('sha256', key).update(check).digest('hex')
    const back = await server.app.inject({
      method: 'GET',
      url: `/wps/session/social/callback/telegram?${new URLSearchParams({ ...fields, hash }).toString()}`,
      cookies: { portal_social: cookie },
    })
    const code = /#social_code=([^&]+)/.exec(String(back.headers.location))?.[1] ?? ''
    req.headers = { ...req.headers, cookie: `portal_social=${cookie}` }
    given.body = { code: decodeURIComponent(code) }
  }
  if (def.name === 'identity.register') {
    const c = await solvedCaptcha()
    req.headers = { ...req.headers, cookie: c.cookie }
    given.body = { ...(given.body as object), captcha: c.answer }
  }
  if (def.query) {
    const query = given.query ?? {}
    expect(def.query.safeParse(query).success, `add a valid minimal query for ${def.name}`).toBe(true)
    req.query = query
  }
  if (def.body) {
    expect(given.body, `add a minimal body for ${def.name}`).toBeDefined()
    expect(def.body.safeParse(given.body).success, `the minimal body of ${def.name} is invalid`).toBe(true)
    if (def.encrypted) {
      const sealed = await sealedBody(given.body)
      req.headers = { ...req.headers, ...sealed.headers }
      req.payload = sealed.payload
    } else req.payload = given.body as object
  }
  return req
}

const rows = allEndpoints()

describe('every endpoint of the table', () => {
  it('is not an empty table', () => {
    expect(rows.length).toBeGreaterThan(0)
  })

  it.each(rows.map((def) => [def.name, def] as const))('%s has a route in the built app', (_, def) => {
    expect(server.app.hasRoute({ method: def.method, url: def.path })).toBe(true)
  })

  it.each(rows.map((def) => [def.name, def] as const))(
    '%s answers a minimal valid call with 200 and a body its response schema accepts',
    async (_, def) => {
      const res = await server.app.inject(await minimalRequest(def))
      expect(res.statusCode, res.body).toBe(200)
      const parsed = successEnvelope(def.response).safeParse(res.json())
      expect(parsed.success, parsed.success ? '' : JSON.stringify(parsed.error.issues, null, 2)).toBe(true)
    },
  )
})

describe('the response check', () => {
  it('answers 500 internal_error, not the value, when a handler returns something outside its schema', async () => {
    expect(server.app.hasRoute({ method: 'GET', url: liar.path })).toBe(true)
    const res = await server.app.inject({ method: 'GET', url: liar.path })
    expect(res.statusCode).toBe(500)
    const failure = FailureSchema.parse(res.json())
    expect(failure.errorCode).toBe('internal_error')
    expect(res.body).not.toContain('three')
  })

  it('never sends a field the response schema does not name', async () => {
    const res = await server.app.inject({ method: 'GET', url: chatty.path })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ success: true, value: { count: 3 } })
    expect(res.body).not.toContain('must-not-leave')
  })
})

describe('the endpoint table itself', () => {
  it('gives every endpoint a unique name, <group>.<key>, as the typed client exposes it', () => {
    const names = rows.map((d) => d.name)
    expect(new Set(names).size).toBe(names.length)
    for (const [group, defs] of Object.entries(endpoints)) {
      for (const [key, def] of Object.entries(defs as Record<string, EndpointDef>)) {
        expect(def.name).toBe(`${group}.${key}`)
      }
    }
  })

  it('never describes the same method and path twice', () => {
    const keys = rows.map((d) => `${d.method} ${d.path}`)
    const dupes = keys.filter((k, i) => keys.indexOf(k) !== i)
    expect(dupes).toEqual([])
  })

  it('lists only errorCodes of the closed errorCode enum', () => {
    const known = new Set<string>(errorCodes)
    const unknown = rows.flatMap((d) => d.errors.filter((e) => !known.has(e)).map((e) => `${d.name}: ${e}`))
    expect(unknown).toEqual([])
  })

  it('puts every path under /wps, /lgw or /lotto, or at /healthz', () => {
    const outside = rows.filter(
      (d) => d.path !== '/healthz' && !/^\/(wps|lgw|lotto)\/[A-Za-z0-9/_-]+$/.test(d.path),
    )
    expect(outside.map((d) => `${d.name} ${d.path}`)).toEqual([])
  })

  it('gives no GET endpoint a body and encrypts only endpoints that take one', () => {
    for (const d of rows) {
      if (d.method === 'GET') expect(d.body, `${d.name}: GET takes no body`).toBeUndefined()
      if (d.encrypted) expect(d.method, `${d.name}: an encrypted endpoint takes a body`).not.toBe('GET')
    }
  })
})
