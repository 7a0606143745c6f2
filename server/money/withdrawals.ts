/**
 * Withdrawals: the settings, a withdrawal to one of the member's cards, the list, and the
 * member's confirmation of a paid one.
 */
import type { Withdrawal } from '#contract/funds'
import { minorToMoney } from '#contract/money'
import { periodAt } from '../contracts/periods'
import { pageOf } from '../db/paging'
import { AppError } from '../http/errors'
import { leftToday, memberBenefits, overDailyLimit, type DailyWithdrawals } from '../loyalty/vip/benefits'
import type { Db, Tx } from '../plugins/external/db'
import { memberTurnover } from '../promotions/turnover-service'
import { ownCardOrThrow } from './bank-cards'
import { cleanImage } from './clean-image'
import {
  amountOrThrow,
  currencyOf,
  inRangeOrThrow,
  maskAccount,
  ms,
  orInsufficient,
  storeImage,
  type MerchantRow,
} from './common'
import type { FundsHandlers, FundsKit } from './funds-kit'
import type { WithdrawalRow } from './funds-repository'
import { idempotencyOf, withIdempotency } from './idempotency'
import { paymentPasswordCheck, paymentRule } from './payment-password'
import { forfeitOffer, turnoverSummary } from './turnover-handlers'
import { memberOf } from './wallet-handlers'

const minute = 60_000

export function withdrawalView(w: WithdrawalRow, m: MerchantRow): Withdrawal {
  return {
    id: w.id,
    amount: minorToMoney(w.amount, currencyOf(m)),
    status: w.status,
    bankName: w.bankName,
    accountNumberMasked: maskAccount(w.accountNumber),
    amountReceived: w.amountReceived === null ? null : minorToMoney(w.amountReceived, currencyOf(m)),
    createdAt: w.createdAt.getTime(),
    paidAt: ms(w.paidAt),
    autoReceiveAt:
      w.status === 'PAID' && w.paidAt ? w.paidAt.getTime() + m.withdrawAutoReceiveMinutes * minute : null,
  }
}

function todayView(d: DailyWithdrawals, m: MerchantRow) {
  const c = currencyOf(m)
  const left = leftToday(d)
  return {
    count: d.count,
    amount: minorToMoney(d.amount, c),
    countLimit: d.countLimit,
    countLeft: left.countLeft,
    amountLimit: d.amountLimit === null ? null : minorToMoney(d.amountLimit, c),
    amountLeft: left.amountLeft === null ? null : minorToMoney(left.amountLeft, c),
  }
}

/**
 * A paid withdrawal whose confirmation time has run out: it counts as received. The job
 * (jobs/withdrawal-auto-receive.ts) writes that; until it has run, reads leave the row as it
 * is and a confirmation is refused as if it had.
 */
function confirmationOver(w: WithdrawalRow, m: { withdrawAutoReceiveMinutes: number }, at: Date): boolean {
  return (
    w.status === 'PAID' &&
    w.paidAt !== null &&
    w.paidAt.getTime() + m.withdrawAutoReceiveMinutes * minute <= at.getTime()
  )
}

/**
 * The member's withdrawals of the brand's day at `at` (not rejected) against its VIP level's
 * daily count and maximum (decision 030 section 5); a level without them, or a brand without
 * levels, sets none.
 */
async function dailyWithdrawals(
  kit: FundsKit,
  ex: Db | Tx,
  m: MerchantRow,
  memberId: number,
  at: Date,
): Promise<DailyWithdrawals> {
  const day = periodAt('day', m.timeZone, at)
  const level = await memberBenefits(ex, m.code, memberId)
  const used = await kit.fundsRepo.withdrawnBetween(memberId, day.start, day.end, ex)
  return {
    ...used,
    countLimit: level?.withdrawDailyCount ?? null,
    amountLimit: level?.withdrawDailyMax ?? null,
  }
}

/**
 * The step of the authenticator code a withdrawal carries, checked on the member's budget of
 * attempts, when the brand asks for it (WDGOOGLECODE3) and the member has the authenticator
 * on; null when none is needed (decision 031). The step is used in the withdrawal's
 * transaction, so a withdrawal refused after this leaves the code unused.
 */
async function withdrawalCodeStep(
  kit: FundsKit,
  merchantCode: string,
  memberId: number,
  given: string | undefined,
): Promise<number | null> {
  if (!(await kit.authenticatorOnWithdraw(merchantCode))) return null
  if (!(await kit.authenticator.isOn(memberId))) return null
  if (!given?.trim()) {
    throw new AppError('authenticator_code_required', 'enter the code the authenticator app shows')
  }
  return kit.authenticator.stepFor(memberId, given)
}

const notConfirmable = (status: WithdrawalRow['status']) =>
  new AppError('withdrawal_not_confirmable', 'this withdrawal is not waiting for a confirmation', { status })

type WithdrawalEndpoints =
  'withdrawSettings' | 'withdraw' | 'withdrawals' | 'confirmations' | 'confirmWithdrawal'

export function withdrawalHandlers(kit: FundsKit): Pick<FundsHandlers, WithdrawalEndpoints> {
  const { db, ledger, settings, fundsRepo, now } = kit
  const checkPaymentPassword = paymentPasswordCheck(kit)

  return {
    async withdrawSettings({ caller }) {
      const memberId = memberOf(caller)
      const m = await settings.merchant(caller.merchantCode)
      const me = await kit.member(memberId)
      const main = await ledger.memberAccount(m.code, memberId)
      const turnover = await memberTurnover(db, memberId)
      const balance = await ledger.balance(db, main)
      return {
        minimumAmount: minorToMoney(m.withdrawMin, currencyOf(m)),
        maximumAmount: minorToMoney(m.withdrawMax, currencyOf(m)),
        availableBalance: minorToMoney(balance, currencyOf(m)),
        hasPaymentPassword: me.paymentPasswordHash !== null,
        maxBankCards: m.maxBankCards,
        autoReceiveMinutes: m.withdrawAutoReceiveMinutes,
        paymentPasswordRule: await paymentRule(kit, m.code),
        turnover: turnoverSummary(turnover, m),
        turnoverComplete:
          turnover.completed === null ? null : minorToMoney(turnover.completed, currencyOf(m)),
        bonusForfeit: forfeitOffer(turnover, balance, m),
        today: todayView(await dailyWithdrawals(kit, db, m, memberId, now()), m),
      }
    },

    async withdraw({ input, caller }) {
      const memberId = memberOf(caller)
      const m = await settings.merchant(caller.merchantCode)
      const amount = amountOrThrow(input.amount, m)
      inRangeOrThrow(amount, m.withdrawMin, m.withdrawMax, m)
      await checkPaymentPassword(memberId, input.paymentPassword)
      const codeStep = await withdrawalCodeStep(kit, m.code, memberId, input.googleCode)
      const card = await ownCardOrThrow(kit, memberId, input.cardId)
      const wallet = await ledger.memberAccount(m.code, memberId)
      const inFlight = await ledger.houseAccount(m.code, 'withdrawals_in_flight')
      return orInsufficient(ledger, db, m, () =>
        withIdempotency(db, idempotencyOf(caller), now(), async (tx) => {
          // The code's step is used with the withdrawal: an identical request at once waits
          // here on the member's authenticator row, finds the step used and rolls back, and
          // the route answers it with the first one's withdrawal.
          if (codeStep !== null) await kit.authenticator.useStep(tx, memberId, codeStep)
          // The wallet first: a bonus credited at the same moment posts to it, so it is wholly
          // before this withdrawal (its turnover requirement is read below) or wholly after.
          await ledger.lockAccounts(tx, [wallet, inFlight])
          // Counted under the wallet's lock: parallel withdrawals of one member count one another.
          const over = overDailyLimit(await dailyWithdrawals(kit, tx, m, memberId, now()), amount)
          if (over?.code === 'withdraw_daily_count_reached') {
            throw new AppError(over.code, 'the level’s withdrawals for today are used', {
              limit: over.limit,
              used: over.used,
            })
          }
          if (over) {
            throw new AppError(over.code, 'over the level’s withdrawal amount for today', {
              limit: minorToMoney(over.limit, currencyOf(m)),
              used: minorToMoney(over.used, currencyOf(m)),
            })
          }
          const turnover = await memberTurnover(tx, memberId)
          if (turnover.remaining > 0n) {
            throw new AppError('turnover_not_met', 'wager the bonuses’ turnover before withdrawing', {
              remaining: minorToMoney(turnover.remaining, currencyOf(m)),
            })
          }
          // The card may be deleted since it was read: held here, a deletion waits for this
          // withdrawal and then finds it pending, or this one finds the card gone.
          if (!(await fundsRepo.holdLiveCard(card.id, tx))) {
            throw new AppError('bank_card_not_found', 'no such bank card')
          }
          const at = now()
          const w = await fundsRepo.addWithdrawal(
            {
              merchantCode: m.code,
              memberId,
              cardId: card.id,
              bankName: card.bankName,
              accountName: card.accountName,
              accountNumber: card.accountNumber,
              amount,
              status: 'PENDING',
              createdAt: at,
            },
            tx,
          )
          await ledger.post(tx, {
            merchantCode: m.code,
            type: 'WITHDRAWAL',
            memberId,
            reference: `withdrawal:${w.id}`,
            memo: card.bankName,
            actor: 'member',
            at,
            postings: [
              { accountId: wallet, amount: -amount },
              { accountId: inFlight, amount },
            ],
          })
          return withdrawalView(w, m)
        }),
      )
    },

    async withdrawals({ input, caller }) {
      const memberId = memberOf(caller)
      const m = await settings.merchant(caller.merchantCode)
      const { rows, total } = await fundsRepo.withdrawalPage({ ...input, memberId })
      return pageOf(
        rows.map((w) => withdrawalView(w, m)),
        total,
        input,
      )
    },

    async confirmations({ caller }) {
      const memberId = memberOf(caller)
      const m = await settings.merchant(caller.merchantCode)
      const at = now()
      return (await fundsRepo.paidWithdrawals(memberId))
        .filter((w) => !confirmationOver(w, m, at))
        .map((w) => withdrawalView(w, m))
    },

    async confirmWithdrawal({ input, caller }) {
      const memberId = memberOf(caller)
      const m = await settings.merchant(caller.merchantCode)
      const w = await fundsRepo.ownWithdrawal(memberId, input.withdrawalId)
      if (!w) throw new AppError('withdrawal_not_found', 'no such withdrawal')
      if (confirmationOver(w, m, now())) throw notConfirmable('AUTO_RECEIVED')
      if (w.status !== 'PAID') throw notConfirmable(w.status)
      let amountReceived: bigint | null = null
      if (input.outcome === 'PARTLY_RECEIVED') {
        amountReceived = amountOrThrow(input.amountReceived ?? '', m)
        if (amountReceived >= w.amount) inRangeOrThrow(amountReceived, 1n, w.amount - 1n, m)
      }
      const proof = input.proof ? await cleanImage(input.proof) : null
      if (input.outcome === 'NOT_RECEIVED' && !proof) {
        throw new AppError('image_invalid', 'add a screenshot that shows the money did not arrive')
      }
      return withIdempotency(db, idempotencyOf(caller), now(), async (tx) => {
        const at = now()
        const proofId = proof ? await storeImage(tx, memberId, proof, at) : null
        const done = await fundsRepo.confirmWithdrawal(
          w.id,
          { status: input.outcome, amountReceived, proofId, confirmedAt: at },
          tx,
        )
        if (!done) throw notConfirmable(w.status)
        return withdrawalView(done, m)
      })
    },
  }
}
