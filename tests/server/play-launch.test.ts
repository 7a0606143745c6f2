/**
 * Launching games: who may launch, every refusal with its code and value (unknown game,
 * vendor without an adapter, maintenance, visitors, an empty wallet in single and
 * multi-wallet mode; trial accounts are trial-play.test.ts's), what the vendor is told,
 * the address on a launch CDN host, the recent games row, trial launches, the winners board fed by real rounds, and featured
 * fixtures from each vendor's adapter (or the stored ones of a vendor without a feed).
 */
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { GameListValueSchema } from '#contract/games'
import { LaunchBalanceValueSchema, LaunchSchema, WinnerBoardSchema } from '#contract/play'
import {
  betRecords,
  cdnHosts,
  gameMatches,
  gameSessions,
  members,
  merchants,
  vendors,
  whitelabelNodes,
} from '#server/db/schema'
import { maskUsername, multiplierOf } from '#server/play/winners'
import type { FixturesRequest, VendorFixture } from '#server/vendors/adapter'
import { build, runOps, type TestServer } from '../build-server'
import { fakeVendor, tokenFromUrl, vendorTxId, walletClient } from '../fake-vendor'
import { failureOf, plainCall, tokenOf, valueOf } from '../identity-helpers'
import { moneyCall, moneyMember } from '../money-helpers'
import { launchCall, launched, launchPath } from '../play-helpers'

let server: TestServer
const vendor = fakeVendor('fake')
/** Goal Sports' adapter has a fixture feed; eSports X's feed is down; Khmer Sports has no adapter. */
const fixtureAsks: FixturesRequest[] = []
const feed = {
  ...fakeVendor('feed'),
  featuredFixtures(req: FixturesRequest): Promise<VendorFixture[]> {
    fixtureAsks.push(req)
    const at = req.now.getTime()
    return Promise.resolve(
      [90, 30].map((minutes, i) => ({
        matchId: `feed-${i}`,
        leagueId: 'feed-league',
        leagueName: 'Feed League',
        sport: 'Basketball',
        homeTeam: `Home ${i}`,
        awayTeam: `Away ${i}`,
        startTime: new Date(at + minutes * 60_000),
        odds: { home: '1.80', draw: null, away: '2.05' },
      })),
    )
  },
}
const brokenFeed = {
  ...fakeVendor('broken-feed'),
  featuredFixtures: (): Promise<VendorFixture[]> => Promise.reject(new Error('feed down')),
}
const merchant = 'DEMO'
/** Demo Slots (RNG, accountTypeId 109, free play); Spin Garden and Star Reels too. */
const slot = 'DSL-0002'

beforeAll(async () => {
  // Ocean King (OCN) has no adapter on this install.
  server = await build({
    vendorAdapters: [
      { adapter: vendor, vassalages: ['DSL', 'SPN', 'STR', 'MKL'] },
      { adapter: feed, vassalages: ['GSP'] },
      { adapter: brokenFeed, vassalages: ['ESX'] },
    ],
  })
})
afterAll(async () => {
  await server?.close()
})

async function firstGameOf(vassalage: string): Promise<string> {
  const res = await plainCall(server, 'GET', `/wps/relay/GCSGAME_gameList?vassalage=${vassalage}&pageSize=1`)
  const list = valueOf(res, (v) => (v as { list: { gameId: string }[] }).list)
  const code = list[0]?.gameId
  if (!code) throw new Error(`no game of ${vassalage}`)
  return code
}

describe('who may launch', () => {
  it('refuses a visitor without a session', async () => {
    const res = await launchCall(server, undefined, { gameId: slot })
    expect(res.statusCode).toBe(401)
    expect(failureOf(res).errorCode).toBe('CUSTOMER_NOT_LOGIN')
  })

  it('lets an agent launch', async () => {
    const token = await tokenOf(server, 'agent01', 'lotus123')
    const l = await launched(server, token, { gameId: slot, confirmTrans: '1' })
    expect(l.game.gameId).toBe(slot)
  })
})

describe('refusals', () => {
  it('answers game_not_found for an unknown game, a vendor list entry, or a game of another vendor code', async () => {
    const m = await moneyMember(server, '10.00', 'pl')
    const queries: Record<string, string>[] = [
      { gameId: 'NOPE-0001' },
      { gameId: 'DSL-0001' },
      { gameId: slot, vassalage: 'SPN' },
    ]
    for (const query of queries) {
      const res = await launchCall(server, m.token, { ...query, confirmTrans: '1' })
      expect(res.statusCode).toBe(404)
      expect(failureOf(res).errorCode).toBe('game_not_found')
    }
  })

  it('answers 400 validation_failed to a malformed launch, never a 500', async () => {
    const m = await moneyMember(server, '10.00', 'pl')
    const bad = [
      `${launchPath}?gameId=${encodeURIComponent("x' or 1=1--")}&launchMode=GLS`,
      `${launchPath}?gameId=${'A'.repeat(41)}&launchMode=GLS`,
      `${launchPath}?gameId=${slot}`,
      `${launchPath}?gameId=${slot}&launchMode=GLS&confirmTrans=maybe`,
      `/wps/relay/GCS_gameTrialLaunch?gameId=${encodeURIComponent('%_\u0000')}`,
    ]
    for (const url of bad) {
      const res = await plainCall(server, 'GET', url, { token: m.token })
      expect(res.statusCode, url).toBe(400)
      expect(failureOf(res).errorCode).toBe('validation_failed')
    }
  })

  it('answers vendor_not_found for a vendor this install has no adapter for', async () => {
    const m = await moneyMember(server, '10.00', 'pl')
    const res = await launchCall(server, m.token, { gameId: await firstGameOf('OCN'), confirmTrans: '1' })
    expect(res.statusCode).toBe(404)
    expect(failureOf(res).errorCode).toBe('vendor_not_found')
  })

  it('answers vendor_under_maintenance with when it ends, or null when the operator switched it off', async () => {
    const m = await moneyMember(server, '10.00', 'pl')
    const [star] = await server.db.select().from(vendors).where(eq(vendors.vassalage, 'STR'))
    const windowed = await launchCall(server, m.token, {
      gameId: await firstGameOf('STR'),
      confirmTrans: '1',
    })
    expect(windowed.statusCode).toBe(422)
    const f = failureOf(windowed)
    expect(f.errorCode).toBe('vendor_under_maintenance')
    expect(f.value).toEqual({
      content: {
        data: { maintainTime: star?.maintenanceUntil?.getTime(), gameType: 'RNG', vassalage: 'STR' },
      },
    })
    await server.db.update(vendors).set({ maintenance: true }).where(eq(vendors.vassalage, 'SPN'))
    try {
      const off = await launchCall(server, m.token, { gameId: await firstGameOf('SPN'), confirmTrans: '1' })
      expect(failureOf(off).value).toEqual({
        content: { data: { maintainTime: null, gameType: 'RNG', vassalage: 'SPN' } },
      })
    } finally {
      await server.db.update(vendors).set({ maintenance: false }).where(eq(vendors.vassalage, 'SPN'))
    }
    expect(await server.db.select().from(gameSessions).where(eq(gameSessions.memberId, m.id))).toEqual([])
  })

  it('tells the PWA what the vendor said when it does not answer, without a 500', async () => {
    const m = await moneyMember(server, '10.00', 'pl')
    vendor.down = true
    try {
      const res = await launchCall(server, m.token, { gameId: slot, confirmTrans: '1' })
      expect(res.statusCode).toBe(503)
      expect(failureOf(res).errorCode).toBe('service_unavailable')
    } finally {
      vendor.down = false
    }
  })
})

describe('the wallet a game plays from', () => {
  it('single-wallet, the demo default: refuses an empty main wallet with the balances, so the PWA offers a deposit', async () => {
    expect(await runOps(server, 'wallet-mode')).toBe('DEMO: wallet mode SINGLE')
    const m = await moneyMember(server, undefined, 'pl')
    const res = await launchCall(server, m.token, { gameId: slot, confirmTrans: '1' })
    expect(res.statusCode).toBe(422)
    const f = failureOf(res)
    expect(f.errorCode).toBe('launch_game_balance_not_enough')
    expect(LaunchBalanceValueSchema.parse(f.value)).toEqual({
      walletMode: 'SINGLE',
      accountTypeId: 2,
      balance: '0.00',
      mainBalance: '0.00',
    })
    const rich = await moneyMember(server, '1.00', 'pl')
    await launched(server, rich.token, { gameId: slot })
    const [session] = await server.db.select().from(gameSessions).where(eq(gameSessions.memberId, rich.id))
    expect(session).toMatchObject({ accountTypeId: 2, vendorAccountTypeId: 109, vendorId: 'fake' })
  })
})

describe('the wallet a game plays from, multi-wallet', () => {
  // As an operator switches the brand: `npm run ops -- wallet-mode MULTI`.
  beforeAll(async () => {
    await runOps(server, 'wallet-mode', 'MULTI')
  })
  afterAll(async () => {
    await runOps(server, 'wallet-mode', 'SINGLE')
  })

  it('multi-wallet: offers the transfer while the vendor wallet is empty, and launches once confirmed or moved', async () => {
    const m = await moneyMember(server, '50.00', 'pl')
    const offer = await launchCall(server, m.token, { gameId: slot })
    expect(offer.statusCode).toBe(422)
    expect(LaunchBalanceValueSchema.parse(failureOf(offer).value)).toEqual({
      walletMode: 'MULTI',
      accountTypeId: 109,
      balance: '0.00',
      mainBalance: '50.00',
    })
    // The member confirmed the offer: the launch goes ahead on the vendor's wallet.
    await launched(server, m.token, { gameId: slot, confirmTrans: '1' })
    // After a transfer into the vendor wallet no confirmation is needed.
    const moved = await moneyCall(server, m.token, '/wps/relay/GCS_walletTransfer', {
      fromAccountTypeId: 2,
      toAccountTypeId: 109,
      amount: '10.00',
    })
    expect(moved.statusCode).toBe(200)
    await launched(server, m.token, { gameId: slot })
    const sessions = await server.db.select().from(gameSessions).where(eq(gameSessions.memberId, m.id))
    expect(sessions.map((s) => s.accountTypeId)).toEqual([109, 109])
  })

  it('multi-wallet: with nothing anywhere, even a confirmed launch is refused', async () => {
    const m = await moneyMember(server, undefined, 'pl')
    const res = await launchCall(server, m.token, { gameId: slot, confirmTrans: '1' })
    expect(res.statusCode).toBe(422)
    expect(failureOf(res).value).toMatchObject({ balance: '0.00', mainBalance: '0.00' })
  })
})

describe('a launch', () => {
  it('tells the vendor who plays, in what currency and where the lobby is, and records the recent game', async () => {
    const m = await moneyMember(server, '10.00', 'pl')
    const before = vendor.launches.length
    const l = await launched(server, m.token, { gameId: slot, confirmTrans: '1', language: 'en' })
    const req = vendor.launches[before]
    expect(req).toMatchObject({
      merchantCode: merchant,
      displayName: m.username,
      game: { code: slot, vassalage: 'DSL', gameType: 'RNG' },
      currency: { code: 'USD', decimals: 2 },
      language: 'en',
      platform: 'html5',
      lobbyPath: '/rng',
    })
    expect(req?.playerToken).toBe(tokenFromUrl(l.content.game_url))
    // The demo brand's launch host is the platform itself ('/').
    expect(l.content.game_url.startsWith('/fake-vendor/play?')).toBe(true)
    const recent = valueOf(
      await plainCall(server, 'GET', '/wps/relay/GCS_recentGame', { token: m.token }),
      (v) => GameListValueSchema.parse(v),
    )
    expect(recent.list[0]?.gameId).toBe(slot)
    // The token works for the vendor's wallet calls: the main wallet's 10.00, in minor units.
    const wallet = walletClient(server.app, server.db, vendor.id)
    expect(await wallet.call('balance', { player: req?.playerToken ?? '' })).toMatchObject({
      ok: true,
      balance: '1000',
    })
  })

  it('launches free play for a member who asks for it (accountType 0), with no player token', async () => {
    const m = await moneyMember(server, undefined, 'pl')
    const before = vendor.launches.length
    const l = await launched(server, m.token, { gameId: slot, accountType: '0' })
    expect(l.content.game_url).not.toContain('token=')
    expect(vendor.launches[before]?.playerToken).toBeNull()
    const live = await launchCall(server, m.token, { gameId: await firstGameOf('MKL'), accountType: '0' })
    expect(failureOf(live).errorCode).toBe('game_trial_unavailable')
    expect(await server.db.select().from(gameSessions).where(eq(gameSessions.memberId, m.id))).toEqual([])
  })

  it('puts a relative address on one of the brand’s launch CDN hosts', async () => {
    const hosts = ['https://cdn-a.example/', 'https://cdn-b.example']
    await server.db.delete(cdnHosts).where(eq(cdnHosts.kind, 'launchGame'))
    await server.db
      .insert(cdnHosts)
      .values(hosts.map((url) => ({ merchantCode: merchant, kind: 'launchGame' as const, url })))
    const m = await moneyMember(server, '10.00', 'pl')
    const seen = new Set<string>()
    for (let i = 0; i < 12; i++) {
      const l = await launched(server, m.token, { gameId: slot, confirmTrans: '1' })
      expect(l.content.game_url).toMatch(/^https:\/\/cdn-[ab]\.example\/fake-vendor\/play\?/)
      seen.add(new URL(l.content.game_url).host)
    }
    expect(seen.size).toBeGreaterThan(0)
    await server.db.delete(cdnHosts).where(eq(cdnHosts.kind, 'launchGame'))
    const bare = await launched(server, m.token, { gameId: slot, confirmTrans: '1' })
    expect(bare.content.game_url.startsWith('/fake-vendor/play?')).toBe(true)
    await server.db.insert(cdnHosts).values({ merchantCode: merchant, kind: 'launchGame', url: '/' })
  })
})

describe('trial launches', () => {
  it('opens a free-play game for a visitor with no player token', async () => {
    const before = vendor.launches.length
    const res = await plainCall(server, 'GET', `/wps/relay/GCS_gameTrialLaunch?gameId=${slot}`)
    const l = valueOf(res, (v) => LaunchSchema.parse(v))
    expect(l.game.gameId).toBe(slot)
    expect(vendor.launches[before]).toMatchObject({ playerToken: null, displayName: 'Guest' })
    expect(l.content.game_url).not.toContain('token=')
  })

  it('refuses a game without free play, and an unknown game', async () => {
    const live = await plainCall(
      server,
      'GET',
      `/wps/relay/GCS_gameTrialLaunch?gameId=${await firstGameOf('MKL')}`,
    )
    expect(live.statusCode).toBe(422)
    expect(failureOf(live).errorCode).toBe('game_trial_unavailable')
    const none = await plainCall(server, 'GET', '/wps/relay/GCS_gameTrialLaunch?gameId=NOPE-1')
    expect(failureOf(none).errorCode).toBe('game_not_found')
  })
})

describe('the winners board', () => {
  it('shows real wins of this brand, newest first, with masked names and the multiplier', async () => {
    const wallet = walletClient(server.app, server.db, vendor.id)
    const m = await moneyMember(server, '20.00', 'winner')
    await moneyCall(server, m.token, '/wps/relay/GCS_walletTransfer', {
      fromAccountTypeId: 2,
      toAccountTypeId: 109,
      amount: '20.00',
    })
    const player = tokenFromUrl((await launched(server, m.token, { gameId: slot })).content.game_url)
    const round = async (stake: string, win: string) => {
      const roundId = vendorTxId('r')
      await wallet.call('debit', { player, txId: vendorTxId(), roundId, gameId: slot, amount: stake })
      await wallet.call('credit', { player, txId: vendorTxId(), roundId, gameId: slot, amount: win })
    }
    await round('200', '2500') // 12.5x
    await round('300', '100') // a loss: not a winner
    await round('100', '199') // 1.9x

    // Another brand's win never shows here.
    await server.db.insert(merchants).values({
      code: 'OTHER',
      name: 'Other',
      shortName: 'Other',
      currency: 'USD',
      currencySymbol: '$',
      currencyDecimals: 2,
      defaultLanguage: 'en',
      languages: ['en'],
      themeColor: '#000000',
      backgroundColor: '#ffffff',
      logoUrl: '/logo.svg',
    })
    await server.db.insert(whitelabelNodes).values({ merchantCode: 'OTHER', modId: 'COMM3', enabled: true })
    const [o] = await server.db
      .insert(members)
      .values({
        merchantCode: 'OTHER',
        username: 'otherwin',
        account: 'otherwin',
        nickname: 'o',
        passwordHash: 'x',
      })
      .returning({ id: members.id })
    await server.db.insert(betRecords).values({
      merchantCode: 'OTHER',
      memberId: o?.id ?? 0,
      betNo: 'other-1',
      productType: 'RNG',
      accountTypeId: 109,
      vendorName: 'Demo Slots',
      gameName: 'Elsewhere',
      gameCode: 'DSL-0002',
      vassalage: 'DSL',
      betAmount: 100n,
      validBet: 100n,
      payout: 100_000n,
      status: 'SETTLED',
      betTime: new Date(),
      settledTime: new Date(Date.now() + 60_000),
    })
    await server.services.refreshMerchants()

    const board = valueOf(await plainCall(server, 'GET', '/wps/relay/ODSFE2_getWinnerBoard?limit=5'), (v) =>
      WinnerBoardSchema.parse(v),
    )
    const mine = board.list.filter((w) => w.username === maskUsername(m.username))
    expect(mine.map((w) => [w.payout, w.multiplier])).toEqual([
      ['1.99', '1.9'],
      ['25.00', '12.5'],
    ])
    expect(mine[0]).toMatchObject({ gameId: slot, gameType: 'RNG', vassalage: 'DSL' })
    expect(board.list.some((w) => w.gameName === 'Elsewhere')).toBe(false)
    expect(JSON.stringify(board)).not.toContain(m.username)

    const other = valueOf(
      await plainCall(server, 'GET', '/wps/relay/ODSFE2_getWinnerBoard', { headers: { merchant: 'OTHER' } }),
      (v) => WinnerBoardSchema.parse(v),
    )
    expect(other.list.map((w) => [w.username, w.gameName])).toEqual([['ot***in', 'Elsewhere']])
    const live = valueOf(
      await plainCall(server, 'GET', '/wps/relay/ODSFE2_getWinnerBoard?gameType=LIVE'),
      (v) => WinnerBoardSchema.parse(v),
    )
    expect(live.list).toEqual([])
  })

  it('masks names and rounds multipliers down to one decimal', () => {
    expect(maskUsername('player01')).toBe('pl***01')
    expect(maskUsername('bob')).toBe('b***b')
    expect(maskUsername('al')).toBe('a***')
    expect(multiplierOf(2500n, 200n)).toBe('12.5')
    expect(multiplierOf(199n, 100n)).toBe('1.9')
    expect(multiplierOf(1000n, 3n)).toBe('333.3')
  })
})

describe('featured fixtures', () => {
  it('come from the adapter of each sports vendor that has a feed, else from the stored ones; a feed that fails leaves the rest', async () => {
    const at = Date.now()
    const stored = (matchId: string, vassalage: string, hours: number) => ({
      merchantCode: merchant,
      matchId,
      leagueId: 'stored-league',
      leagueName: 'Stored League',
      gameType: vassalage === 'ESX' ? ('ESPORTS' as const) : ('SPORTS' as const),
      vassalage,
      sport: 'Football',
      homeTeam: 'Stored Home',
      awayTeam: 'Stored Away',
      startsAt: new Date(at + hours * 3_600_000),
      oddsHome: '2.10',
      oddsDraw: '3.20',
      oddsAway: '3.40',
    })
    await server.db.insert(gameMatches).values([
      stored('ksp-soon', 'KSP', 1),
      // Kicked off three hours ago: no longer featured.
      stored('ksp-old', 'KSP', -3),
      // Goal Sports has a feed: what is stored for it is not shown.
      stored('gsp-stored', 'GSP', 0.25),
      stored('esx-stored', 'ESX', 2),
    ])
    try {
      const list = async (query: string) =>
        valueOf(
          await plainCall(server, 'GET', `/wps/relay/GCSGAME_getGameMatchV2?${query}`),
          (v) =>
            (v as { list: { matchId: string; vassalage: string; gameType: string; startTime: number }[] })
              .list,
        )
      const sports = await list('gameType=SPORTS&limit=10')
      expect(sports.map((m) => [m.matchId, m.vassalage])).toEqual([
        ['feed-1', 'GSP'],
        ['ksp-soon', 'KSP'],
        ['feed-0', 'GSP'],
      ])
      expect(fixtureAsks.at(-1)).toMatchObject({
        merchantCode: merchant,
        vassalage: 'GSP',
        gameType: 'SPORTS',
        limit: 10,
      })
      // eSports X's feed is down: nothing of it, and no failure of the list.
      expect(await list('gameType=ESPORTS')).toEqual([])
      expect((await list('limit=2')).map((m) => m.matchId)).toEqual(['feed-1', 'ksp-soon'])
    } finally {
      await server.db.delete(gameMatches).where(eq(gameMatches.merchantCode, merchant))
    }
  })
})
