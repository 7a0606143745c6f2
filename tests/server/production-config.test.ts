/**
 * Demo and production are different installs. A production start seeds nothing, mounts no
 * demo gateway and refuses secrets anyone can read in the source; the operator CLI takes
 * the empty install to a live brand: brand, top agent (who must change the one-time
 * password), a bank deposit method, and a member who deposits by transfer and is credited
 * when the operator approves. In demo mode the gateway's callback refuses the published
 * secret.
 */
import { count, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { DepositSchema } from '#contract/funds'
import { loadConfig, publishedGatewaySecret } from '#server/config/env'
import { deposits, installSecrets } from '#server/db/schema'
import { callbackPath, signatureHeader, signCallback } from '#server/money/demo-gateway'
import { installNotes } from '#server/system/golive-commands'
import { build, runOps, type TestServer } from '../build-server'
import { failureOf, valueOf } from '../identity-helpers'
import { mainMinor, moneyCall, moneyMember } from '../money-helpers'

/** What production needs beyond NODE_ENV: the proxy in front and the operator's push contact. */
const live = { NODE_ENV: 'production', TRUST_PROXY: '10.0.0.0/8', PUSH_CONTACT: 'mailto:ops@lotus.example' }

const production = {
  NODE_ENV: 'production',
  DEMO: false,
  DEV_TOOLS: false,
  MERCHANT_CODE: 'LIVE',
  PAYMENT_GATEWAY_SECRET: undefined,
} as const

describe('configuration', () => {
  it('is in demo mode by default outside production, and not in production', () => {
    expect(loadConfig({}).DEMO).toBe(true)
    expect(loadConfig({ NODE_ENV: 'test' }).DEMO).toBe(true)
    expect(loadConfig(live).DEMO).toBe(false)
    expect(loadConfig({ NODE_ENV: 'development', DEMO: 'false' }).DEMO).toBe(false)
  })

  it('refuses DEMO=true in production with one line that says why', () => {
    expect(() => loadConfig({ ...live, DEMO: 'true' })).toThrow(
      /^invalid configuration: DEMO: demo mode is refused in production[^\n]*$/,
    )
  })

  it('refuses the gateway secret published in the source, in production and outside it', () => {
    for (const NODE_ENV of ['production', 'development', 'test']) {
      expect(
        () => loadConfig({ ...live, NODE_ENV, PAYMENT_GATEWAY_SECRET: publishedGatewaySecret }),
        NODE_ENV,
      ).toThrow(/PAYMENT_GATEWAY_SECRET: is the example value published in the source/)
    }
    expect(loadConfig(live).PAYMENT_GATEWAY_SECRET).toBeUndefined()
    expect(() => loadConfig({ PAYMENT_GATEWAY_SECRET: 'short' })).toThrow(/PAYMENT_GATEWAY_SECRET/)
  })

  it('refuses to start in production without the proxy in front or with the placeholder push contact', () => {
    const { TRUST_PROXY: _proxy, ...noProxy } = live
    for (const env of [noProxy, { ...live, TRUST_PROXY: '' }, { ...live, TRUST_PROXY: 'false' }]) {
      expect(() => loadConfig(env), JSON.stringify(env)).toThrow(
        /^invalid configuration: TRUST_PROXY: is required in production: .*session cookies are Secure/,
      )
    }
    const { PUSH_CONTACT: _contact, ...noContact } = live
    for (const env of [noContact, { ...live, PUSH_CONTACT: 'mailto:operator@localhost' }]) {
      expect(() => loadConfig(env), JSON.stringify(env)).toThrow(
        /^invalid configuration: PUSH_CONTACT: is required in production: .*VAPID subject/,
      )
    }
    // Both missing: both named, one line each.
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/\n {2}TRUST_PROXY: .*\n {2}PUSH_CONTACT: /)
    const ok = loadConfig({ ...live, TRUST_PROXY: 'true' })
    expect([ok.trustProxy, ok.PUSH_CONTACT]).toEqual([true, 'mailto:ops@lotus.example'])
    expect(loadConfig(live).trustProxy).toEqual(['10.0.0.0/8'])
  })

  it('keeps its defaults outside production: no proxy, a placeholder push contact', () => {
    for (const NODE_ENV of ['development', 'test']) {
      const c = loadConfig({ NODE_ENV })
      expect([c.trustProxy, c.PUSH_CONTACT], NODE_ENV).toEqual([false, 'mailto:operator@localhost'])
    }
  })

  it('takes a real gateway only with its own secret, and only over https', () => {
    expect(() => loadConfig({ PAYMENT_GATEWAY_URL: 'https://pay.example/checkout' })).toThrow(
      /PAYMENT_GATEWAY_SECRET: is required with PAYMENT_GATEWAY_URL/,
    )
    expect(() =>
      loadConfig({
        PAYMENT_GATEWAY_URL: 'http://pay.example/checkout',
        PAYMENT_GATEWAY_SECRET: 'x'.repeat(32),
      }),
    ).toThrow(/PAYMENT_GATEWAY_URL/)
  })
})

describe('a production install with a real payment gateway', () => {
  let server: TestServer
  const secret = 'real-gateway-secret-0123456789'

  beforeAll(async () => {
    server = await build({
      empty: true,
      config: {
        ...production,
        PAYMENT_GATEWAY_URL: 'https://pay.example/checkout',
        PAYMENT_GATEWAY_SECRET: secret,
      },
    })
    const ops = (...argv: string[]) => runOps(server, ...argv)
    await ops(
      'brand',
      'create',
      'LIVE',
      '--name',
      'Live',
      '--currency',
      'VND',
      '--decimals',
      '0',
      '--language',
      'vi',
      '--timezone',
      'Asia/Ho_Chi_Minh',
    )
    await ops('payment-method', 'add-online', 'CARD', '--name', 'Card', '--min', '10000', '--max', '5000000')
  })
  afterAll(async () => {
    await server?.close()
  })

  it('sends the member to the real gateway and credits only a callback signed with its secret', async () => {
    const m = await moneyMember(server, undefined, 'gw')
    const res = await moneyCall(server, m.token, '/wps/relay/newDepositPG', {
      methodCode: 'CARD',
      amount: '20000',
    })
    const v = valueOf(res, (x) => z.object({ deposit: DepositSchema, redirectUrl: z.string() }).parse(x))
    expect(v.redirectUrl).toMatch(/^https:\/\/pay\.example\/checkout\?order=DP[0-9A-F]{18}$/)
    const order = new URL(v.redirectUrl).searchParams.get('order') ?? ''
    const demoPage = await server.app.inject({ method: 'GET', url: `/gateway/demo/pay?order=${order}` })
    expect(demoPage.statusCode).toBe(404)

    const body = JSON.stringify({ order, amount: '20000', status: 'PAID', paidAt: Date.now() })
    const post = (signature: string) =>
      server.app.inject({
        method: 'POST',
        url: callbackPath,
        headers: { 'content-type': 'application/json', [signatureHeader]: signature },
        payload: body,
      })
    expect((await post(signCallback(publishedGatewaySecret, body))).statusCode).toBe(403)
    expect((await post(signCallback(secret, body))).statusCode).toBe(200)
    const [row] = await server.db.select().from(deposits).where(eq(deposits.gatewayOrder, order))
    expect(row?.status).toBe('CREDITED')
  })
})

describe('demo mode without a configured gateway secret', () => {
  let server: TestServer

  beforeAll(async () => {
    server = await build({ config: { PAYMENT_GATEWAY_SECRET: undefined } })
  })
  afterAll(async () => {
    await server?.close()
  })

  it('refuses a callback forged with the secret published in the source; its own page still pays', async () => {
    const m = await moneyMember(server)
    const res = await moneyCall(server, m.token, '/wps/relay/newDepositPG', {
      methodCode: 'DEMOPAY',
      amount: '25.00',
    })
    const v = valueOf(res, (x) => z.object({ deposit: DepositSchema, redirectUrl: z.string() }).parse(x))
    const order = new URL(v.redirectUrl, 'http://x').searchParams.get('order') ?? ''
    const body = JSON.stringify({ order, amount: '2500', status: 'PAID', paidAt: Date.now() })
    const forged = await server.app.inject({
      method: 'POST',
      url: callbackPath,
      headers: {
        'content-type': 'application/json',
        [signatureHeader]: signCallback(publishedGatewaySecret, body),
      },
      payload: body,
    })
    expect(forged.statusCode).toBe(403)
    expect(failureOf(forged).errorCode).toBe('forbidden')
    expect(await mainMinor(server, m.token)).toBe(0n)

    // The install made a secret of its own, and the demo page signs with it.
    const [stored] = await server.db
      .select()
      .from(installSecrets)
      .where(eq(installSecrets.name, 'demo-gateway'))
    expect(stored?.value).toMatch(/^[\w-]{43}$/)
    const paid = await server.app.inject({
      method: 'POST',
      url: '/gateway/demo/pay',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `order=${order}&outcome=PAID`,
    })
    expect(paid.statusCode).toBe(303)
    expect(await mainMinor(server, m.token)).toBe(2500n)
  })
})

describe('a database that once ran in demo mode, started in production', () => {
  let server: TestServer

  beforeAll(async () => {
    server = await build({ config: { ...production, MERCHANT_CODE: 'DEMO' } })
  })
  afterAll(async () => {
    await server?.close()
  })

  it('warns about the demo accounts and refuses the demo online method and gateway', async () => {
    const notes = (await installNotes(server.db, 'DEMO', server.services.gateway)).join('\n')
    expect(notes).toMatch(/holds the demo accounts .*published passwords/)
    expect(notes).toMatch(/online deposit methods DEMOPAY are refused: no payment gateway is configured/)

    const m = await moneyMember(server, undefined, 'up')
    const res = await moneyCall(server, m.token, '/wps/relay/newDepositPG', {
      methodCode: 'DEMOPAY',
      amount: '25.00',
    })
    expect(res.statusCode).toBe(404)
    expect(failureOf(res).errorCode).toBe('deposit_method_unknown')
    const [{ n } = { n: -1 }] = await server.db.select({ n: count() }).from(deposits)
    expect(n).toBe(0)
    const pay = await server.app.inject({
      method: 'POST',
      url: '/gateway/demo/pay',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'order=DP000000000000000000&outcome=PAID',
    })
    expect(pay.statusCode).toBe(404)
  })
})
