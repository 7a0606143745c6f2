/**
 * Public catalogue reads: the game list (paged, filtered, searched), hot games, the vendor
 * by game-type matrix, rooms, the rank list and featured fixtures. Each depends only on the
 * brand and the query, so the contract serves them as hot reads. Featured fixtures come from
 * each sports and esports vendor's adapter (the fixtures its game takes bets on), or from the
 * `game_matches` table for a vendor whose adapter has no fixture feed.
 */
import type { Endpoints } from '#contract/endpoints'
import { gameTypes, GameTypeSchema, matchTypes, type GameType, type Match } from '#contract/games'
import { minorToMoney } from '#contract/money'
import { pageOf } from '../db/paging'
import type { HandlerGroup } from '../http/contract-routes'
import { AppError } from '../http/errors'
import type { VendorRegistry } from '../vendors/registry'
import type { GamesRepository } from './games-repository'
import { toWireGame } from './wire'

type Catalogue = Pick<
  HandlerGroup<Endpoints['games']>,
  'gameList' | 'hotGames' | 'vassGameType' | 'roomList' | 'rankList' | 'gameMatches'
>

const rankWindowMs = 7 * 24 * 3_600_000

/** A fixture stays featured for two hours after kick-off (in play) when its vendor does not say. */
const inPlayMs = 2 * 3_600_000

export function catalogueHandlers(
  repo: GamesRepository,
  now: () => Date,
  registry?: Pick<VendorRegistry, 'adapterFor'>,
): Catalogue {
  return {
    async gameList({ input, caller }) {
      const { pageNo, pageSize, gameType, vassalage, gameClassify } = input
      if (vassalage && !(await repo.hasVendor(caller.merchantCode, vassalage, gameType))) {
        throw new AppError('vendor_not_found', `no vendor ${vassalage}`)
      }
      const search = input.gameName?.trim()
      const page = { pageNo, pageSize }
      const { rows, total } = await repo.page(
        caller.merchantCode,
        { gameType, vassalage, gameClassify, search: search || undefined },
        page,
      )
      const at = now()
      return pageOf(
        rows.map((r) => toWireGame(r, at)),
        total,
        page,
      )
    },

    async hotGames({ input, caller }) {
      const at = now()
      const rows = await repo.hot(caller.merchantCode, input.gameType, input.limit)
      return { list: rows.map((r) => toWireGame(r, at)) }
    },

    async vassGameType({ caller }) {
      const [vendors, counts] = await Promise.all([
        repo.vendors(caller.merchantCode),
        repo.counts(caller.merchantCode),
      ])
      const present = new Set<GameType>()
      const byVendor = new Map<
        string,
        {
          vassalage: string
          displayName: string
          logo: string
          types: Map<GameType, { accountTypeId: number }>
        }
      >()
      for (const v of vendors) {
        const t = GameTypeSchema.safeParse(v.gameType)
        if (!t.success) continue
        present.add(t.data)
        const entry = byVendor.get(v.vassalage) ?? {
          vassalage: v.vassalage,
          displayName: v.name,
          logo: v.logo,
          types: new Map(),
        }
        entry.types.set(t.data, { accountTypeId: v.accountTypeId })
        byVendor.set(v.vassalage, entry)
      }
      const countOf = (vassalage: string, gameType: GameType) =>
        counts.filter((c) => c.vassalage === vassalage && c.gameType === gameType)
      return {
        gameTypes: gameTypes.filter((t) => present.has(t)),
        vendors: [...byVendor.values()].map((v) => ({
          vassalage: v.vassalage,
          displayName: v.displayName,
          logo: v.logo,
          types: gameTypes.flatMap((gameType) => {
            const t = v.types.get(gameType)
            if (!t) return []
            const cs = countOf(v.vassalage, gameType)
            return [
              {
                gameType,
                accountTypeId: t.accountTypeId,
                games: cs.reduce((n, c) => n + Number(c.n), 0),
                classifies: cs.flatMap((c) =>
                  c.subType ? [{ gameClassify: c.subType, games: Number(c.n) }] : [],
                ),
              },
            ]
          }),
        })),
      }
    },

    async roomList({ input, caller }) {
      const found = await repo.byCode(caller.merchantCode, input.gameId)
      if (!found) throw new AppError('game_not_found', `no game ${input.gameId}`)
      const currency = { decimals: await repo.currencyDecimals(caller.merchantCode) }
      return {
        gameId: found.game.code,
        list: (found.game.rooms ?? []).map((r) => ({
          roomId: r.roomId,
          roomName: r.roomName,
          minBet: minorToMoney(BigInt(r.minBet), currency),
          maxBet: minorToMoney(BigInt(r.maxBet), currency),
          seats: r.seats,
          // Seated players arrive with the PVP vendor's live feed; none are known here.
          players: 0,
        })),
      }
    },

    async rankList({ input, caller }) {
      const at = now()
      const rows = await repo.rank(
        caller.merchantCode,
        input.gameCategory,
        new Date(at.getTime() - rankWindowMs),
        input.limitNum,
      )
      return {
        list: rows.map((r, i) => ({ rank: i + 1, players: r.players, game: toWireGame(r, at) })),
      }
    },

    async gameMatches({ input, caller, req }) {
      const at = now()
      const merchantCode = caller.merchantCode
      const { limit } = input
      const vendorRows = (await repo.vendors(merchantCode)).flatMap((v) => {
        const gameType = matchTypes.find((t) => t === v.gameType)
        return gameType && (!input.gameType || input.gameType === gameType)
          ? [{ vassalage: v.vassalage, gameType }]
          : []
      })
      const stored: string[] = []
      const fed = await Promise.all(
        vendorRows.map(async ({ vassalage, gameType }): Promise<Match[]> => {
          const adapter = registry?.adapterFor(merchantCode, vassalage)
          if (!adapter?.featuredFixtures) {
            stored.push(vassalage)
            return []
          }
          try {
            const list = await adapter.featuredFixtures({ merchantCode, vassalage, gameType, now: at, limit })
            return list.map((f) => ({
              matchId: f.matchId,
              leagueId: f.leagueId,
              leagueName: f.leagueName,
              gameType,
              vassalage,
              sport: f.sport,
              homeTeam: f.homeTeam,
              awayTeam: f.awayTeam,
              startTime: f.startTime.getTime(),
              odds: f.odds,
            }))
          } catch (err) {
            // One vendor's feed down leaves the others' fixtures (and its games) on show.
            req.log.warn({ err, vassalage }, 'vendor fixtures unavailable')
            return []
          }
        }),
      )
      const rows =
        stored.length > 0
          ? await repo.matches(merchantCode, input.gameType, new Date(at.getTime() - inPlayMs), limit, stored)
          : []
      const fromTable: Match[] = rows.map((m) => ({
        matchId: m.matchId,
        leagueId: m.leagueId,
        leagueName: m.leagueName,
        gameType: m.gameType,
        vassalage: m.vassalage,
        sport: m.sport,
        homeTeam: m.homeTeam,
        awayTeam: m.awayTeam,
        startTime: m.startsAt.getTime(),
        odds: { home: m.oddsHome, draw: m.oddsDraw, away: m.oddsAway },
      }))
      const list = [...fed.flat(), ...fromTable].sort(
        (a, b) =>
          a.startTime - b.startTime ||
          a.vassalage.localeCompare(b.vassalage) ||
          a.matchId.localeCompare(b.matchId),
      )
      return { list: list.slice(0, limit) }
    },
  }
}
