/**
 * Placing a lottery order (POST /lgw/orders, idempotent: the route layer answers a retry
 * from its stored answer before anything here runs).
 *
 * Order of checks, each refusal leaving nothing written: the game (enabled), the issue the
 * member named (a numero of the game's schedule, else lottery_issue_not_found; the one open
 * now, else lottery_issue_closed with the issue open now), the slip (checkSlip: bet types,
 * selections, stakes, the most one line may win). Then ONE transaction: the issue row locked FOR SHARE and checked
 * again (still OPEN, now before its closeAt: the draw takes the row FOR UPDATE, so a bet
 * either commits before the draw reads the bets, or finds the issue closed), the total
 * debited from the main wallet through the ledger (insufficient_balance rolls everything
 * back; a trial account's play money goes to the house's `trial_lottery`, not `lottery`), the bets and their bet records written, and the idempotency key.
 */
import { randomUUID } from 'node:crypto'
import type { EndpointOutput, EndpointParsedInput } from '#contract/endpoint'
import type { Endpoints } from '#contract/endpoints'
import { memberTypes } from '#contract/identity-values'
import type { Locale } from '#contract/locales'
import { minorToMoney } from '#contract/money'
import { mainAccountTypeId } from '#contract/wallet'
import { betRecords, lotteryBets } from '../db/schema'
import { AppError } from '../http/errors'
import type { CallerContext } from '../http/request-context'
import { currencyOf, orInsufficient } from '../money/common'
import { idempotencyOf, withIdempotency } from '../money/idempotency'
import type { Ledger } from '../money/ledger'
import type { MoneySettings } from '../money/settings'
import { memberOf } from '../money/wallet-handlers'
import type { Db } from '../plugins/external/db'
import type { LotteryGamesRepository } from './games-repository'
import { slotAt, slotNamed, type IssueKeeper } from './issues'
import { checkSlip, oddsText } from './rules'
import { lotteryVassalage } from './settle'
import { gameName, toWireIssue } from './wire'

type PlaceOrder = Endpoints['lottery']['placeOrder']

/** Thrown inside the transaction when the issue closed before the bet could land. */
class IssueClosed extends Error {}

export interface PlaceOrderDeps {
  db: Db
  ledger: Ledger
  settings: MoneySettings
  games: LotteryGamesRepository
  keeper: IssueKeeper
  now: () => Date
}

/** The bet record's product type: the e-lottery's own, LOTT for every other prize mode. */
export function productTypeOf(prizeMode: string): 'ELOTT' | 'LOTT' {
  return prizeMode === 'ELOTT' ? 'ELOTT' : 'LOTT'
}

export function createOrderPlacer(deps: PlaceOrderDeps) {
  const { db, ledger, settings, games, keeper, now } = deps

  return async function placeOrder({
    input,
    caller,
  }: {
    input: EndpointParsedInput<PlaceOrder>
    caller: CallerContext
  }): Promise<EndpointOutput<PlaceOrder>> {
    const memberId = memberOf(caller)
    const m = await settings.merchant(caller.merchantCode)
    const currency = currencyOf(m)
    const game = await games.byCode(m.code, input.lottoGameCode)
    if (!game?.row.enabled) throw new AppError('lottery_game_not_found', 'no such lottery game')
    const slot = slotNamed(game.schedule, input.numero)
    if (!slot) throw new AppError('lottery_issue_not_found', 'no such issue of this game')

    const closed = async (): Promise<never> => {
      const open = await keeper.issueOf(game, slotAt(game.schedule, now()))
      throw new AppError('lottery_issue_closed', 'this issue takes no more bets', {
        current: open && open.status === 'OPEN' ? toWireIssue(game, open) : null,
      })
    }
    const current = slotAt(game.schedule, now())
    if (current.numero !== slot.numero) return closed()

    const checked = checkSlip(game.row.kind, game.rules, input.bets, m.currencyDecimals, game.row.maxPayout)
    if (!('lines' in checked)) {
      if (checked.code === 'lottery_stake_out_of_range') {
        throw new AppError(checked.code, 'a stake is outside its limits', {
          index: checked.value.index,
          minStake: minorToMoney(checked.value.minStake, currency),
          maxStake: minorToMoney(checked.value.maxStake, currency),
        })
      }
      if (checked.code === 'lottery_payout_over_limit') {
        throw new AppError(checked.code, 'a line could win more than one bet may win', {
          index: checked.value.index,
          maxPayout: minorToMoney(checked.value.maxPayout, currency),
          maxStake: minorToMoney(checked.value.maxStake, currency),
        })
      }
      if (checked.code === 'validation_failed') {
        // A stake that is not an amount of the brand's currency: named like any invalid field.
        const message = `enter a stake above zero with at most ${m.currencyDecimals} decimals`
        throw new AppError('validation_failed', message, {
          index: checked.value.index,
          fields: [{ path: `bets.${checked.value.index}.stake`, code: 'invalid_amount', message }],
        })
      }
      throw new AppError(checked.code, 'a bet line cannot be placed', checked.value)
    }
    const lines = checked.lines
    const total = lines.reduce((s, l) => s + l.amount, 0n)

    // Made before the transaction (nothing inside it may wait on the database outside it).
    const issue = await keeper.issueOf(game, slot)
    if (!issue) throw new AppError('lottery_issue_not_found', 'no such issue of this game')
    const walletId = await ledger.memberAccount(m.code, memberId)
    // A trial account's play money stays out of the brand's lottery takings.
    const trial = caller.session?.type === memberTypes.guest
    const houseId = await ledger.houseAccount(m.code, trial ? 'trial_lottery' : 'lottery')
    const locale: Locale = caller.locale
    const name = gameName(game, locale)
    const orderId = randomUUID()

    try {
      return await orInsufficient(ledger, db, m, () =>
        withIdempotency(db, idempotencyOf(caller), now(), async (tx) => {
          const locked = await keeper.issues.byNumero(game.row.id, slot.numero, tx, 'share')
          const at = now()
          if (!locked || locked.status !== 'OPEN' || at.getTime() >= locked.closeAt.getTime()) {
            throw new IssueClosed()
          }
          const posted = await ledger.post(tx, {
            merchantCode: m.code,
            type: 'BET',
            memberId,
            reference: `lottery:order:${orderId}`,
            memo: `${name} ${slot.numero}`,
            actor: 'member',
            at,
            postings: [
              { accountId: walletId, amount: -total },
              { accountId: houseId, amount: total },
            ],
          })
          const rows = await tx
            .insert(lotteryBets)
            .values(
              lines.map((l) => ({
                orderId,
                merchantCode: m.code,
                memberId,
                gameId: game.row.id,
                issueId: locked.id,
                numero: slot.numero,
                betType: l.betType,
                selection: l.selection,
                selectionText: l.selectionText,
                stake: l.stake,
                units: l.units,
                amount: l.amount,
                oddsMilli: l.oddsMilli,
                betTime: at,
              })),
            )
            .returning()
          await tx.insert(betRecords).values(
            rows.map((b) => ({
              merchantCode: m.code,
              memberId,
              betNo: String(b.id),
              productType: productTypeOf(game.row.prizeMode),
              accountTypeId: mainAccountTypeId,
              vendorName: name,
              gameName: `${name} ${slot.numero}`,
              gameCode: game.row.code,
              vassalage: lotteryVassalage,
              betAmount: b.amount,
              validBet: 0n,
              payout: 0n,
              status: 'UNSETTLED' as const,
              betTime: at,
            })),
          )
          const balance = posted.balances.get(walletId) ?? 0n
          return {
            orderId,
            lottoGameCode: game.row.code,
            numero: slot.numero,
            totalAmount: minorToMoney(total, currency),
            balance: minorToMoney(balance, currency),
            bets: rows.map((b) => ({
              betId: String(b.id),
              orderId,
              lottoGameCode: game.row.code,
              gameName: name,
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
              settledTime: null,
              result: null,
            })),
          }
        }),
      )
    } catch (err) {
      // Closed meanwhile: answered after the transaction, which wrote nothing (not even the key).
      if (err instanceof IssueClosed) return closed()
      throw err
    }
  }
}
