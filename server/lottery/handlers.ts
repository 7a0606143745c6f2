/**
 * The lottery group of the endpoint table: menus (cached as hot reads: no member data, no
 * times), the lobby's countdowns and results, the bet slip's settings, placing an order
 * (place-order.ts) and the member's own bets.
 */
import type { Endpoints } from '#contract/endpoints'
import type { Locale } from '#contract/locales'
import { maxBetLines, popularCount, vnRegions, type LotteryBet, type LotteryMenu } from '#contract/lottery'
import { minorToMoney, type Currency } from '#contract/money'
import { pageOf } from '../db/paging'
import type { HandlerGroup } from '../http/contract-routes'
import { AppError } from '../http/errors'
import { currencyOf } from '../money/common'
import type { Ledger } from '../money/ledger'
import type { MoneySettings } from '../money/settings'
import { memberOf } from '../money/wallet-handlers'
import type { Db } from '../plugins/external/db'
import { betPage, recentlyPlayedGameIds, type LotteryBetRow } from './bets-repository'
import type { LotteryEngine } from './engine'
import type { LotteryGame } from './games-repository'
import { groupLabel } from './labels'
import { createOrderPlacer } from './place-order'
import { oddsText } from './rules'
import { gameName, toWireBetTypes, toWireGame, toWireIssue, toWireResult } from './wire'

export interface LotteryHandlerDeps {
  db: Db
  ledger: Ledger
  settings: MoneySettings
  engine: LotteryEngine
  now: () => Date
}

/** How many recent games a member's list shows. */
const recentCount = 10

const isVn = (g: LotteryGame) => g.row.kind === 'VN_NORTH' || g.row.kind === 'VN_SOUTH'

/** Games grouped by their menu group, in the games' order (groups in order of first game). */
function menusOf(games: LotteryGame[], locale: Locale, groupOrder?: readonly string[]): LotteryMenu[] {
  const groups = new Map<string, LotteryGame[]>()
  for (const g of games) groups.set(g.row.groupCode, [...(groups.get(g.row.groupCode) ?? []), g])
  const codes = [...groups.keys()]
  if (groupOrder) codes.sort((a, b) => groupOrder.indexOf(a) - groupOrder.indexOf(b))
  return codes.map((code) => {
    const list = groups.get(code) ?? []
    return {
      gameGroupCode: code,
      labelName: groupLabel(code, locale),
      prizeMode: list[0]?.row.prizeMode ?? 'LOTT',
      games: list.map((g) => toWireGame(g, locale)),
    }
  })
}

export function lotteryHandlers(deps: LotteryHandlerDeps): HandlerGroup<Endpoints['lottery']> {
  const { db, settings, engine, now } = deps
  const { games, keeper } = engine
  const placeOrder = createOrderPlacer({ ...deps, games, keeper })

  async function gameOrThrow(merchantCode: string, code: string): Promise<LotteryGame> {
    const g = await games.byCode(merchantCode, code)
    if (!g?.row.enabled) throw new AppError('lottery_game_not_found', 'no such lottery game')
    return g
  }

  /** The member's lottery games, the latest played first. */
  async function recentOf(merchantCode: string, memberId: number, locale: Locale, vnOnly: boolean) {
    const played = await recentlyPlayedGameIds(db, memberId, 50)
    const all = new Map((await games.list(merchantCode)).map((g) => [g.row.id, g]))
    const list = played
      .map((id) => all.get(id))
      .filter((g): g is LotteryGame => g !== undefined && (!vnOnly || isVn(g)))
      .slice(0, recentCount)
    return { list: list.map((g) => toWireGame(g, locale)) }
  }

  function wireBet(
    b: LotteryBetRow,
    game: LotteryGame | undefined,
    result: string | null,
    locale: Locale,
    currency: Currency,
  ): LotteryBet {
    return {
      betId: String(b.id),
      orderId: b.orderId,
      lottoGameCode: game?.row.code ?? '',
      gameName: game ? gameName(game, locale) : '',
      numero: b.numero,
      betType: b.betType,
      selection: b.selectionText,
      stake: minorToMoney(b.stake, currency),
      units: b.units,
      amount: minorToMoney(b.amount, currency),
      odds: oddsText(b.oddsMilli),
      status: b.status,
      payout: minorToMoney(b.payout, currency),
      hits: b.hits,
      betTime: b.betTime.getTime(),
      settledTime: b.settledTime?.getTime() ?? null,
      result,
    }
  }

  return {
    async gameMenus({ input, caller }) {
      const list = (await games.list(caller.merchantCode)).filter(
        (g) => input.prizeMode === undefined || g.row.prizeMode === input.prizeMode,
      )
      return { menus: menusOf(list, caller.locale) }
    },

    async vnMenu({ caller }) {
      const list = (await games.list(caller.merchantCode)).filter(isVn)
      return { gameMenus: menusOf(list, caller.locale, vnRegions) }
    },

    recentGames: ({ caller }) => recentOf(caller.merchantCode, memberOf(caller), caller.locale, false),
    vnRecent: ({ caller }) => recentOf(caller.merchantCode, memberOf(caller), caller.locale, true),

    async popular({ caller }) {
      const at = now()
      const all = await games.list(caller.merchantCode)
      const chosen = [...all]
        .sort((a, b) => Number(b.row.isHot) - Number(a.row.isHot) || a.row.sort - b.row.sort)
        .slice(0, popularCount)
      const last = await keeper.issues.lastDrawnOf(chosen.map((g) => g.row.id))
      const current = await keeper.currentOf(chosen, at)
      const list = chosen.map((g) => {
        const c = current.get(g.row.id)
        const l = last.get(g.row.id)
        return {
          game: toWireGame(g, caller.locale),
          current: c ? toWireIssue(g, c) : null,
          last: l ? toWireResult(g, l, caller.locale) : null,
        }
      })
      return { serverTime: at.getTime(), list }
    },

    async gameSetting({ input, caller }) {
      const g = await gameOrThrow(caller.merchantCode, input.lottoGameCode)
      const m = await settings.merchant(caller.merchantCode)
      return {
        game: toWireGame(g, caller.locale),
        betTypes: toWireBetTypes(g, currencyOf(m)),
        maxLines: maxBetLines,
        maxPayout: minorToMoney(g.row.maxPayout, currencyOf(m)),
      }
    },

    async near({ input, caller }) {
      const at = now()
      const g = await gameOrThrow(caller.merchantCode, input.lottoGameCode)
      const { current, next } = await keeper.near(g, at)
      const last = (await keeper.issues.lastDrawnOf([g.row.id])).get(g.row.id)
      return {
        serverTime: at.getTime(),
        game: toWireGame(g, caller.locale),
        current: current ? toWireIssue(g, current) : null,
        next: next ? toWireIssue(g, next) : null,
        last: last ? toWireResult(g, last, caller.locale) : null,
      }
    },

    async openedNumero({ input, caller }) {
      const all = await games.list(caller.merchantCode)
      const chosen = input.lottoGameCode ? all.filter((g) => g.row.code === input.lottoGameCode) : all
      if (input.lottoGameCode && chosen.length === 0) {
        throw new AppError('lottery_game_not_found', 'no such lottery game')
      }
      const byId = new Map(chosen.map((g) => [g.row.id, g]))
      const rows = await keeper.issues.latestDrawn(caller.merchantCode, [...byId.keys()], input.pageSize)
      return {
        list: rows.flatMap((r) => {
          const g = byId.get(r.gameId)
          return g ? [toWireResult(g, r, caller.locale)] : []
        }),
      }
    },

    async vnOpened({ input, caller }) {
      const vn = (await games.list(caller.merchantCode)).filter(
        (g) => isVn(g) && (input.gameGroupCode === undefined || g.row.groupCode === input.gameGroupCode),
      )
      const last = await keeper.issues.lastDrawnOf(vn.map((g) => g.row.id))
      return {
        list: vn.flatMap((g) => {
          const l = last.get(g.row.id)
          return l ? [toWireResult(g, l, caller.locale)] : []
        }),
      }
    },

    async draw({ input, caller }) {
      const g = await gameOrThrow(caller.merchantCode, input.lottoGameCode)
      const issue = await keeper.issues.byNumero(g.row.id, input.numero)
      if (!issue) throw new AppError('lottery_issue_not_found', 'no such issue of this game')
      return toWireResult(g, issue, caller.locale)
    },

    placeOrder,

    async orders({ input, caller }) {
      const memberId = memberOf(caller)
      const m = await settings.merchant(caller.merchantCode)
      const all = await games.list(caller.merchantCode, { all: true })
      const byId = new Map(all.map((g) => [g.row.id, g]))
      const gameId = input.lottoGameCode
        ? all.find((g) => g.row.code === input.lottoGameCode)?.row.id
        : undefined
      if (input.lottoGameCode && gameId === undefined) return pageOf([], 0, input)
      const { rows, total } = await betPage(db, {
        memberId,
        merchantCode: m.code,
        gameId,
        status: input.status,
        startTime: input.startTime,
        endTime: input.endTime,
        pageNo: input.pageNo,
        pageSize: input.pageSize,
      })
      const results = await keeper.issues.byIds([...new Set(rows.map((r) => r.issueId))])
      const mainOf = new Map(
        results.map((r) => [r.id, r.status === 'DRAWN' ? (r.result?.main ?? null) : null] as const),
      )
      const currency = currencyOf(m)
      return pageOf(
        rows.map((b) =>
          wireBet(b, byId.get(b.gameId), mainOf.get(b.issueId) ?? null, caller.locale, currency),
        ),
        total,
        input,
      )
    },
  }
}
