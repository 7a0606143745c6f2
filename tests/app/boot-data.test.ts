import { describe, expect, it } from 'vitest'
import { gameListInfiniteOptions } from '#src/features/games/api/get-game-list.ts'
import { hotGamesQueryOptions, winnersQueryOptions } from '#src/features/games/api/get-home-rows.ts'
import { vendorsQueryOptions } from '#src/features/games/api/get-vendors.ts'
import { announcementsQueryOptions } from '#src/features/notify/api/get-announcements.ts'
import {
  checkBootParts,
  parseBootData,
  readBootBlock,
  seedBootData,
  type BootData,
} from '#src/lib/boot-data.ts'
import { brandQueryOptions } from '#src/lib/brand-query.ts'
import { createQueryClient } from '#src/lib/query-client.ts'
import { pickCdn } from '#src/utils/cdn.ts'
import { announcements, brand, game } from './fixtures'

const boot: BootData = {
  locale: 'en',
  settings: brand,
  whitelabel: { childrenNodes: [{ modId: 'HOMEPAGE', enabled: '1' }] },
  announcements,
}
const keyOf = (l: BootData['locale']) => announcementsQueryOptions(l).queryKey
const keys = {
  announcements: keyOf,
  winners: winnersQueryOptions().queryKey,
  vendors: vendorsQueryOptions().queryKey,
  hotGames: hotGamesQueryOptions().queryKey,
  gameList: (filter: NonNullable<BootData['lobby']>['filter']) => gameListInfiniteOptions(filter).queryKey,
}

describe('boot data from the shell', () => {
  it('reads the #boot-data block the server wrote (escaped operator text included)', () => {
    const text = JSON.stringify({ ...boot, announcements: { ...announcements, banners: [] } }).replace(
      /</g,
      '\\u003c',
    )
    document.body.innerHTML = `<script type="application/json" id="boot-data">${text}</script>`
    expect(readBootBlock()?.core.settings.brandName).toBe(brand.brandName)
  })

  it('ignores a missing, broken or off-contract block', () => {
    expect(parseBootData(null)).toBeNull()
    expect(parseBootData('{"locale":')).toBeNull()
    expect(parseBootData(JSON.stringify({ ...boot, locale: 'fr' }))).toBeNull()
    expect(parseBootData(JSON.stringify({ ...boot, settings: { brandName: 'x' } }))).toBeNull()
  })

  it('leaves out a part that does not match, keeping the rest', () => {
    const hotGames = { list: [game('DSL', 1)] }
    const parsed = parseBootData(JSON.stringify({ ...boot, hotGames, vendors: { data: { lanes: 'x' } } }))
    expect(parsed?.settings.brandName).toBe(brand.brandName)
    expect(parsed?.hotGames).toEqual(hotGames)
    expect(parsed?.vendors).toBeUndefined()
  })

  it('checks each larger part in a task of its own at start, as the whole-block read does', async () => {
    const winners = { list: [] }
    const hotGames = { list: [game('DSL', 1), game('SPN', 2)] }
    const text = JSON.stringify({ ...boot, winners, hotGames, lobby: { filter: { gameType: 'NOPE' } } })
    document.body.innerHTML = `<script type="application/json" id="boot-data">${text}</script>`
    const block = readBootBlock()
    expect(block).not.toBeNull()
    if (!block) return
    let tasks = 0
    const checked = await checkBootParts(block, async () => {
      tasks += 1
    })
    // Three parts present (the broken lobby among them): three tasks, and the lobby left out.
    expect(tasks).toBe(3)
    expect(checked).toEqual(parseBootData(text))
    expect(checked.hotGames).toEqual(hotGames)
    expect(checked.lobby).toBeUndefined()
  })

  it('seeds the brand settings and the announcements under the keys the queries read', () => {
    const qc = createQueryClient()
    seedBootData(qc, boot, keys, 1_000)
    expect(qc.getQueryData(brandQueryOptions().queryKey)?.brandName).toBe(brand.brandName)
    expect(qc.getQueryData(keyOf('en'))).toEqual(announcements)
    expect(qc.getQueryState(brandQueryOptions().queryKey)?.dataUpdatedAt).toBe(1_000)
  })

  it('seeds the winners board for the ticker when the shell carries it', () => {
    const qc = createQueryClient()
    const winners = {
      list: [
        {
          username: 'pl***er',
          gameId: 'DSL-001',
          gameName: 'Lucky Lotus',
          gameType: 'RNG' as const,
          vassalage: 'DSL',
          payout: '125.00',
          multiplier: '12.5',
          time: 1_000,
        },
      ],
    }
    seedBootData(qc, { ...boot, winners }, keys, 1_000)
    expect(qc.getQueryData(keys.winners)).toEqual(winners)
  })

  it('seeds a lobby’s vendor lanes and its tab’s first page, as the infinite query keeps it', () => {
    const qc = createQueryClient()
    const card = {
      accountTypeId: 109,
      accountTypeName: 'Demo Slots',
      vassalage: 'DSL',
      gameType: 'RNG' as const,
      displayName: 'Demo Slots',
      logo: 'logos/dsl.svg',
      isHot: true,
      maintenance: false,
    }
    const vendors = { data: { lanes: [{ title: 'Slots', gameType: 'RNG' as const, cards: [card] }] } }
    const games = { list: [game('DSL', 1), game('DSL', 2)], total: 130, pageNo: 1, pageSize: 60 }
    const lobby = { filter: { gameType: 'RNG' as const, vassalage: 'DSL' }, games }
    expect(parseBootData(JSON.stringify({ ...boot, vendors, lobby }))?.lobby?.games.list).toHaveLength(2)
    seedBootData(qc, { ...boot, vendors, lobby }, keys, 1_000)
    expect(qc.getQueryData(vendorsQueryOptions().queryKey)).toEqual(vendors)
    // The lobby's own query (no sub-type, no search) finds the page, and knows a second one follows.
    const key = gameListInfiniteOptions({
      gameType: 'RNG',
      vassalage: 'DSL',
      gameClassify: undefined,
      gameName: undefined,
    }).queryKey
    expect(qc.getQueryData(key)).toEqual({ pages: [games], pageParams: [1] })
    // Stale, so the lobby asks again in the background (through the service worker's cache).
    expect(qc.getQueryState(key)?.isInvalidated).toBe(true)
    expect(qc.getQueryState(vendorsQueryOptions().queryKey)?.isInvalidated).toBe(true)
  })

  it('seeds the vendor lanes and the hot games, stale so they are asked for once in the background', () => {
    const qc = createQueryClient()
    const vendors = { data: { lanes: [{ title: 'Lottery', gameType: 'LOTT' as const, cards: [] }] } }
    const hotGames = { list: [game('DSL', 1), game('SPN', 2)] }
    const parsed = parseBootData(JSON.stringify({ ...boot, vendors, hotGames }))
    expect(parsed?.vendors).toEqual(vendors)
    expect(parsed?.hotGames).toEqual(hotGames)
    seedBootData(qc, parsed ?? boot, keys, 1_000)
    for (const [key, data] of [
      [vendorsQueryOptions().queryKey, vendors],
      [hotGamesQueryOptions().queryKey, hotGames],
    ] as const) {
      expect(qc.getQueryData(key)).toEqual(data)
      expect(qc.getQueryState(key)?.isInvalidated).toBe(true)
    }
    // A page without them seeds nothing there: the page asks for them itself.
    const other = createQueryClient()
    seedBootData(other, boot, keys, 1_000)
    expect(other.getQueryData(vendorsQueryOptions().queryKey)).toBeUndefined()
    expect(other.getQueryData(hotGamesQueryOptions().queryKey)).toBeUndefined()
  })

  it('has the app draw art from the image host the first screen used, where the list has it', () => {
    const qc = createQueryClient()
    seedBootData(qc, { ...boot, imageHost: 'https://img-b.example' }, keys, 1_000)
    // A random pick would have taken the first host.
    expect(pickCdn(['https://img-a.example', 'https://img-b.example'], () => 0)).toBe('https://img-b.example')
    // Another list (the launch hosts) is picked at random as before.
    expect(pickCdn(['https://play-a.example', 'https://play-b.example'], () => 0.9)).toBe(
      'https://play-b.example',
    )
    expect(pickCdn(['https://play-c.example', 'https://play-d.example'], () => 0)).toBe(
      'https://play-c.example',
    )
  })

  it('keeps a copy in the cache that is newer than the page', () => {
    const qc = createQueryClient()
    qc.setQueryData(brandQueryOptions().queryKey, { ...brand, brandName: 'Newer' }, { updatedAt: 2_000 })
    seedBootData(qc, boot, keys, 1_000)
    expect(qc.getQueryData(brandQueryOptions().queryKey)?.brandName).toBe('Newer')
  })
})
