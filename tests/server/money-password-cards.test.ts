/**
 * What a withdrawal needs: the payment password (set, change, check, lock) and the bank
 * cards added and deleted behind it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { WithdrawSettingsSchema } from '#contract/funds'
import { reconcile } from '#server/money/ledger-reconcile'
import { build, type TestServer } from '../build-server'
import { createClock, failureOf, minute, plainCall, valueOf } from '../identity-helpers'
import { moneyMember, sealedMoneyCall } from '../money-helpers'
import { url, withdrawalTools } from './money-withdrawal-setup'

const clock = createClock()
let server: TestServer

beforeAll(async () => {
  server = await build({ now: clock.now })
})
afterAll(async () => {
  if (server) expect((await reconcile(server.db)).ok).toBe(true)
  await server?.close()
})

const { withPassword, addCard, withdraw } = withdrawalTools(() => server)

describe('payment password', () => {
  it('is set once with the login password, following the brand’s rule', async () => {
    const m = await moneyMember(server)
    const wrongLogin = await sealedMoneyCall(
      server,
      m.token,
      url.setPw,
      { loginPassword: 'nope', paymentPassword: '123456', confirmPaymentPassword: '123456' },
      null,
    )
    expect(failureOf(wrongLogin).errorCode).toBe('old_password_wrong')
    const notDigits = await sealedMoneyCall(
      server,
      m.token,
      url.setPw,
      { loginPassword: 'lotus123', paymentPassword: 'abcdef', confirmPaymentPassword: 'abcdef' },
      null,
    )
    expect(failureOf(notDigits)).toMatchObject({
      errorCode: 'payment_password_invalid',
      value: { problem: { kind: 'pattern', patternId: 'DIGITS', min: 6, max: 6 } },
    })
    const mismatch = await sealedMoneyCall(
      server,
      m.token,
      url.setPw,
      { loginPassword: 'lotus123', paymentPassword: '123456', confirmPaymentPassword: '123457' },
      null,
    )
    expect(failureOf(mismatch).errorCode).toBe('password_mismatch')
    const ok = await sealedMoneyCall(
      server,
      m.token,
      url.setPw,
      { loginPassword: 'lotus123', paymentPassword: '123456', confirmPaymentPassword: '123456' },
      null,
    )
    expect(ok.statusCode).toBe(200)
    const again = await sealedMoneyCall(
      server,
      m.token,
      url.setPw,
      { loginPassword: 'lotus123', paymentPassword: '654321', confirmPaymentPassword: '654321' },
      null,
    )
    expect(failureOf(again).errorCode).toBe('payment_password_exists')
    const settings = await plainCall(server, 'GET', '/wps/relay/MCSFE_getWithdrawSettings', {
      token: m.token,
    })
    expect(valueOf(settings, (v) => WithdrawSettingsSchema.parse(v))).toMatchObject({
      hasPaymentPassword: true,
      minimumAmount: '10.00',
      maximumAmount: '50000.00',
      // The rule is there even though registration does not ask for a payment password.
      paymentPasswordRule: { field: 'paymentPassword', minLength: 6, maxLength: 6, patternId: 'DIGITS' },
    })
  })

  it('is needed before anything it guards', async () => {
    const m = await moneyMember(server, '50.00')
    const res = await sealedMoneyCall(
      server,
      m.token,
      url.addCard,
      { bankCode: 'ABA', accountName: 'A', accountNumber: '0123456789', paymentPassword: '000000' },
      null,
    )
    expect(failureOf(res).errorCode).toBe('payment_password_not_set')
  })

  it('locks for 15 minutes after 5 wrong tries, then works again', async () => {
    const m = await withPassword()
    for (let i = 0; i < 4; i++) {
      const r = await sealedMoneyCall(server, m.token, url.checkPw, { paymentPassword: '000000' }, null)
      expect(failureOf(r).errorCode).toBe('payment_password_wrong')
    }
    const fifth = await sealedMoneyCall(server, m.token, url.checkPw, { paymentPassword: '000000' }, null)
    expect(fifth.statusCode).toBe(423)
    expect(failureOf(fifth).errorCode).toBe('payment_password_locked')
    expect(Number(fifth.headers['retry-after'])).toBeGreaterThan(0)
    // Even the right one is refused while locked.
    const right = await sealedMoneyCall(server, m.token, url.checkPw, { paymentPassword: '246810' }, null)
    expect(failureOf(right).errorCode).toBe('payment_password_locked')
    clock.advance(16 * minute)
    const later = await sealedMoneyCall(server, m.token, url.checkPw, { paymentPassword: '246810' }, null)
    expect(later.json()).toMatchObject({ value: { valid: true } })
  })

  it('is changed with the old one', async () => {
    const m = await withPassword()
    const wrong = await sealedMoneyCall(
      server,
      m.token,
      url.changePw,
      { oldPaymentPassword: '111111', newPaymentPassword: '135790', confirmPaymentPassword: '135790' },
      null,
    )
    expect(failureOf(wrong).errorCode).toBe('payment_password_wrong')
    const ok = await sealedMoneyCall(
      server,
      m.token,
      url.changePw,
      { oldPaymentPassword: '246810', newPaymentPassword: '135790', confirmPaymentPassword: '135790' },
      null,
    )
    expect(ok.statusCode).toBe(200)
    const check = await sealedMoneyCall(server, m.token, url.checkPw, { paymentPassword: '135790' }, null)
    expect(check.statusCode).toBe(200)
  })
})

describe('bank cards', () => {
  it('are added and deleted behind the payment password, masked when shown', async () => {
    const m = await withPassword()
    const id = await addCard(m, '1234 5678 9012')
    const list = await plainCall(server, 'GET', url.cards, { token: m.token })
    expect(list.json()).toMatchObject({
      value: [{ id, bankCode: 'ABA', bankName: 'ABA Bank', accountNumberMasked: '**** 9012' }],
    })
    expect(list.body).not.toContain('123456789012')
    const dup = await sealedMoneyCall(
      server,
      m.token,
      url.addCard,
      { bankCode: 'ABA', accountName: 'Sok Dara', accountNumber: '123456789012', paymentPassword: '246810' },
      null,
    )
    expect(failureOf(dup).errorCode).toBe('bank_card_duplicate')
    const badPw = await sealedMoneyCall(
      server,
      m.token,
      url.delCard,
      { cardId: id, paymentPassword: '999999' },
      null,
    )
    expect(failureOf(badPw).errorCode).toBe('payment_password_wrong')
    const del = await sealedMoneyCall(
      server,
      m.token,
      url.delCard,
      { cardId: id, paymentPassword: '246810' },
      null,
    )
    expect(del.statusCode).toBe(200)
    expect((await plainCall(server, 'GET', url.cards, { token: m.token })).json()).toMatchObject({
      value: [],
    })
  })

  it('refuse a bad number, an unknown bank, more than the limit, and another member’s card', async () => {
    const m = await withPassword()
    const bad = await sealedMoneyCall(
      server,
      m.token,
      url.addCard,
      { bankCode: 'ABA', accountName: 'Sok', accountNumber: '12ab', paymentPassword: '246810' },
      null,
    )
    expect(failureOf(bad).errorCode).toBe('bank_card_invalid')
    const unknown = await sealedMoneyCall(
      server,
      m.token,
      url.addCard,
      { bankCode: 'NOPE', accountName: 'Sok', accountNumber: '0123456789', paymentPassword: '246810' },
      null,
    )
    expect(failureOf(unknown).errorCode).toBe('bank_unknown')
    for (let i = 0; i < 5; i++) await addCard(m, `555000${i}111`)
    const sixth = await sealedMoneyCall(
      server,
      m.token,
      url.addCard,
      { bankCode: 'ABA', accountName: 'Sok', accountNumber: '5550009111', paymentPassword: '246810' },
      null,
    )
    expect(failureOf(sixth)).toMatchObject({ errorCode: 'bank_card_limit', value: { max: 5 } })

    const other = await withPassword()
    const [theirs] = (await plainCall(server, 'GET', url.cards, { token: m.token })).json().value as {
      id: number
    }[]
    const del = await sealedMoneyCall(
      server,
      other.token,
      url.delCard,
      { cardId: theirs?.id ?? 0, paymentPassword: '246810' },
      null,
    )
    expect(failureOf(del).errorCode).toBe('bank_card_not_found')
    const use = await withdraw(other, theirs?.id ?? 0, '10.00')
    expect(failureOf(use).errorCode).toBe('bank_card_not_found')
  })
})
