/**
 * Avatars: GET /wps/member/info/icon and /wps/relay/MCSFE_getPlayerAvatar read the
 * session's own avatar; POST /wps/member/info/icon (changeIcon) picks a static one.
 */
import { existsSync } from 'node:fs'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import type { LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AvatarSchema, MemberInfoSchema, type Avatar } from '#contract/identity'
import { members } from '#server/db/schema'
import { build, runOps, type TestServer } from '../build-server'
import { addresses, failureOf, loginValue, plainCall, tokenOf, valueOf } from '../identity-helpers'

const nextIp = addresses('10.32')
let server: TestServer

beforeAll(async () => {
  server = await build()
})
afterAll(async () => {
  await server?.close()
})

const readPaths = ['/wps/member/info/icon', '/wps/relay/MCSFE_getPlayerAvatar'] as const

function read(url: string, token?: string): Promise<LightMyRequestResponse> {
  return plainCall(server, 'GET', url, { ip: nextIp(), ...(token === undefined ? {} : { token }) })
}

function choose(avatar: string, token?: string): Promise<LightMyRequestResponse> {
  return plainCall(server, 'POST', '/wps/member/info/icon', {
    ip: nextIp(),
    body: { avatar },
    ...(token === undefined ? {} : { token }),
  })
}

const avatarOf = (res: LightMyRequestResponse): Avatar => valueOf(res, (v) => AvatarSchema.parse(v))

describe('reading the avatar', () => {
  it('refuses a visitor on both paths (CUSTOMER_NOT_LOGIN) and a bad token (user.or.token.invalid)', async () => {
    for (const url of readPaths) {
      const res = await read(url)
      expect(res.statusCode).toBe(401)
      expect(failureOf(res).errorCode).toBe('CUSTOMER_NOT_LOGIN')
      expect(failureOf(await read(url, 'not-a-token')).errorCode).toBe('user.or.token.invalid')
    }
  })

  it('gives a member who never chose one the default static avatar, which the PWA ships', async () => {
    const token = await tokenOf(server, 'member01', 'lotus123', { ip: nextIp() })
    for (const url of readPaths) {
      expect(avatarOf(await read(url, token))).toEqual({ avatar: '/avatars/01.svg', avatarType: 'STATIC' })
    }
    expect(existsSync(path.resolve(import.meta.dirname, '../../public/avatars/01.svg'))).toBe(true)
  })

  it('answers a custom picture kept on the account as CUSTOM', async () => {
    await server.db
      .update(members)
      .set({ avatar: 'custom:https://cdn.example/p/agent01.png' })
      .where(eq(members.username, 'agent01'))
    const token = await tokenOf(server, 'agent01', 'lotus123', { ip: nextIp() })
    expect(avatarOf(await read('/wps/member/info/icon', token))).toEqual({
      avatar: 'https://cdn.example/p/agent01.png',
      avatarType: 'CUSTOM',
    })
  })
})

describe('choosing a static avatar', () => {
  it('refuses a visitor and a trial account; the trial account still reads its default', async () => {
    expect(failureOf(await choose('03')).errorCode).toBe('CUSTOMER_NOT_LOGIN')
    const guest = loginValue(
      await plainCall(server, 'POST', '/wps/session/login/freeplay', { ip: nextIp(), body: {} }),
    ).token
    const refused = await choose('03', guest)
    expect(refused.statusCode).toBe(403)
    expect(failureOf(refused).errorCode).toBe('in_need_true_account')
    expect(avatarOf(await read('/wps/member/info/icon', guest)).avatar).toBe('/avatars/01.svg')
  })

  it('changes only the caller’s own avatar: two members each see their own choice', async () => {
    const a = await tokenOf(server, 'member01', 'lotus123', { ip: nextIp() })
    const b = await tokenOf(server, 'member02', 'lotus123', { ip: nextIp() })
    expect(avatarOf(await choose('03', a))).toEqual({ avatar: '/avatars/03.svg', avatarType: 'STATIC' })
    expect(avatarOf(await choose('07', b))).toEqual({ avatar: '/avatars/07.svg', avatarType: 'STATIC' })
    for (const url of readPaths) {
      expect(avatarOf(await read(url, a)).avatar).toBe('/avatars/03.svg')
      expect(avatarOf(await read(url, b)).avatar).toBe('/avatars/07.svg')
    }
    const info = valueOf(
      await plainCall(server, 'GET', '/wps/member/info', { token: a, ip: nextIp() }),
      (v) => MemberInfoSchema.parse(v),
    )
    expect(info).toMatchObject({ account: 'member01', avatar: '/avatars/03.svg', avatarType: 'STATIC' })
    const [row] = await server.db.select().from(members).where(eq(members.username, 'member01'))
    expect(row?.avatar).toBe('03')
  })

  it('refuses an avatar the portal does not ship, and a URL, and changes nothing', async () => {
    const token = await tokenOf(server, 'player01', 'lotus123', { ip: nextIp() })
    for (const bad of ['09', '../01', 'https://evil.example/x.svg', '']) {
      const res = await choose(bad, token)
      expect(res.statusCode, bad).toBe(400)
      expect(failureOf(res).errorCode).toBe('validation_failed')
    }
    expect(avatarOf(await read('/wps/member/info/icon', token)).avatar).toBe('/avatars/01.svg')
  })

  it('is switched off with PROFPIC3; the relay read stays', async () => {
    const token = await tokenOf(server, 'player01', 'lotus123', { ip: nextIp() })
    await runOps(server, 'flag', 'set', 'PROFPIC3', 'off')
    try {
      expect(failureOf(await choose('02', token)).errorCode).toBe('feature_disabled')
      expect(failureOf(await read('/wps/member/info/icon', token)).errorCode).toBe('feature_disabled')
      expect(avatarOf(await read('/wps/relay/MCSFE_getPlayerAvatar', token)).avatar).toBe('/avatars/01.svg')
    } finally {
      await runOps(server, 'flag', 'set', 'PROFPIC3', 'on')
    }
    expect(avatarOf(await choose('02', token)).avatar).toBe('/avatars/02.svg')
  })
})
