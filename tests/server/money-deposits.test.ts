/**
 * Deposits: methods and limits, bank transfers with a receipt that wait for the operator,
 * the demo gateway's signed callback (a bad signature changes nothing, a repeated one
 * credits once), fund notices, and that a member sees only their own deposits.
 */
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { DepositSchema } from '#contract/funds'
import { InboxMessageSchema, inboxEndpoints } from '#contract/inbox'
import { deposits, uploads } from '#server/db/schema'
import { callbackPath, signatureHeader, signCallback } from '#server/money/demo-gateway'
import { reconcile } from '#server/money/ledger-reconcile'
import { build, runOps, testGatewaySecret, type TestServer } from '../build-server'
import { failureOf, plainCall, valueOf } from '../identity-helpers'
import { mainMinor, moneyCall, moneyMember, newKey, tinyGif, tinyPng } from '../money-helpers'

let server: TestServer
const bank = '/wps/relay/depositTransferGeneric'
const online = '/wps/relay/newDepositPG'

beforeAll(async () => {
  server = await build()
})
afterAll(async () => {
  if (server) expect((await reconcile(server.db)).ok).toBe(true)
  await server?.close()
})

const depositOf = (res: { statusCode: number; body: string; json(): unknown }) =>
  valueOf(res as Parameters<typeof valueOf>[0], (v) => DepositSchema.parse(v))

describe('deposit methods', () => {
  it('lists the brand’s methods with their limits and bank details', async () => {
    const m = await moneyMember(server)
    const res = await plainCall(server, 'GET', '/wps/relay/MCSFE_getDepositMethods', { token: m.token })
    const v = valueOf(
      res,
      (x) => x as { allowDeposit: boolean; methods: { code: string; minAmount: string }[] },
    )
    expect(v.allowDeposit).toBe(true)
    expect(v.methods.map((x) => x.code)).toEqual(['BANK', 'DEMOPAY'])
    expect(v.methods[0]?.minAmount).toBe('10.00')
  })
})

describe('bank transfer', () => {
  it('waits for the operator, then credits the main wallet once and tells the member', async () => {
    const m = await moneyMember(server)
    const d = depositOf(
      await moneyCall(server, m.token, bank, {
        methodCode: 'BANK',
        amount: '150.25',
        reference: 'ABA 998877',
        receipt: { contentType: 'image/png', data: tinyPng },
      }),
    )
    expect(d).toMatchObject({
      status: 'PENDING',
      amount: '150.25',
      hasReceipt: true,
      reference: 'ABA 998877',
    })
    expect(await mainMinor(server, m.token)).toBe(0n)

    expect(await runOps(server, 'deposits', 'list')).toContain(`#${d.id}`)
    expect(await runOps(server, 'deposits', 'approve', String(d.id))).toContain('credited: 150.25')
    expect(await mainMinor(server, m.token)).toBe(15025n)
    // A second approval finds nothing to approve and moves nothing.
    await expect(runOps(server, 'deposits', 'approve', String(d.id))).rejects.toThrow(/not PENDING/)
    expect(await mainMinor(server, m.token)).toBe(15025n)

    const notices = await plainCall(server, 'GET', inboxEndpoints.list.path, { token: m.token })
    const n = valueOf(notices, (v) => z.object({ list: z.array(z.unknown()), unread: z.number() }).parse(v))
    expect(InboxMessageSchema.parse(n.list[0])).toMatchObject({ type: 'deposit_credited', read: false })
    expect(InboxMessageSchema.parse(n.list[0]).body).toContain('150.25')
    expect(n.unread).toBe(1)
    const read = await plainCall(server, 'POST', inboxEndpoints.read.path, {
      token: m.token,
      body: {},
    })
    expect(read.json()).toMatchObject({ value: { unread: 0 } })
  })

  it('can be failed by the operator: nothing is credited and the member is told', async () => {
    const m = await moneyMember(server)
    const d = depositOf(
      await moneyCall(server, m.token, bank, { methodCode: 'BANK', amount: '20', reference: 'x1' }),
    )
    await runOps(server, 'deposits', 'fail', String(d.id), 'no money arrived')
    expect(await mainMinor(server, m.token)).toBe(0n)
    const list = await plainCall(server, 'GET', '/wps/relay/MCSFE_getDepositTransactionReport', {
      token: m.token,
    })
    expect(list.json()).toMatchObject({ value: { total: 1, list: [{ id: d.id, status: 'FAILED' }] } })
    await expect(runOps(server, 'deposits', 'approve', String(d.id))).rejects.toThrow(/FAILED, not PENDING/)
  })

  it.each([
    ['below the minimum', '9.99'],
    ['above the maximum', '50000.01'],
  ])('refuses an amount %s with amount_out_of_range and the limits', async (_, amount) => {
    const m = await moneyMember(server)
    const res = await moneyCall(server, m.token, bank, { methodCode: 'BANK', amount, reference: 'r' })
    expect(res.statusCode).toBe(422)
    expect(failureOf(res)).toMatchObject({
      errorCode: 'amount_out_of_range',
      value: { min: '10.00', max: '50000.00' },
    })
  })

  it('refuses a receipt that is not a png or jpg, whatever it claims, and stores nothing', async () => {
    const m = await moneyMember(server)
    const before = (await server.db.select().from(uploads)).length
    for (const receipt of [
      { contentType: 'image/png', data: tinyGif },
      { contentType: 'image/jpeg', data: tinyPng },
      { contentType: 'image/png', data: 'not base64 at all!' },
    ]) {
      const res = await moneyCall(server, m.token, bank, {
        methodCode: 'BANK',
        amount: '20',
        reference: 'r',
        receipt,
      })
      expect(failureOf(res).errorCode).toBe('image_invalid')
    }
    const gif = await moneyCall(server, m.token, bank, {
      methodCode: 'BANK',
      amount: '20',
      reference: 'r',
      receipt: { contentType: 'image/gif', data: tinyGif },
    })
    expect(failureOf(gif).errorCode).toBe('validation_failed')
    expect((await server.db.select().from(uploads)).length).toBe(before)
    const list = await plainCall(server, 'GET', '/wps/relay/MCSFE_getDepositTransactionReport', {
      token: m.token,
    })
    expect(list.json()).toMatchObject({ value: { total: 0 } })
  })

  it('refuses a receipt that only starts like a picture, and stores the pixels of one with a page after it', async () => {
    const m = await moneyMember(server)
    const html = Buffer.from('<html><script>alert(document.cookie)</script><?php echo 1; ?></html>')
    const png = Buffer.from(tinyPng, 'base64')
    const deposit = (data: Buffer) =>
      moneyCall(server, m.token, bank, {
        methodCode: 'BANK',
        amount: '20',
        reference: 'r',
        receipt: { contentType: 'image/png', data: data.toString('base64') },
      })
    const before = (await server.db.select().from(uploads)).length
    // A PNG's signature followed by a page: it does not decode.
    const polyglot = await deposit(Buffer.concat([png.subarray(0, 8), html]))
    expect([polyglot.statusCode, failureOf(polyglot).errorCode]).toEqual([400, 'image_invalid'])
    expect((await server.db.select().from(uploads)).length).toBe(before)
    // A real PNG with a page after its end: what is kept is the server's own encoding of it.
    expect((await deposit(Buffer.concat([png, html]))).statusCode).toBe(200)
    const kept = (await server.db.select().from(uploads)).filter((u) => u.memberId === m.id)
    expect(kept).toHaveLength(1)
    expect(kept[0]?.data.subarray(0, 8)).toEqual(png.subarray(0, 8))
    expect(kept[0]?.data.includes(html)).toBe(false)
  })

  it('refuses a receipt over 5 MB', async () => {
    const m = await moneyMember(server)
    const big = Buffer.alloc(5 * 1024 * 1024 + 1)
    Buffer.from(tinyPng, 'base64').copy(big)
    const res = await moneyCall(server, m.token, bank, {
      methodCode: 'BANK',
      amount: '20',
      reference: 'r',
      receipt: { contentType: 'image/png', data: big.toString('base64') },
    })
    expect(res.statusCode).toBe(400)
    expect(failureOf(res).errorCode).toBe('image_invalid')
  })

  it('refuses an unknown method and a reference with hidden characters', async () => {
    const m = await moneyMember(server)
    const unknown = await moneyCall(server, m.token, bank, {
      methodCode: 'NOPE',
      amount: '20',
      reference: 'r',
    })
    expect(failureOf(unknown).errorCode).toBe('deposit_method_unknown')
    const online = await moneyCall(server, m.token, bank, {
      methodCode: 'DEMOPAY',
      amount: '20',
      reference: 'r',
    })
    expect(failureOf(online).errorCode).toBe('deposit_method_unknown')
    const hidden = await moneyCall(server, m.token, bank, {
      methodCode: 'BANK',
      amount: '20',
      reference: 'ab\u202ecd',
    })
    expect(failureOf(hidden).errorCode).toBe('validation_failed')
  })

  it('shows a member only their own deposits', async () => {
    const a = await moneyMember(server)
    const b = await moneyMember(server)
    await moneyCall(server, a.token, bank, { methodCode: 'BANK', amount: '30', reference: 'mine' })
    const res = await plainCall(server, 'GET', '/wps/relay/MCSFE_getDepositTransactionReport', {
      token: b.token,
    })
    expect(res.json()).toMatchObject({ value: { total: 0, list: [] } })
  })
})

describe('online deposit through the demo gateway', () => {
  async function start(token: string, amount = '25.00') {
    const res = await moneyCall(server, token, online, { methodCode: 'DEMOPAY', amount })
    const v = valueOf(res, (x) => z.object({ deposit: DepositSchema, redirectUrl: z.string() }).parse(x))
    const order = new URL(v.redirectUrl, 'http://x').searchParams.get('order') ?? ''
    return { ...v, order }
  }

  function callback(body: object, signature?: string) {
    const raw = JSON.stringify(body)
    return server.app.inject({
      method: 'POST',
      url: callbackPath,
      headers: {
        'content-type': 'application/json',
        [signatureHeader]: signature ?? signCallback(testGatewaySecret, raw),
      },
      payload: raw,
    })
  }

  it('sends the member to the gateway page, and a payment there credits the wallet', async () => {
    const m = await moneyMember(server)
    const s = await start(m.token)
    expect(s.redirectUrl).toMatch(/^\/gateway\/demo\/pay\?order=DP[0-9A-F]{18}$/)
    const page = await server.app.inject({ method: 'GET', url: s.redirectUrl })
    expect(page.statusCode).toBe(200)
    expect(page.body).toContain('Pay <strong>$25.00</strong>')
    const paid = await server.app.inject({
      method: 'POST',
      url: '/gateway/demo/pay',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `order=${s.order}&outcome=PAID`,
    })
    expect(paid.statusCode).toBe(303)
    expect(paid.headers.location).toBe(`/index?deposit=${s.order}`)
    expect(await mainMinor(server, m.token)).toBe(2500n)
    const [row] = await server.db.select().from(deposits).where(eq(deposits.gatewayOrder, s.order))
    expect(row?.status).toBe('CREDITED')
  })

  it('changes nothing for a callback with a bad signature, or a tampered body', async () => {
    const m = await moneyMember(server)
    const s = await start(m.token)
    const body = { order: s.order, amount: '2500', status: 'PAID', paidAt: Date.now() }
    const unsigned = await callback(body, 'f'.repeat(64))
    expect(unsigned.statusCode).toBe(403)
    const tampered = { ...body, amount: '250000' }
    const forged = await server.app.inject({
      method: 'POST',
      url: callbackPath,
      headers: {
        'content-type': 'application/json',
        [signatureHeader]: signCallback(testGatewaySecret, JSON.stringify(body)),
      },
      payload: JSON.stringify(tampered),
    })
    expect(forged.statusCode).toBe(403)
    const wrongSecret = await callback(body, signCallback('another-secret-altogether', JSON.stringify(body)))
    expect(wrongSecret.statusCode).toBe(403)
    expect(await mainMinor(server, m.token)).toBe(0n)
  })

  it('credits once however often the gateway repeats a callback, and refuses a wrong amount', async () => {
    const m = await moneyMember(server)
    const s = await start(m.token, '12.00')
    const wrong = await callback({ order: s.order, amount: '1200000', status: 'PAID', paidAt: Date.now() })
    expect(wrong.statusCode).toBe(400)
    const body = { order: s.order, amount: '1200', status: 'PAID', paidAt: Date.now() }
    const results = await Promise.all([callback(body), callback(body), callback(body)])
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200])
    expect(await mainMinor(server, m.token)).toBe(1200n)
    const failedLater = await callback({ ...body, status: 'FAILED' })
    expect(failedLater.json()).toMatchObject({ value: { status: 'CREDITED' } })
    expect(await mainMinor(server, m.token)).toBe(1200n)
  })

  it('marks the deposit failed when the member cancels at the gateway', async () => {
    const m = await moneyMember(server)
    const s = await start(m.token)
    await server.app.inject({
      method: 'POST',
      url: '/gateway/demo/pay',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `order=${s.order}&outcome=FAILED`,
    })
    const [row] = await server.db.select().from(deposits).where(eq(deposits.gatewayOrder, s.order))
    expect(row?.status).toBe('FAILED')
    expect(await mainMinor(server, m.token)).toBe(0n)
    const page = await server.app.inject({ method: 'GET', url: s.redirectUrl })
    expect(page.body).toContain('already failed')
  })

  it('replays the first answer for a retried start with the same key', async () => {
    const m = await moneyMember(server)
    const key = newKey()
    const a = await moneyCall(server, m.token, online, { methodCode: 'DEMOPAY', amount: '9.00' }, key)
    const b = await moneyCall(server, m.token, online, { methodCode: 'DEMOPAY', amount: '9.00' }, key)
    expect(b.json()).toEqual(a.json())
    const list = await plainCall(server, 'GET', '/wps/relay/MCSFE_getDepositTransactionReport', {
      token: m.token,
    })
    expect(list.json()).toMatchObject({ value: { total: 1 } })
  })
})
