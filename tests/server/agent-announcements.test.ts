/**
 * Announcements for agents: posted by the operator with `announcement add --audience agent`
 * (audited), read on the agent centre's page by agents only, and never answered to a member,
 * a guest or a visitor by any endpoint or page that carries announcements.
 */
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { agentInviteEndpoints } from '#contract/agent-invite'
import { agentAnnouncementType, contentEndpoints } from '#contract/content'
import { successEnvelope } from '#contract/envelope'
import { announcements, operatorActions } from '#server/db/schema'
import { demoAgentAnnouncements } from '#server/db/seed-agent-announcements'
import { build, runOps, type TestServer } from '../build-server'
import { createMember, failureOf, plainCall, tokenOf } from '../identity-helpers'

let server: TestServer

interface Account {
  id: number
  token: string
}

let n = 0
async function account(type: number, parentId?: number): Promise<Account> {
  n += 1
  const username = `ann${type}x${n}${process.pid % 1000}`
  const row = await createMember(server, { username, password: 'lotus123', type, parentId })
  return { id: row.id, token: await tokenOf(server, username, 'lotus123') }
}

const pageSchema = successEnvelope(agentInviteEndpoints.announcements.response)
const agentList = (token: string | undefined, language = 'EN', query = '') =>
  plainCall(server, 'GET', `${agentInviteEndpoints.announcements.path}${query}`, {
    ...(token === undefined ? {} : { token }),
    headers: { language },
  })
async function titlesFor(token: string, language = 'EN'): Promise<string[]> {
  const res = await agentList(token, language)
  expect(res.statusCode, res.body).toBe(200)
  return pageSchema.parse(res.json()).value.list.map((a) => a.title)
}

async function guestToken(): Promise<string> {
  const guest = await plainCall(server, 'POST', '/wps/session/login/freeplay', { body: {} })
  return (guest.json() as { value: { token: string } }).value.token
}

let agent: Account
let sub: Account
let other: Account
let plain: Account
const secret = 'Agents only: the October rebate table'

beforeAll(async () => {
  server = await build()
  agent = await account(1)
  sub = await account(2, agent.id)
  other = await account(42)
  plain = await account(0, agent.id)
  await runOps(server, 'announcement', 'add', '--audience', 'agent', 'en', secret, '<p>For', 'agents</p>')
})

afterAll(async () => {
  await server.close()
})

describe('posting an announcement for agents', () => {
  it('adds a row of the agents’ type and its line in the audit trail', async () => {
    const rows = await server.db
      .select()
      .from(announcements)
      .where(and(eq(announcements.title, secret), eq(announcements.type, agentAnnouncementType)))
    expect(rows).toHaveLength(1)
    const [audit] = await server.db
      .select()
      .from(operatorActions)
      .where(eq(operatorActions.target, `announcement ${rows[0]?.id}`))
    expect(audit).toMatchObject({ action: 'announcement add', operator: 'test-operator' })
  })

  it('refuses the agents’ type written as a members’ one, and a made-up audience', async () => {
    await expect(runOps(server, 'announcement', 'add', 'AG', 'en', 'x', 'y')).rejects.toThrow(
      /type is one of B, PL, PU, PR, H/,
    )
    await expect(runOps(server, 'announcement', 'add', '--audience', 'vips', 'en', 'x', 'y')).rejects.toThrow(
      /--audience is one of members, agent/,
    )
  })
})

describe('the agent centre’s announcements', () => {
  it('shows the newest first: the operator’s, then the demo’s two, in the agent’s language', async () => {
    expect(await titlesFor(agent.token, 'ZH')).toEqual(demoAgentAnnouncements.map((a) => a.title.zh))
    expect(await titlesFor(agent.token, 'EN')).toEqual([
      secret,
      ...demoAgentAnnouncements.map((a) => a.title.en),
    ])
  })

  it('answers the agent, a sub-agent and another team’s agent; refuses a visitor, a guest and a member', async () => {
    for (const who of [agent, sub, other]) expect(await titlesFor(who.token)).toContain(secret)
    expect((await agentList(undefined)).statusCode).toBe(401)
    const asGuest = await agentList(await guestToken())
    expect(asGuest.statusCode).toBe(403)
    expect(failureOf(asGuest).errorCode).toBe('in_need_true_account')
    const asMember = await agentList(plain.token)
    expect(asMember.statusCode).toBe(403)
    expect(failureOf(asMember).errorCode).toBe('error_not_agent')
    expect(asMember.body).not.toContain(secret)
  })

  it('pages the list', async () => {
    const res = await agentList(agent.token, 'EN', '?pageNo=2&pageSize=2')
    const v = pageSchema.parse(res.json()).value
    expect(v).toMatchObject({ total: 3, pageNo: 2, pageSize: 2 })
    expect(v.list.map((a) => a.title)).toEqual([demoAgentAnnouncements[1]?.title.en])
  })

  it('is switched off with AGENTANNOUNCE3', async () => {
    await runOps(server, 'flag', 'set', 'AGENTANNOUNCE3', 'off')
    try {
      expect(failureOf(await agentList(agent.token)).errorCode).toBe('feature_disabled')
    } finally {
      await runOps(server, 'flag', 'set', 'AGENTANNOUNCE3', 'on')
    }
  })
})

describe('members, guests and visitors never get announcements for agents', () => {
  const demoTitles = demoAgentAnnouncements.flatMap((a) => Object.values(a.title))

  it.each([
    ['a visitor', () => Promise.resolve(undefined)],
    ['a guest', guestToken],
    ['a member', () => Promise.resolve(plain.token)],
    ['even an agent', () => Promise.resolve(agent.token)],
  ])('not in the announcements endpoint, for %s, in any language or execution', async (_who, tokenOf) => {
    const token = await tokenOf()
    for (const language of ['EN', 'KM', 'ZH']) {
      for (const execution of ['B', 'A', 'F']) {
        const res = await plainCall(
          server,
          'GET',
          `${contentEndpoints.announcements.path}?types=B,PL,PU,PR,H&platform=W&execution=${execution}`,
          { ...(token === undefined ? {} : { token }), headers: { language } },
        )
        expect(res.statusCode).toBe(200)
        for (const title of [secret, ...demoTitles]) expect(res.body).not.toContain(title)
      }
    }
  })

  it('cannot be asked for by their type', async () => {
    for (const types of ['AG', 'B,AG', 'ag']) {
      const res = await plainCall(server, 'GET', `${contentEndpoints.announcements.path}?types=${types}`)
      expect(res.statusCode).toBe(400)
      expect(res.body).not.toContain(secret)
    }
  })

  it('not in the pages the server renders (the boot data)', async () => {
    for (const url of ['/index', '/promotions', '/register?referralCode=LOTUS01']) {
      const res = await server.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } })
      expect(res.statusCode).toBe(200)
      for (const title of [secret, ...demoTitles]) expect(res.body).not.toContain(title)
    }
  })
})
