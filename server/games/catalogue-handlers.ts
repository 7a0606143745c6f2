/**
 * Public catalogue reads: the game list (paged, filtered, searched), hot games, the vendor
 * by game-type matrix, rooms, the rank list and featured fixtures. Each depends only on the
 * brand and the query, so the contract serves them as hot reads.
 */
import type { Endpoints } from '#contract/endpoints'
import { gameTypes, GameTypeSchema, type GameType } from '#contract/games'
import { minorToMoney } from '#contract/money'
import { pageOf } from '../db/paging'
import { AppError } from '../http/errors'
import type { HandlerGroup } from '../http/contract-routes'
import type { GamesRepository } from './games-repository'
import { toWireGame } from './wire'

type Catalogue = Pick<
  HandlerGroup<Endpoints['games']>,
  'gameList' | 'hotGames' | 'vassGameType' | 'roomList' | 'rankList' | 'gameMatches'
>

const rankWindowMs = 7 * 24 * 3_600_000

export function catalogueHandlers(repo: GamesRepository, now: () => Date): Catalogue {
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

    async gameMatches({ input, caller }) {
      // A fixture stays featured for two hours after kick-off (in play).
      const from = new Date(now().getTime() - 2 * 3_600_000)
      const rows = await repo.matches(caller.merchantCode, input.gameType, from, input.limit)
      return {
        list: rows.map((m) => ({
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
        })),
      }
    },
  }
}
