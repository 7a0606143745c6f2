/**
 * A member's own games: favourites (add, remove, ids, page) seen only by their owner, the
 * limit held under parallel adds, recent games newest first, and visitors and trial
 * accounts refused.
 */
import { and, asc, count, eq, ne } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { successEnvelope } from '#contract/envelope'
import { gameEndpoints, maxFavoriteGames } from '#contract/games'
import { favoriteGames, games } from '#server/db/schema'
import { createGamesRepository } from '#server/games/games-repository'
import { build, runOps, type TestServer } from '../build-server'
import { createMember, failureOf, memberNamed, plainCall, tokenOf, valueOf } from '../identity-helpers'

let server: TestServer
let member01 = ''
let member02 = ''

beforeAll(async () => {
  // On PostgreSQL, enough connections for the parallel adds to run side by side.
  server = await build({ poolMax: 20 })
  member01 = await tokenOf(server, 'member01', 'lotus123')
  member02 = await tokenOf(server, 'member02', 'lotus123')
})
afterAll(async () => {
  await server?.close()
})

const e = gameEndpoints
const idsOf = (token: string) =>
  plainCall(server, 'GET', e.favoriteIds.path, { token }).then(
    (r) => successEnvelope(e.favoriteIds.response).parse(r.json()).value,
  )
const add = (token: string, gameId: string) =>
  plainCall(server, 'POST', e.addFavorite.path, { token, body: { gameId } })
const remove = (token: string, gameId: string) =>
  plainCall(server, 'DELETE', e.removeFavorite.path, { token, body: { gameId } })

describe('favourites', () => {
  it('adds, lists newest first and removes, each member seeing only their own', async () => {
    expect((await idsOf(member01)).gameIds).toEqual([])
    expect(valueOf(await add(member01, 'DSL-0002'), (v) => v)).toEqual({
      gameIds: ['DSL-0002'],
      max: maxFavoriteGames,
    })
    await add(member01, 'OCN-0003')
    expect((await idsOf(member01)).gameIds).toEqual(['OCN-0003', 'DSL-0002'])
    // Adding again changes nothing.
    const again = await add(member01, 'DSL-0002')
    expect(again.statusCode).toBe(200)
    expect((await idsOf(member01)).gameIds).toEqual(['OCN-0003', 'DSL-0002'])
    expect((await idsOf(member02)).gameIds).toEqual([])

    const page = successEnvelope(e.favoriteList.response).parse(
      (await plainCall(server, 'GET', `${e.favoriteList.path}?pageSize=1`, { token: member01 })).json(),
    ).value
    expect(page.total).toBe(2)
    expect(page.list.map((g) => [g.gameId, g.gameType])).toEqual([['OCN-0003', 'FISH']])

    valueOf(await remove(member02, 'DSL-0002'), (v) => v)
    expect((await idsOf(member01)).gameIds).toEqual(['OCN-0003', 'DSL-0002'])
    expect(valueOf(await remove(member01, 'DSL-0002'), (v) => v)).toMatchObject({ gameIds: ['OCN-0003'] })
    // Removing what is not a favourite is not an error.
    expect((await remove(member01, 'DSL-0002')).statusCode).toBe(200)
  })

  it('refuses an unknown or malformed game with a clear code', async () => {
    for (const [res, code, status] of [
      [await add(member01, 'NOPE-0001'), 'game_not_found', 404],
      [await remove(member01, 'NOPE-0001'), 'game_not_found', 404],
      [await add(member01, "x' OR 1=1"), 'validation_failed', 400],
      [await add(member01, 'DSL-\u00000002'), 'validation_failed', 400],
    ] as const) {
      expect(res.statusCode, res.body).toBe(status)
      expect(failureOf(res).errorCode).toBe(code)
    }
    const missing = await plainCall(server, 'POST', e.addFavorite.path, { token: member01, body: {} })
    expect(failureOf(missing).errorCode).toBe('validation_failed')
  })

  it('keeps the limit when 20 adds arrive at once', async () => {
    const m = await createMember(server, { username: 'favrace01', password: 'lotus123' })
    const token = await tokenOf(server, 'favrace01', 'lotus123')
    const rows = await server.db
      .select({ id: games.id, code: games.code })
      .from(games)
      .where(and(eq(games.gameType, 'RNG'), ne(games.isGame, 'VASSALAGE')))
      .orderBy(asc(games.id))
      .limit(maxFavoriteGames + 15)
    // Five places left, twenty different games asked for at the same moment.
    const held = rows.slice(0, maxFavoriteGames - 5)
    await server.db.insert(favoriteGames).values(held.map((g) => ({ memberId: m.id, gameId: g.id })))
    const wanted = rows.slice(maxFavoriteGames - 5, maxFavoriteGames + 15)
    expect(wanted).toHaveLength(20)
    const answers = await Promise.all(wanted.map((g) => add(token, g.code)))
    const ok = answers.filter((r) => r.statusCode === 200)
    const refused = answers.filter((r) => r.statusCode !== 200)
    expect(ok).toHaveLength(5)
    expect(refused).toHaveLength(15)
    for (const r of refused) {
      expect(r.statusCode).toBe(422)
      expect(failureOf(r)).toMatchObject({
        errorCode: 'favorite_game_limit',
        value: { max: maxFavoriteGames },
      })
    }
    const [n] = await server.db
      .select({ n: count() })
      .from(favoriteGames)
      .where(eq(favoriteGames.memberId, m.id))
    expect(n?.n).toBe(maxFavoriteGames)
    // A favourite already held is still answered at the limit; removing one makes room.
    expect((await add(token, held[0]?.code ?? '')).statusCode).toBe(200)
    await remove(token, held[0]?.code ?? '')
    const refusedCode = wanted[answers.findIndex((r) => r.statusCode !== 200)]?.code ?? ''
    expect((await add(token, refusedCode)).statusCode).toBe(200)
    expect((await idsOf(token)).gameIds[0]).toBe(refusedCode)
  })

  it('keeps the limit when the repository is called 20 times at once', async () => {
    const m = await createMember(server, { username: 'favrace02', password: 'lotus123' })
    const rows = await server.db
      .select({ id: games.id })
      .from(games)
      .where(eq(games.gameType, 'LIVE'))
      .orderBy(asc(games.id))
      .limit(maxFavoriteGames + 18)
    await server.db
      .insert(favoriteGames)
      .values(rows.slice(0, maxFavoriteGames - 2).map((g) => ({ memberId: m.id, gameId: g.id })))
    const repo = createGamesRepository(server.db)
    const outcomes = await Promise.all(
      rows.slice(maxFavoriteGames - 2).map((g) => repo.addFavorite(m.id, g.id, maxFavoriteGames, new Date())),
    )
    expect(outcomes.filter((o) => o === 'added')).toHaveLength(2)
    expect(outcomes.filter((o) => o === 'limit')).toHaveLength(18)
    const [n] = await server.db
      .select({ n: count() })
      .from(favoriteGames)
      .where(eq(favoriteGames.memberId, m.id))
    expect(n?.n).toBe(maxFavoriteGames)
  })
})

describe('recent games', () => {
  it('lists the games a member launched, the latest launch first', async () => {
    const repo = createGamesRepository(server.db)
    const me = { value: await memberNamed(server, 'member02') }
    const ids = await repo.gameIdsOf(server.config.MERCHANT_CODE, ['DSL-0010', 'CRD-0002', 'MKL-0001'])
    const id = (code: string) => ids.get(code) ?? 0
    const t = Date.UTC(2026, 0, 1)
    await repo.touchRecent(me.value.id, id('DSL-0010'), new Date(t))
    await repo.touchRecent(me.value.id, id('CRD-0002'), new Date(t + 1000))
    await repo.touchRecent(me.value.id, id('MKL-0001'), new Date(t + 2000))
    // Played again: it moves to the front; a late-arriving older launch does not move it back.
    await repo.touchRecent(me.value.id, id('DSL-0010'), new Date(t + 3000))
    await repo.touchRecent(me.value.id, id('DSL-0010'), new Date(t - 5000))
    const recent = (limit?: number) =>
      plainCall(server, 'GET', `${e.recentGames.path}${limit ? `?limit=${limit}` : ''}`, {
        token: member02,
      }).then((r) =>
        successEnvelope(e.recentGames.response)
          .parse(r.json())
          .value.list.map((g) => g.gameId),
      )
    expect(await recent()).toEqual(['DSL-0010', 'MKL-0001', 'CRD-0002'])
    expect(await recent(2)).toEqual(['DSL-0010', 'MKL-0001'])
    // Another member's launches are their own.
    expect(
      successEnvelope(e.recentGames.response).parse(
        (await plainCall(server, 'GET', e.recentGames.path, { token: member01 })).json(),
      ).value.list,
    ).toEqual([])
  })
})

describe('who may call', () => {
  it('answers feature_disabled while the operator has favourites or recent games off', async () => {
    for (const [flag, method, url] of [
      ['GAMELOFAV3', 'GET', e.favoriteIds.path],
      ['GAMELOREC3', 'GET', e.recentGames.path],
    ] as const) {
      await runOps(server, 'flag', 'set', flag, 'off')
      try {
        const res = await plainCall(server, method, url, { token: member01 })
        expect(res.statusCode, url).toBe(403)
        expect(failureOf(res).errorCode).toBe('feature_disabled')
      } finally {
        await runOps(server, 'flag', 'set', flag, 'on')
      }
      expect((await plainCall(server, method, url, { token: member01 })).statusCode).toBe(200)
    }
  })

  it('refuses visitors and trial accounts on every member list', async () => {
    const guest = valueOf(await plainCall(server, 'POST', '/wps/session/login/freeplay', { body: {} }), (v) =>
      String((v as { token: string }).token),
    )
    const calls = [
      ['GET', e.favoriteIds.path, undefined],
      ['GET', e.favoriteList.path, undefined],
      ['GET', e.recentGames.path, undefined],
      ['POST', e.addFavorite.path, { gameId: 'DSL-0002' }],
      ['DELETE', e.removeFavorite.path, { gameId: 'DSL-0002' }],
    ] as const
    for (const [method, url, body] of calls) {
      const visitor = await plainCall(server, method, url, body ? { body } : {})
      expect(visitor.statusCode, url).toBe(401)
      expect(failureOf(visitor).errorCode).toBe('CUSTOMER_NOT_LOGIN')
      const trial = await plainCall(server, method, url, { token: guest, ...(body ? { body } : {}) })
      expect(trial.statusCode, url).toBe(403)
      expect(failureOf(trial).errorCode).toBe('in_need_true_account')
    }
  })
})
