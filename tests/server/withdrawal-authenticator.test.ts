/**
 * The authenticator's code on withdrawal (decision 031, WDGOOGLECODE3): where the brand asks
 * for it, a member who has the authenticator on withdraws only with a current code, checked
 * after the payment password and before any money moves; a missing, wrong or used code moves
 * nothing, wrong ones lock as the authenticator's other checks do, a withdrawal refused for
 * another reason leaves its code unused, and an idempotent retry (even 20 at once, even with
 * the next code) answers as the first. Members without it, or brands without the switch,
 * withdraw as before.
 */
import { base32 } from '@otplib/plugin-base32-scure'
import { crypto } from '@otplib/plugin-crypto-node'
import { generate } from '@otplib/totp'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { authenticatorEndpoints } from '#contract/authenticator'
import { WithdrawalSchema } from '#contract/funds'
import { withdrawals } from '#server/db/schema'
import { reconcile } from '#server/money/ledger-reconcile'
import { build, runOps, type TestServer } from '../build-server'
import { createClock, failureOf, fieldPaths, plainCall, sealedCall, valueOf } from '../identity-helpers'
import { mainMinor, newKey, sealedMoneyCall, testPaymentPassword, type MoneyMember } from '../money-helpers'
import { url, withdrawalTools } from './money-withdrawal-setup'

const clock = createClock()
let server: TestServer
const e = authenticatorEndpoints

beforeAll(async () => {
  server = await build({ now: clock.now })
  expect(await runOps(server, 'flag', 'set', 'WDGOOGLECODE3', 'on')).toMatch(/^WDGOOGLECODE3 on/)
})
afterAll(async () => {
  if (server) expect((await reconcile(server.db)).ok).toBe(true)
  await server?.close()
})

const { withPassword, addCard } = withdrawalTools(() => server)

/** The code an authenticator app shows `steps` time steps from the server's now. */
function codeAt(secret: string, steps = 0): Promise<string> {
  return generate({ secret, crypto, base32, epoch: Math.floor(clock.now().getTime() / 1000) + steps * 30 })
}

/** A six-digit code that is none of the codes accepted now. */
async function wrongCode(secret: string): Promise<string> {
  const accepted = await Promise.all([-1, 0, 1].map((s) => codeAt(secret, s)))
  for (const c of ['000000', '111111', '222222', '333333']) if (!accepted.includes(c)) return c
  throw new Error('no wrong code found')
}

interface Withdrawer extends MoneyMember {
  card: number
  secret: string
}

/** A member with 100.00, a payment password, a card and the authenticator on. */
async function withAuthenticator(): Promise<Withdrawer> {
  const m = await withPassword('100.00')
  const card = await addCard(m)
  const setUp = await plainCall(server, 'POST', e.authenticatorSetup.path, { token: m.token })
  const { secret } = valueOf(setUp, (v) => e.authenticatorSetup.response.parse(v))
  const confirmed = await sealedCall(
    server,
    'POST',
    e.authenticatorConfirm.path,
    { code: await codeAt(secret) },
    { token: m.token },
  )
  expect(confirmed.statusCode).toBe(200)
  // The set-up's step is used: the withdrawals' codes come from a later one.
  clock.advance(30_000)
  return { ...m, card, secret }
}

function withdraw(
  m: MoneyMember & { card: number },
  body: { amount?: string; googleCode?: string; paymentPassword?: string },
  key = newKey(),
) {
  return sealedMoneyCall(
    server,
    m.token,
    url.withdraw,
    { amount: '10.00', cardId: m.card, paymentPassword: testPaymentPassword, ...body },
    key,
  )
}

async function withdrawalCount(memberId: number): Promise<number> {
  return (await server.db.select().from(withdrawals).where(eq(withdrawals.memberId, memberId))).length
}

describe('a withdrawal where the brand asks for the authenticator’s code', () => {
  it('tells the member it asks for the code, when the member has it on', async () => {
    const m = await withAuthenticator()
    const res = await plainCall(server, 'GET', e.securityConfig.path, { token: m.token })
    expect(valueOf(res, (v) => e.securityConfig.response.parse(v))).toMatchObject({
      authenticator: { enabled: true },
      authenticatorOnWithdraw: true,
    })
  })

  it('refuses a withdrawal without the code, and moves nothing', async () => {
    const m = await withAuthenticator()
    for (const googleCode of [undefined, '', '   ']) {
      const res = await withdraw(m, googleCode === undefined ? {} : { googleCode })
      expect(res.statusCode).toBe(422)
      expect(failureOf(res).errorCode).toBe('authenticator_code_required')
    }
    expect(await mainMinor(server, m.token)).toBe(10000n)
    expect(await withdrawalCount(m.id)).toBe(0)
  })

  it('refuses a wrong code with the attempts left, and moves nothing', async () => {
    const m = await withAuthenticator()
    const res = await withdraw(m, { googleCode: await wrongCode(m.secret) })
    expect(res.statusCode).toBe(400)
    expect(failureOf(res)).toMatchObject({
      errorCode: 'authenticator_code_wrong',
      value: { attemptsLeft: 4 },
    })
    expect(await mainMinor(server, m.token)).toBe(10000n)
    expect(await withdrawalCount(m.id)).toBe(0)
  })

  it('moves the money once with a right code, and refuses the same code for another withdrawal', async () => {
    const m = await withAuthenticator()
    const code = await codeAt(m.secret)
    const first = await withdraw(m, { googleCode: code })
    expect(first.statusCode).toBe(200)
    expect(valueOf(first, (v) => WithdrawalSchema.parse(v))).toMatchObject({
      amount: '10.00',
      status: 'PENDING',
    })
    expect(await mainMinor(server, m.token)).toBe(9000n)

    const again = await withdraw(m, { googleCode: code })
    expect(again.statusCode).toBe(409)
    expect(failureOf(again).errorCode).toBe('authenticator_code_used')
    // The step before is older than the one used: refused too.
    const older = await withdraw(m, { googleCode: await codeAt(m.secret, -1) })
    expect(failureOf(older).errorCode).toBe('authenticator_code_used')
    expect(await mainMinor(server, m.token)).toBe(9000n)
    expect(await withdrawalCount(m.id)).toBe(1)

    // The next step's code is a new one: a second withdrawal goes through.
    clock.advance(30_000)
    const next = await withdraw(m, { googleCode: await codeAt(m.secret) })
    expect(next.statusCode).toBe(200)
    expect(await mainMinor(server, m.token)).toBe(8000n)
  })

  it('checks the payment password first, and leaves the code of a refused withdrawal unused', async () => {
    const m = await withAuthenticator()
    const code = await codeAt(m.secret)
    const wrongPassword = await withdraw(m, { googleCode: code, paymentPassword: '000000' })
    expect(failureOf(wrongPassword).errorCode).toBe('payment_password_wrong')
    const tooMuch = await withdraw(m, { googleCode: code, amount: '100.01' })
    expect(failureOf(tooMuch).errorCode).toBe('insufficient_balance')
    expect(await mainMinor(server, m.token)).toBe(10000n)

    const ok = await withdraw(m, { googleCode: code, amount: '25.00' })
    expect(ok.statusCode).toBe(200)
    expect(await mainMinor(server, m.token)).toBe(7500n)
  })

  it('locks after five wrong codes, as the authenticator’s other checks do', async () => {
    const m = await withAuthenticator()
    const wrong = await wrongCode(m.secret)
    const answers = []
    for (let i = 0; i < 5; i++) answers.push(failureOf(await withdraw(m, { googleCode: wrong })).errorCode)
    expect(answers).toEqual([...Array(4).fill('authenticator_code_wrong'), 'authenticator_locked'])
    const right = await withdraw(m, { googleCode: await codeAt(m.secret) })
    expect(right.statusCode).toBe(423)
    expect(failureOf(right)).toMatchObject({
      errorCode: 'authenticator_locked',
      value: { retryAfterSeconds: expect.any(Number) },
    })
    expect(await mainMinor(server, m.token)).toBe(10000n)
    expect(await withdrawalCount(m.id)).toBe(0)
  })

  it('answers a retry with the same key as the first, even with the next code', async () => {
    const m = await withAuthenticator()
    const key = newKey()
    const first = await withdraw(m, { googleCode: await codeAt(m.secret) }, key)
    expect(first.statusCode).toBe(200)
    clock.advance(30_000)
    const retry = await withdraw(m, { googleCode: await codeAt(m.secret) }, key)
    expect(retry.json()).toEqual(first.json())
    const sameCode = await withdraw(m, { googleCode: await codeAt(m.secret, -1) }, key)
    expect(sameCode.json()).toEqual(first.json())
    expect(await mainMinor(server, m.token)).toBe(9000n)
    expect(await withdrawalCount(m.id)).toBe(1)
  })

  it('makes one withdrawal of 20 identical requests at once with one key, and answers them all with it', async () => {
    const m = await withAuthenticator()
    const key = newKey()
    const code = await codeAt(m.secret)
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => withdraw(m, { googleCode: code }, key)),
    )
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200))
    const ids = new Set(answers.map((a) => valueOf(a, (v) => WithdrawalSchema.parse(v)).id))
    expect(ids.size).toBe(1)
    expect(await mainMinor(server, m.token)).toBe(9000n)
    expect(await withdrawalCount(m.id)).toBe(1)
  })

  it('refuses a code that is not one, naming the field or as wrong, and moves nothing', async () => {
    const m = await withAuthenticator()
    for (const googleCode of ['1'.repeat(17), 123456, null, '\u0000123456']) {
      const res = await sealedMoneyCall(
        server,
        m.token,
        url.withdraw,
        { amount: '10.00', cardId: m.card, paymentPassword: testPaymentPassword, googleCode },
        newKey(),
      )
      expect(res.statusCode).toBe(400)
      expect(failureOf(res).errorCode).toBe('validation_failed')
      expect(fieldPaths(res)).toEqual(['googleCode'])
    }
    for (const googleCode of ['12345a', '1234567', '12345']) {
      expect(failureOf(await withdraw(m, { googleCode })).errorCode).toBe('authenticator_code_wrong')
    }
    expect(await mainMinor(server, m.token)).toBe(10000n)
    expect(await withdrawalCount(m.id)).toBe(0)
  })

  it('lets a member without the authenticator withdraw without a code', async () => {
    const m = await withPassword('100.00')
    const card = await addCard(m)
    const res = await withdraw({ ...m, card }, {})
    expect(res.statusCode).toBe(200)
    expect(await mainMinor(server, m.token)).toBe(9000n)
  })
})

describe('a brand that does not ask for the code', () => {
  it('lets a member with the authenticator on withdraw without one', async () => {
    const m = await withAuthenticator()
    await runOps(server, 'flag', 'set', 'WDGOOGLECODE3', 'off')
    try {
      const cfg = await plainCall(server, 'GET', e.securityConfig.path, { token: m.token })
      expect(valueOf(cfg, (v) => e.securityConfig.response.parse(v)).authenticatorOnWithdraw).toBe(false)
      const res = await withdraw(m, {})
      expect(res.statusCode).toBe(200)
      expect(await mainMinor(server, m.token)).toBe(9000n)
    } finally {
      await runOps(server, 'flag', 'set', 'WDGOOGLECODE3', 'on')
    }
    expect(failureOf(await withdraw(m, {})).errorCode).toBe('authenticator_code_required')
  })
})
