/** Lottery rows as the wire's shapes (src/contract/lottery.ts), named in the caller's locale. */
import type { Locale } from '#contract/locales'
import {
  prizeTiers,
  type BetTypeSetting,
  type DrawResult,
  type Issue,
  type LotteryGame as WireGame,
} from '#contract/lottery'
import { minorToMoney, type Currency } from '#contract/money'
import type { LotteryGame } from './games-repository'
import type { IssueRow } from './issues-repository'
import { groupLabel, nameIn } from './labels'
import { maxHitsPerLine, oddsText, sumOddsMilli, sumWaysTable } from './rules'

/** Bumped when the generated lottery art changes, so cached copies are replaced. */
export const lotteryArtVersion = 1

export function gameName(game: LotteryGame, locale: Locale): string {
  return nameIn(game.row.names, locale)
}

export function toWireGame(game: LotteryGame, locale: Locale): WireGame {
  const r = game.row
  return {
    lottoGameCode: r.code,
    name: gameName(game, locale),
    prizeMode: r.prizeMode,
    kind: r.kind,
    gameGroupCode: r.groupCode,
    labelName: groupLabel(r.groupCode, locale),
    schedule: game.schedule,
    isHot: r.isHot,
    iconUrl: `/media/lottery/${r.code}.webp?v=${lotteryArtVersion}`,
  }
}

export function toWireIssue(game: LotteryGame, i: IssueRow): Issue {
  return {
    lottoGameCode: game.row.code,
    numero: i.numero,
    openAt: i.openAt.getTime(),
    closeAt: i.closeAt.getTime(),
    status: i.status,
    commitment: i.commitment,
  }
}

const tierSet = new Set<string>(prizeTiers)

/** A draw as published: the seed only once drawn (never before: it would tell the result). */
export function toWireResult(game: LotteryGame, i: IssueRow, locale: Locale): DrawResult {
  const drawn = i.status === 'DRAWN' && i.result !== null
  return {
    lottoGameCode: game.row.code,
    name: gameName(game, locale),
    kind: game.row.kind,
    numero: i.numero,
    closeAt: i.closeAt.getTime(),
    status: i.status,
    drawnAt: drawn ? (i.drawnAt?.getTime() ?? null) : null,
    main: drawn ? (i.result?.main ?? null) : null,
    prizes: drawn
      ? (i.result?.prizes ?? []).flatMap((p) =>
          tierSet.has(p.prize)
            ? [{ prize: p.prize as (typeof prizeTiers)[number], numbers: [...p.numbers] }]
            : [],
        )
      : [],
    commitment: i.commitment,
    seed: drawn ? i.seed : null,
  }
}

export function toWireBetTypes(game: LotteryGame, currency: Currency): BetTypeSetting[] {
  return game.rules.map((r) => ({
    betType: r.betType,
    odds: oddsText(r.oddsMilli),
    ...(r.betType === 'SUM_EXACT'
      ? { oddsBySum: sumWaysTable.map((_, sum) => oddsText(sumOddsMilli(r.oddsMilli, sum))) }
      : {}),
    minStake: minorToMoney(r.minStake, currency),
    maxStake: minorToMoney(r.maxStake, currency),
    maxHits: maxHitsPerLine(game.row.kind, r.betType),
  }))
}
