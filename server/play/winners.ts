/**
 * The winners board: the brand's newest settled rounds that paid more than their stake,
 * played through the seamless wallet. Newest first (a ticker of what is happening now,
 * read from a partial index); usernames masked; the multiplier is payout over stake,
 * rounded down to one decimal.
 */
import { and, desc, eq, gt, isNotNull, ne, sql } from 'drizzle-orm'
import { GameTypeSchema, type GameType } from '#contract/games'
import { memberTypes } from '#contract/identity-values'
import { minorToMoney } from '#contract/money'
import type { Winner } from '#contract/play'
import { betRecords, members, merchants } from '../db/schema'
import type { Db } from '../plugins/external/db'

/** `player01` → `pl***01`; short names keep less (`bob` → `b***b`, `al` → `a***`). */
export function maskUsername(u: string): string {
  const chars = [...u]
  if (chars.length <= 2) return `${chars[0] ?? ''}***`
  if (chars.length <= 4) return `${chars[0]}***${chars[chars.length - 1]}`
  return `${chars.slice(0, 2).join('')}***${chars.slice(-2).join('')}`
}

/** Payout over stake with one decimal, rounded down (`12.5`). */
export function multiplierOf(payout: bigint, stake: bigint): string {
  if (stake <= 0n) return '0.0'
  const tenths = (payout * 10n) / stake
  return `${tenths / 10n}.${tenths % 10n}`
}

export async function winnerBoard(
  db: Db,
  merchantCode: string,
  q: { gameType?: GameType | undefined; limit: number },
): Promise<{ list: Winner[] }> {
  const [m] = await db
    .select({ decimals: merchants.currencyDecimals, symbol: merchants.currencySymbol })
    .from(merchants)
    .where(eq(merchants.code, merchantCode))
  if (!m) return { list: [] }
  const rows = await db
    .select({
      username: members.username,
      gameCode: betRecords.gameCode,
      gameName: betRecords.gameName,
      productType: betRecords.productType,
      vassalage: betRecords.vassalage,
      betAmount: betRecords.betAmount,
      payout: betRecords.payout,
      settledTime: betRecords.settledTime,
    })
    .from(betRecords)
    .innerJoin(members, eq(members.id, betRecords.memberId))
    .where(
      and(
        eq(betRecords.merchantCode, merchantCode),
        eq(betRecords.status, 'SETTLED'),
        gt(betRecords.payout, betRecords.betAmount),
        sql`${betRecords.betAmount} > 0`,
        isNotNull(betRecords.vassalage),
        // Play money wins nothing to show off: trial accounts stay off the board.
        ne(members.type, memberTypes.guest),
        q.gameType ? eq(betRecords.productType, q.gameType) : undefined,
      ),
    )
    .orderBy(desc(betRecords.settledTime), desc(betRecords.id))
    .limit(q.limit)
  const currency = { decimals: m.decimals, symbol: m.symbol }
  return {
    list: rows.flatMap((r) => {
      const gameType = GameTypeSchema.safeParse(r.productType)
      if (!gameType.success) return []
      return [
        {
          username: maskUsername(r.username),
          gameId: r.gameCode ?? '',
          gameName: r.gameName,
          gameType: gameType.data,
          vassalage: r.vassalage ?? '',
          payout: minorToMoney(r.payout, currency),
          multiplier: multiplierOf(r.payout, r.betAmount),
          time: r.settledTime?.getTime() ?? 0,
        },
      ]
    }),
  }
}
