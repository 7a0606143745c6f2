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
import { loadConfig } from '#server/config/env'
import { depositMethods, deposits, members, merchants, operatorActions } from '#server/db/schema'
import { seedForStart } from '#server/db/seed'
import { callbackPath } from '#server/money/demo-gateway'
import { OpsError } from '#server/ops/commands'
import { startOpsServer } from '#server/ops/ops-server'
import { installNotes } from '#server/system/golive-commands'
import { build, runOps, type TestServer } from '../build-server'
import {
  failureOf,
  login,
  loginValue,
  memberNamed,
  plainCall,
  sealedCall,
  solveCaptcha,
  tokenOf,
  valueOf,
} from '../identity-helpers'
import { mainMinor, moneyCall } from '../money-helpers'

/** What production needs beyond NODE_ENV: the proxy in front and the operator's push contact. */
const live = { NODE_ENV: 'production', TRUST_PROXY: '10.0.0.0/8', PUSH_CONTACT: 'mailto:ops@lotus.example' }

const production = {
  NODE_ENV: 'production',
  DEMO: false,
  DEV_TOOLS: false,
  MERCHANT_CODE: 'LIVE',
  PAYMENT_GATEWAY_SECRET: undefined,
} as const

describe('a production install', () => {
  let server: TestServer

  beforeAll(async () => {
    server = await build({ empty: true, config: production })
  })
  afterAll(async () => {
    await server?.close()
  })

  const ops = (...argv: string[]) => runOps(server, ...argv)

  it('seeds nothing at start and prints the go-live steps', async () => {
    const config = loadConfig({ ...live, MERCHANT_CODE: 'LIVE' })
    expect(await seedForStart(server.db, config, server.services.passwords.hash)).toBe(false)
    const [brands] = await server.db.select({ n: count() }).from(merchants)
    const [accounts] = await server.db.select({ n: count() }).from(members)
    expect([brands?.n, accounts?.n]).toEqual([0, 0])
    const notes = (await installNotes(server.db, 'LIVE', server.services.gateway)).join('\n')
    expect(notes).toContain('brand LIVE does not exist yet')
    expect(notes).toContain('npm run ops -- brand create LIVE')
  })

  it('answers API requests with one clear enveloped error until the brand exists', async () => {
    for (const url of [
      '/wps/system/status',
      '/wps/system/settings/consolidated',
      '/wps/system/whitelabel',
      // The router reads %77 as w: the gate must too.
      '/%77ps/system/country',
      '/%77ps/system/whitelabel',
      '/lgw/games/game_menus',
    ]) {
      const res = await plainCall(server, 'GET', url)
      expect(res.statusCode, url).toBe(422)
      expect(failureOf(res)).toMatchObject({ errorCode: 'merchant.acct.setup.err' })
      expect(failureOf(res).message).toMatch(/brand LIVE is not set up yet/)
    }
    // Before any body is read or decrypted: the demo accounts' login is not even tried.
    const res = await plainCall(server, 'POST', '/wps/session/login', {
      body: { username: 'player01', password: 'lotus123' },
    })
    expect(failureOf(res).errorCode).toBe('merchant.acct.setup.err')
  })

  describe('going live through the operator CLI', () => {
    let agentPassword = ''
    let agentToken = ''
    const memberIp = '198.51.100.7'

    it('refuses a brand with bad or missing settings, each with a clear line', async () => {
      const base = ['--name', 'Live Play', '--currency', 'USD', '--decimals', '2', '--language', 'en']
      const cases: [string[], RegExp][] = [
        [['LIVE', ...base], /--timezone is required/],
        [['LIVE', ...base, '--timezone', 'Mars/Olympus'], /not an IANA time zone/],
        [['LIVE', ...base.slice(0, 4), '--decimals', '7', '--language', 'en', '--timezone', 'UTC'], /0 to 4/],
        [
          [
            'LIVE',
            '--name',
            'x',
            '--currency',
            'ABC',
            '--decimals',
            '2',
            '--language',
            'en',
            '--timezone',
            'UTC',
          ],
          /ISO 4217/,
        ],
        [
          ['LIVE', ...base.slice(0, 6), '--language', 'de', '--timezone', 'UTC'],
          /--language is one of km, en/,
        ],
        [['OTHER', ...base, '--timezone', 'UTC'], /this install serves brand LIVE \(MERCHANT_CODE\)/],
      ]
      for (const [args, message] of cases) {
        await expect(ops('brand', 'create', ...args), args.join(' ')).rejects.toThrow(message)
      }
      await expect(ops('brand', 'create', 'LIVE', '--colour', 'red')).rejects.toBeInstanceOf(OpsError)
      const [brands] = await server.db.select({ n: count() }).from(merchants)
      expect(brands?.n).toBe(0)
    })

    it('creates the brand with its currency, decimals, language and time zone', async () => {
      const out = await ops(
        'brand',
        'create',
        'live',
        '--name',
        'Live Play',
        '--currency',
        'usd',
        '--decimals',
        '2',
        '--language',
        'en',
        '--timezone',
        'Asia/Phnom_Penh',
      )
      expect(out).toContain('brand LIVE created')
      const [m] = await server.db.select().from(merchants).where(eq(merchants.code, 'LIVE'))
      expect(m).toMatchObject({
        name: 'Live Play',
        currency: 'USD',
        currencySymbol: '$',
        currencyDecimals: 2,
        defaultLanguage: 'en',
        timeZone: 'Asia/Phnom_Penh',
      })
      await expect(
        ops(
          'brand',
          'create',
          'LIVE',
          '--name',
          'Again',
          '--currency',
          'USD',
          '--decimals',
          '2',
          '--language',
          'en',
          '--timezone',
          'UTC',
        ),
      ).rejects.toThrow(/exists already/)
      const status = await plainCall(server, 'GET', '/wps/system/status')
      expect(status.statusCode).toBe(200)
    })

    it('installs with no screenshots until the operator adds the brand’s own, each checked against Chrome’s rules', async () => {
      const manifest = async () =>
        (await server.app.inject({ method: 'GET', url: '/manifest.webmanifest' })).json<{
          name: string
          screenshots?: Record<string, string>[]
        }>()
      expect(await manifest()).not.toHaveProperty('screenshots')
      expect(await ops('brand', 'screenshot', 'list')).toContain('lists no screenshots')
      await ops(
        'brand',
        'screenshot',
        'add',
        'https://cdn.live.example/shots/lobby.webp',
        '720x1280',
        'narrow',
        'The',
        'lobby',
      )
      const out = await ops(
        'brand',
        'screenshot',
        'add',
        '/brand/shots/desk.png?v=2',
        '1280x720',
        'wide',
        'Every game',
      )
      expect(out).toContain('2. wide 1280x720 image/png /brand/shots/desk.png?v=2 "Every game"')
      const m = await manifest()
      expect(m.name).toBe('Live Play')
      expect(m.screenshots).toEqual([
        {
          src: 'https://cdn.live.example/shots/lobby.webp',
          sizes: '720x1280',
          type: 'image/webp',
          form_factor: 'narrow',
          label: 'The lobby',
        },
        {
          src: '/brand/shots/desk.png?v=2',
          sizes: '1280x720',
          type: 'image/png',
          form_factor: 'wide',
          label: 'Every game',
        },
      ])
      const refused: [string[], RegExp][] = [
        [['http://cdn.live.example/a.webp', '720x1280', 'narrow', 'x'], /https:\/\/ address or a path/],
        [['javascript:alert(1)', '720x1280', 'narrow', 'x'], /https:\/\/ address or a path/],
        [['/a.gif', '720x1280', 'narrow', 'x'], /\.webp, \.png or \.jpg/],
        [['/a.webp', '1280x720', 'narrow', 'x'], /narrow screenshot is taller than wide/],
        [['/a.webp', '300x1280', 'narrow', 'x'], /each side is 320 to 3840 pixels/],
        [['/a.webp', '400x1280', 'narrow', 'x'], /at most 2.3 times/],
        [['/a.webp', '720x1280', 'tall', 'x'], /narrow \(a phone\) or wide/],
        [['/a.webp', '720x1280', 'narrow'], /the label is required/],
        [['/a.webp', '720 by 1280', 'narrow', 'x'], /WIDTHxHEIGHT/],
      ]
      for (const [args, message] of refused) {
        await expect(ops('brand', 'screenshot', 'add', ...args), args.join(' ')).rejects.toThrow(message)
      }
      expect((await manifest()).screenshots).toHaveLength(2)
      expect(await ops('brand', 'screenshot', 'clear')).toContain('screenshots cleared')
      expect(await manifest()).not.toHaveProperty('screenshots')
    })

    it('has no demo gateway: its pages and the callback are not found, in the envelope', async () => {
      for (const [method, url] of [
        ['GET', '/gateway/demo/pay?order=DP000000000000000000'],
        ['POST', '/gateway/demo/pay'],
        ['POST', callbackPath],
      ] as const) {
        const res = await server.app.inject({
          method,
          url,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: method === 'POST' ? 'order=DP000000000000000000&outcome=PAID' : undefined,
        })
        expect(res.statusCode, url).toBe(404)
        expect(failureOf(res).errorCode).toBe('not_found')
      }
    })

    it('has no demo accounts: player01 with the published password cannot log in', async () => {
      const res = await login(server, { username: 'player01', password: 'lotus123' })
      expect(res.statusCode).toBe(401)
      expect(failureOf(res).errorCode).toBe('invalid_credentials')
    })

    it('creates the top agent with a one-time password that must be changed first', async () => {
      const out = await ops('agent', 'create', 'boss01', '--code', 'boss01')
      agentPassword = /one-time password: (\S+)/.exec(out)?.[1] ?? ''
      expect(agentPassword).toMatch(/^(?=.*[a-z])(?=.*\d)[a-z0-9]{12}$/)
      const agent = await memberNamed(server, 'boss01')
      expect(agent).toMatchObject({
        type: 1,
        parentId: null,
        affiliateCode: 'BOSS01',
        mustChangePassword: true,
      })

      const first = loginValue(
        await login(server, { username: 'boss01', password: agentPassword, entrance: 'agent' }),
      )
      expect(first.mustChangePassword).toBe(true)
      const blocked = await plainCall(server, 'GET', '/wps/v2/wallets/balance', { token: first.token })
      expect(failureOf(blocked).errorCode).toBe('password_change_required')

      const changed = await sealedCall(
        server,
        'POST',
        '/wps/member/password',
        { oldPassword: agentPassword, newPassword: 'boss2024x', confirmNewPassword: 'boss2024x' },
        { token: first.token },
      )
      expect(changed.statusCode, changed.body).toBe(200)
      const again = loginValue(
        await login(server, { username: 'boss01', password: 'boss2024x', entrance: 'agent' }),
      )
      expect(again.mustChangePassword).toBe(false)
      agentToken = again.token
      expect(
        (await plainCall(server, 'GET', '/wps/v2/wallets/balance', { token: agentToken })).statusCode,
      ).toBe(200)
      expect((await login(server, { username: 'boss01', password: agentPassword })).statusCode).toBe(401)
    })

    it('refuses an online method without a real gateway, saying why, and adds a bank account', async () => {
      await expect(
        ops('payment-method', 'add-online', 'CARD', '--name', 'Card', '--min', '5', '--max', '100'),
      ).rejects.toThrow(/needs a real payment gateway.*PAYMENT_GATEWAY_URL.*PAYMENT_GATEWAY_SECRET/)
      await expect(
        ops('payment-method', 'add-bank', 'BANK', '--name', 'Bank transfer', '--min', '10', '--max', '5000'),
      ).rejects.toThrow(/--bank is required/)
      await expect(
        ops(
          'payment-method',
          'add-bank',
          'BANK',
          '--name',
          'Bank transfer',
          '--bank',
          'ABA Bank',
          '--account-name',
          'Live Play Co., Ltd.',
          '--account-number',
          '000 111 222',
          '--min',
          '10.005',
          '--max',
          '5000',
        ),
      ).rejects.toThrow(/at most 2 decimals/)
      const out = await ops(
        'payment-method',
        'add-bank',
        'BANK',
        '--name',
        'Bank transfer',
        '--bank',
        'ABA Bank',
        '--account-name',
        'Live Play Co., Ltd.',
        '--account-number',
        '000 111 222',
        '--min',
        '10',
        '--max',
        '5000',
      )
      expect(out).toContain('deposit method BANK added')
      const rows = await server.db
        .select()
        .from(depositMethods)
        .where(eq(depositMethods.merchantCode, 'LIVE'))
      expect(rows).toEqual([
        expect.objectContaining({
          code: 'BANK',
          kind: 'BANK_TRANSFER',
          minAmount: 1000n,
          maxAmount: 500000n,
        }),
      ])
      expect(await ops('go-live')).toMatch(/\[x\] deposit methods \(1 on\)/)
    })

    it('runs the same commands through the running server’s operator API', async () => {
      const opsServer = await startOpsServer(server.services, 'LIVE', 0)
      try {
        const runAs = async (operator: string | null, ...argv: string[]) => {
          const res = await fetch(`${opsServer.url}/ops/run`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'x-ops-token': opsServer.token },
            body: JSON.stringify({ argv, operator }),
          })
          return {
            status: res.status,
            body: z.object({ ok: z.boolean(), output: z.string() }).parse(await res.json()),
          }
        }
        const run = (...argv: string[]) => runAs('ops-lead', ...argv)
        // A change needs a named operator: refused in one line, nothing written.
        const unnamed = await runAs(null, 'agent', 'create', 'boss03')
        expect(unnamed.status).toBe(422)
        expect(unnamed.body.output).toMatch(/--as <name> or OPERATOR=<name>/)
        expect(await server.db.select().from(members).where(eq(members.username, 'boss03'))).toEqual([])
        const online = await run(
          'payment-method',
          'add-online',
          'CARD',
          '--name',
          'Card',
          '--min',
          '5',
          '--max',
          '9',
        )
        expect(online.status).toBe(422)
        expect(online.body.output).toMatch(/needs a real payment gateway/)
        const agent = await run('agent', 'create', 'boss02')
        expect(agent.body).toMatchObject({
          ok: true,
          output: expect.stringMatching(/one-time password: \S{12}/),
        })
        expect(await memberNamed(server, 'boss02')).toMatchObject({ type: 1, mustChangePassword: true })
        const trail = await server.db
          .select()
          .from(operatorActions)
          .where(eq(operatorActions.merchantCode, 'LIVE'))
        expect(trail.at(-1)).toMatchObject({
          operator: 'ops-lead',
          action: 'agent create',
          words: ['agent', 'create', 'boss02'],
        })
        // The refused ones left no row.
        expect(trail.filter((r) => r.words.includes('boss03') || r.words.includes('CARD'))).toEqual([])
      } finally {
        await opsServer.app.close()
      }
    })

    it('takes a member who registers under the agent from bank transfer to a credited balance', async () => {
      const captcha = await solveCaptcha(server, { ip: memberIp })
      const reg = await sealedCall(
        server,
        'PUT',
        '/wps/member/register',
        {
          username: 'firstfan1',
          password: 'fan12345',
          confirmPassword: 'fan12345',
          termsAccepted: true,
          captcha: captcha.answer,
          affiliateCode: 'BOSS01',
        },
        { ip: memberIp, captchaId: captcha.id },
      )
      expect(reg.statusCode, reg.body).toBe(200)
      const fan = await memberNamed(server, 'firstfan1')
      expect(fan.parentId).toBe((await memberNamed(server, 'boss01')).id)

      const token = await tokenOf(server, 'firstfan1', 'fan12345', { ip: memberIp })
      const methods = await plainCall(server, 'GET', '/wps/relay/MCSFE_getDepositMethods', { token })
      expect(methods.body).toContain('000 111 222')
      const d = valueOf(
        await moneyCall(server, token, '/wps/relay/depositTransferGeneric', {
          methodCode: 'BANK',
          amount: '120.50',
          reference: 'ABA 445566',
        }),
        (v) => DepositSchema.parse(v),
      )
      expect(d.status).toBe('PENDING')
      expect(await mainMinor(server, token)).toBe(0n)

      expect(await ops('deposits', 'list')).toContain(`#${d.id}`)
      expect(await ops('deposits', 'approve', String(d.id))).toContain('credited: 120.50')
      expect(await mainMinor(server, token)).toBe(12050n)
      const [row] = await server.db.select().from(deposits).where(eq(deposits.id, d.id))
      expect(row?.status).toBe('CREDITED')
      expect(await ops('reconcile')).toMatch(/^ledger reconciles/)
    })
  })
})
