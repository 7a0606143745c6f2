/**
 * The agent's invitation: the code check the registration form makes (a code and the
 * address the page is on), the agent's own code and link (made on first ask, once, also
 * under 20 asks at once), who may ask for it, and the page a shared link previews with
 * (Open Graph) for a crawler's plain `Accept: *\/*` as for a browser.
 */
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { InvitationSchema } from '#contract/agent-invite'
import { successEnvelope } from '#contract/envelope'
import { identityEndpoints } from '#contract/identity'
import { referralEndpoints } from '#contract/referral'
import { createInviteRepository } from '#server/agent/invite-repository'
import { createInviteService } from '#server/agent/invite-service'
import { members } from '#server/db/schema'
import { build, runOps, type TestServer } from '../build-server'
import { createMember, failureOf, plainCall, tokenOf } from '../identity-helpers'

let server: TestServer

interface Account {
  id: number
  username: string
  token: string
}

let n = 0
async function account(type: number, parentId?: number): Promise<Account> {
  n += 1
  const username = `inv${type}x${n}${process.pid % 1000}`
  const row = await createMember(server, { username, password: 'lotus123', type, parentId })
  return { id: row.id, username: row.username, token: await tokenOf(server, username, 'lotus123') }
}

const invitation = (token?: string) =>
  plainCall(server, 'GET', referralEndpoints.details.path, token === undefined ? {} : { token })
const invitationOf = async (token: string) => {
  const res = await invitation(token)
  expect(res.statusCode, res.body).toBe(200)
  return successEnvelope(InvitationSchema).parse(res.json()).value
}

async function guestToken(): Promise<string> {
  const guest = await plainCall(server, 'POST', '/wps/session/login/freeplay', { body: {} })
  return (guest.json() as { value: { token: string } }).value.token
}

async function codeCheck(code: string, domain?: string): Promise<boolean> {
  const q = new URLSearchParams({ code, ...(domain === undefined ? {} : { domain }) })
  const res = await plainCall(server, 'GET', `${identityEndpoints.affiliate.path}?${q}`)
  expect(res.statusCode, res.body).toBe(200)
  return (res.json() as { value: { valid: boolean } }).value.valid
}

// agent ── sub (agent) ── deep (member); other agent; plain member
let agent: Account
let sub: Account
let other: Account
let plain: Account

beforeAll(async () => {
  server = await build()
  agent = await account(1)
  sub = await account(2, agent.id)
  await account(0, sub.id)
  await account(0, agent.id)
  other = await account(41)
  plain = await account(0)
})

afterAll(async () => {
  await server.close()
})

describe('the invitation code check (/wps/agent/affiliate)', () => {
  it("takes an active agent's code in any case, on the brand's own address", async () => {
    expect(await codeCheck('LOTUS01', 'localhost:5173')).toBe(true)
    expect(await codeCheck('lotus01', '127.0.0.1')).toBe(true)
    expect(await codeCheck(' LOTUS01 ', 'https://localhost/register')).toBe(true)
    // The platform's older clients send no domain.
    expect(await codeCheck('LOTUS01')).toBe(true)
  })

  it('refuses a code on an address that is not the brand’s, and an unknown code', async () => {
    expect(await codeCheck('LOTUS01', 'copycat.example')).toBe(false)
    expect(await codeCheck('LOTUS01', 'localhost.copycat.example')).toBe(false)
    expect(await codeCheck('NOSUCH99', 'localhost')).toBe(false)
  })

  it("takes a member's referral code too (decision 032), not a disabled member's", async () => {
    await server.db.update(members).set({ affiliateCode: 'PLAIN001' }).where(eq(members.id, plain.id))
    try {
      expect(await codeCheck('PLAIN001', 'localhost')).toBe(true)
      await server.db.update(members).set({ status: 'disabled' }).where(eq(members.id, plain.id))
      expect(await codeCheck('PLAIN001', 'localhost')).toBe(false)
    } finally {
      await server.db
        .update(members)
        .set({ affiliateCode: null, status: 'active' })
        .where(eq(members.id, plain.id))
    }
  })

  it('takes a code on the address the server answers at, when the brand lists others', async () => {
    const res = await server.app.inject({
      method: 'GET',
      url: `${identityEndpoints.affiliate.path}?code=LOTUS01&domain=play.example`,
      headers: { host: 'play.example' },
    })
    expect((res.json() as { value: { valid: boolean } }).value.valid).toBe(true)
  })

  it('takes a code the server gave an agent', async () => {
    const { referralCode } = await invitationOf(sub.token)
    expect(await codeCheck(referralCode, 'localhost')).toBe(true)
  })
})

describe('who may ask for an invitation', () => {
  it('refuses a visitor and a guest', async () => {
    expect((await invitation()).statusCode).toBe(401)
    const asGuest = await invitation(await guestToken())
    expect(asGuest.statusCode).toBe(403)
    expect(failureOf(asGuest).errorCode).toBe('in_need_true_account')
  })

  it('gives each agent their own code only: the agent, a sub-agent and another team’s agent', async () => {
    const mine = await invitationOf(agent.token)
    const subs = await invitationOf(sub.token)
    const others = await invitationOf(other.token)
    expect(new Set([mine.referralCode, subs.referralCode, others.referralCode]).size).toBe(3)
    expect(mine.totalInvitations).toBe(2)
    expect(subs.totalInvitations).toBe(1)
    expect(others.totalInvitations).toBe(0)
    // Asked again: the same code.
    expect((await invitationOf(agent.token)).referralCode).toBe(mine.referralCode)
    const stored = await server.db.select().from(members).where(eq(members.id, agent.id))
    expect(stored[0]?.affiliateCode).toBe(mine.referralCode)
    expect(JSON.stringify(subs)).not.toContain(mine.referralCode)
  })

  it("keeps an agent's code they already have (the demo's LOTUS01)", async () => {
    const demo = await invitationOf(await tokenOf(server, 'agent01', 'lotus123'))
    expect(demo.referralCode).toBe('LOTUS01')
    expect(demo.registerUrl).toBe('http://localhost:80/register?referralCode=LOTUS01')
    expect(demo.promotionDomains).toEqual(['127.0.0.1', 'localhost'])
  })

  it('is switched off with AFFMAN3', async () => {
    await runOps(server, 'flag', 'set', 'AFFMAN3', 'off')
    try {
      const res = await invitation(agent.token)
      expect(failureOf(res).errorCode).toBe('feature_disabled')
    } finally {
      await runOps(server, 'flag', 'set', 'AFFMAN3', 'on')
    }
  })
})

describe('the code an agent is given', () => {
  it('is one code for 20 asks at once', async () => {
    const fresh = await account(1)
    const answers = await Promise.all(Array.from({ length: 20 }, () => invitation(fresh.token)))
    expect(answers.map((r) => r.statusCode)).toEqual(Array(20).fill(200))
    const codes = new Set(
      answers.map((r) => successEnvelope(InvitationSchema).parse(r.json()).value.referralCode),
    )
    expect(codes.size).toBe(1)
    const [row] = await server.db.select().from(members).where(eq(members.id, fresh.id))
    expect(codes.has(row?.affiliateCode ?? '')).toBe(true)
  })

  it('is drawn again when another agent of the brand holds it', async () => {
    const fresh = await account(1)
    const draws = ['LOTUS01', 'LOTUS01', 'FRESH777']
    const service = createInviteService({
      invites: createInviteRepository(server.db),
      domains: async () => [],
      publicUrl: 'https://play.example/',
      now: () => new Date(),
      drawCode: () => draws.shift() ?? 'NEVER000',
    })
    const answer = await service.invitation(server.config.MERCHANT_CODE, fresh.id, {
      protocol: 'http',
      host: 'internal:8080',
    })
    expect(answer.referralCode).toBe('FRESH777')
    expect(answer.registerUrl).toBe('https://play.example/register?referralCode=FRESH777')
  })
})

describe('the preview of a shared link (Open Graph)', () => {
  const inviteUrl = '/register?referralCode=LOTUS01'
  const meta = (html: string, key: string) =>
    new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)"`).exec(html)?.[1]

  it.each([
    ['a crawler’s plain Accept: */*', { accept: '*/*' }],
    ['a crawler that sends no Accept', {}],
    ['a browser', { accept: 'text/html,application/xhtml+xml', 'sec-fetch-mode': 'navigate' }],
  ])(
    'answers %s with the page and the brand’s name, picture, description and the link',
    async (_who, headers) => {
      const res = await server.app.inject({ method: 'GET', url: inviteUrl, headers })
      expect(res.statusCode).toBe(200)
      expect(res.headers['content-type']).toMatch(/text\/html/)
      // The page's own name in the brand's language, then the brand's.
      expect(meta(res.body, 'og:title')).toBe('ចុះឈ្មោះ · Lotus Play')
      expect(meta(res.body, 'og:site_name')).toBe('Lotus Play')
      // The brand's own language when the crawler has none.
      expect(meta(res.body, 'og:description')).toMatch(/^ឆ្នោត/)
      expect(meta(res.body, 'og:image')).toBe('http://localhost:80/brand/share.jpg?v=1')
      expect(meta(res.body, 'og:url')).toBe('http://localhost:80/register?referralCode=LOTUS01')
      expect(meta(res.body, 'twitter:card')).toBe('summary_large_image')
      expect(meta(res.body, 'twitter:image')).toBe('http://localhost:80/brand/share.jpg?v=1')
    },
  )

  it('previews the home page too, in the language the visitor chose', async () => {
    for (const url of ['/', '/index']) {
      const res = await server.app.inject({
        method: 'GET',
        url,
        headers: { accept: '*/*', cookie: 'lang=en' },
      })
      expect(res.statusCode).toBe(200)
      expect(meta(res.body, 'og:description')).toMatch(/^Lottery, live casino/)
      expect(meta(res.body, 'description')).toMatch(/^Lottery, live casino/)
      expect(meta(res.body, 'og:url')).toBe(`http://localhost:80${url}`)
    }
  })

  it('still answers a page’s own fetch or a missing file with the 404 envelope, never the page', async () => {
    for (const [url, headers] of [
      [inviteUrl, { accept: '*/*', 'sec-fetch-mode': 'cors', 'sec-fetch-dest': 'empty' }],
      ['/assets/app-missing.js', { accept: '*/*' }],
      ['/brand/missing.png', {}],
    ] as const) {
      const res = await server.app.inject({ method: 'GET', url, headers })
      expect(res.statusCode).toBe(404)
      expect(res.body).not.toContain('og:title')
    }
  })

  it('takes the operator’s picture and words, escaped, and the icon once the picture is removed', async () => {
    await runOps(server, 'brand', 'share', 'description', 'en', 'Play "big" <b>now</b> & win')
    await runOps(server, 'brand', 'share', 'image', 'https://cdn.example/share.png')
    let res = await server.app.inject({
      method: 'GET',
      url: inviteUrl,
      headers: { accept: '*/*', cookie: 'lang=en' },
    })
    expect(meta(res.body, 'og:description')).toBe('Play &quot;big&quot; &lt;b&gt;now&lt;/b&gt; &amp; win')
    expect(res.body).not.toContain('<b>now</b>')
    expect(meta(res.body, 'og:image')).toBe('https://cdn.example/share.png')
    await runOps(server, 'brand', 'share', 'image', 'none')
    res = await server.app.inject({ method: 'GET', url: inviteUrl, headers: { accept: '*/*' } })
    expect(meta(res.body, 'og:image')).toBe('http://localhost:80/brand/icon-512.png')
    expect(meta(res.body, 'twitter:card')).toBe('summary')
    const shown = await runOps(server, 'brand', 'share', 'show')
    expect(shown).toContain('description en: Play "big" <b>now</b> & win')
    await expect(runOps(server, 'brand', 'share', 'image', 'javascript:alert(1)')).rejects.toThrow(
      /https:\/\/… or a \/path/,
    )
    await expect(runOps(server, 'brand', 'share', 'description', 'fr', 'Bonjour')).rejects.toThrow(
      /--lang is one of/,
    )
  })
})
