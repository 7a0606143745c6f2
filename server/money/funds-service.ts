/**
 * What changes a deposit's or a withdrawal's state, shared by the member's calls, the
 * demo gateway's callback and the operator's commands. Each change is one database
 * transaction: the state moves only from the expected state (a second approval finds
 * nothing to approve), the ledger movement and the member's fund notice go with it.
 */
import { and, eq, lte, sql } from 'drizzle-orm'
import { minorToMoney } from '#contract/money'
import { deposits, members, merchants, withdrawals } from '../db/schema'
import { sweptNotices, type NewNotice, type NoticeWriter } from '../notify/notices'
import type { Db, Tx } from '../plugins/external/db'
import { creditChosenBonus } from '../promotions/deposit-bonus'
import { addTurnoverRequirement, requiredFor } from '../promotions/turnover-service'
import { currencyOf } from './common'
import type { Actor, Ledger } from './ledger'

export class SettlementError extends Error {}

/** Play money of a trial (guest) account, in minor units: 2,000.00. */
export const trialCreditMinor = 200_000n

export function createFundsService(
  db: Db,
  ledger: Ledger,
  now: () => Date,
  /** Where the member's notices go: the push service's writer queues their push at once. */
  notices: NoticeWriter = sweptNotices,
) {
  const notice = (
    tx: Tx,
    memberId: number,
    kind: NewNotice['kind'],
    amount: bigint,
    reference: string,
    at: Date,
    reason?: string | null,
  ) => notices.record(tx, { memberId, kind, amount, reference, at, reason: reason ?? null })

  return {
    /**
     * Gives a trial account its play money from the house's trial account, inside the
     * transaction that writes the account, so a trial account never exists without it.
     */
    async creditTrial(merchantCode: string, memberId: number, tx: Tx) {
      const house = await ledger.houseAccount(merchantCode, 'trial', tx)
      const wallet = await ledger.memberAccount(merchantCode, memberId, undefined, tx)
      await ledger.post(tx, {
        merchantCode,
        type: 'TRIAL_CREDIT',
        memberId,
        memo: 'trial play money',
        actor: 'system',
        at: now(),
        postings: [
          { accountId: house, amount: -trialCreditMinor },
          { accountId: wallet, amount: trialCreditMinor },
        ],
      })
    },

    /** Credits a pending deposit: house deposits -> the member's main wallet. */
    async creditDeposit(merchantCode: string, id: number, actor: Actor, note?: string) {
      const [pending] = await db
        .select()
        .from(deposits)
        .where(and(eq(deposits.id, id), eq(deposits.merchantCode, merchantCode)))
      if (!pending) throw new SettlementError(`no deposit ${id}`)
      const house = await ledger.houseAccount(merchantCode, 'deposits')
      const wallet = await ledger.memberAccount(merchantCode, pending.memberId)
      return db.transaction(async (tx) => {
        const at = now()
        const [d] = await tx
          .update(deposits)
          .set({ status: 'CREDITED', settledAt: at, note: note ?? null })
          .where(and(eq(deposits.id, id), eq(deposits.status, 'PENDING')))
          .returning()
        if (!d) throw new SettlementError(`deposit ${id} is ${pending.status}, not PENDING`)
        const posted = await ledger.post(tx, {
          merchantCode,
          type: 'DEPOSIT',
          memberId: d.memberId,
          reference: `deposit:${d.id}`,
          memo: d.methodCode,
          actor,
          at,
          postings: [
            { accountId: house, amount: -d.amount },
            { accountId: wallet, amount: d.amount },
          ],
        })
        await tx
          .update(deposits)
          .set({ creditTransactionId: posted.transactionId })
          .where(eq(deposits.id, d.id))
        await notice(tx, d.memberId, 'deposit_credited', d.amount, `deposit:${d.id}`, at)
        // The bonus the member chose with it (server/promotions), in the same transaction.
        await creditChosenBonus(tx, { db, ledger, notices, now }, merchantCode, d)
        return d
      })
    },

    async failDeposit(merchantCode: string, id: number, note?: string) {
      return db.transaction(async (tx) => {
        const at = now()
        const [d] = await tx
          .update(deposits)
          .set({ status: 'FAILED', settledAt: at, note: note ?? null })
          .where(
            and(eq(deposits.id, id), eq(deposits.merchantCode, merchantCode), eq(deposits.status, 'PENDING')),
          )
          .returning()
        if (!d) throw new SettlementError(`deposit ${id} is not PENDING`)
        await notice(tx, d.memberId, 'deposit_failed', d.amount, `deposit:${d.id}`, at, note)
        return d
      })
    },

    /** The operator paid it: withdrawals in flight -> paid out. */
    async approveWithdrawal(merchantCode: string, id: number, note?: string) {
      const inFlight = await ledger.houseAccount(merchantCode, 'withdrawals_in_flight')
      const paid = await ledger.houseAccount(merchantCode, 'withdrawals_paid')
      return db.transaction(async (tx) => {
        const at = now()
        const [w] = await tx
          .update(withdrawals)
          .set({ status: 'PAID', paidAt: at, settledAt: at, note: note ?? null })
          .where(
            and(
              eq(withdrawals.id, id),
              eq(withdrawals.merchantCode, merchantCode),
              eq(withdrawals.status, 'PENDING'),
            ),
          )
          .returning()
        if (!w) throw new SettlementError(`withdrawal ${id} is not PENDING`)
        await ledger.post(tx, {
          merchantCode,
          type: 'WITHDRAWAL_PAID',
          memberId: w.memberId,
          reference: `withdrawal:${w.id}`,
          memo: w.bankName,
          actor: 'operator',
          at,
          postings: [
            { accountId: inFlight, amount: -w.amount },
            { accountId: paid, amount: w.amount },
          ],
        })
        await notice(tx, w.memberId, 'withdrawal_approved', w.amount, `withdrawal:${w.id}`, at)
        return w
      })
    },

    /** The operator refused it: the amount goes back to the member's main wallet. */
    async rejectWithdrawal(merchantCode: string, id: number, note?: string) {
      const [row] = await db.select().from(withdrawals).where(eq(withdrawals.id, id))
      if (!row || row.merchantCode !== merchantCode) throw new SettlementError(`no withdrawal ${id}`)
      const inFlight = await ledger.houseAccount(merchantCode, 'withdrawals_in_flight')
      const wallet = await ledger.memberAccount(merchantCode, row.memberId)
      return db.transaction(async (tx) => {
        const at = now()
        const [w] = await tx
          .update(withdrawals)
          .set({ status: 'REJECTED', settledAt: at, note: note ?? null })
          .where(and(eq(withdrawals.id, id), eq(withdrawals.status, 'PENDING')))
          .returning()
        if (!w) throw new SettlementError(`withdrawal ${id} is ${row.status}, not PENDING`)
        await ledger.post(tx, {
          merchantCode,
          type: 'WITHDRAWAL_RETURN',
          memberId: w.memberId,
          reference: `withdrawal:${w.id}`,
          memo: note ?? null,
          actor: 'operator',
          at,
          postings: [
            { accountId: inFlight, amount: -w.amount },
            { accountId: wallet, amount: w.amount },
          ],
        })
        await notice(tx, w.memberId, 'withdrawal_rejected', w.amount, `withdrawal:${w.id}`, at, note)
        return w
      })
    },

    /**
     * Paid withdrawals the member has not confirmed within the brand's minutes count as
     * received, each with its notice. The state guard makes a second run (or another
     * instance) find nothing to change.
     */
    async autoReceive(merchantCode?: string): Promise<number> {
      const at = now()
      return db.transaction(async (tx) => {
        const rows = await tx
          .update(withdrawals)
          .set({ status: 'AUTO_RECEIVED', confirmedAt: at })
          .where(
            and(
              eq(withdrawals.status, 'PAID'),
              merchantCode ? eq(withdrawals.merchantCode, merchantCode) : undefined,
              lte(
                withdrawals.paidAt,
                sql`${at.toISOString()}::timestamptz - make_interval(mins => (select ${merchants.withdrawAutoReceiveMinutes} from ${merchants} where ${merchants.code} = ${withdrawals.merchantCode}))`,
              ),
            ),
          )
          .returning({ id: withdrawals.id, memberId: withdrawals.memberId, amount: withdrawals.amount })
        for (const w of rows) {
          await notice(tx, w.memberId, 'withdrawal_auto_received', w.amount, `withdrawal:${w.id}`, at)
        }
        return rows.length
      })
    },

    /**
     * An operator's credit (positive) or debit (negative) of a member's main wallet, with a
     * reason; a bonus is a credit from the bonus account. Debits cannot overdraw. A bonus
     * with `turnoverTenths` (15 is ×1.5) adds its turnover requirement in the same
     * transaction as the credit (decision 026).
     */
    async adjust(
      merchantCode: string,
      username: string,
      amount: bigint,
      reason: string,
      kind: 'ADJUSTMENT' | 'BONUS',
      turnoverTenths?: bigint,
    ) {
      const [m] = await db
        .select({
          id: members.id,
          account: members.account,
          currencySymbol: merchants.currencySymbol,
          currencyDecimals: merchants.currencyDecimals,
        })
        .from(members)
        .innerJoin(merchants, eq(merchants.code, members.merchantCode))
        .where(
          and(eq(members.merchantCode, merchantCode), eq(members.username, username.trim().toLowerCase())),
        )
      if (!m) throw new SettlementError(`no member ${username}`)
      if (kind === 'BONUS' && amount <= 0n) throw new SettlementError('a bonus is a positive amount')
      const house = await ledger.houseAccount(merchantCode, kind === 'BONUS' ? 'bonuses' : 'adjustments')
      const wallet = await ledger.memberAccount(merchantCode, m.id)
      if (turnoverTenths !== undefined && (kind !== 'BONUS' || turnoverTenths <= 0n)) {
        throw new SettlementError('a turnover multiple goes with a bonus, above zero')
      }
      const { posted, requirement } = await db.transaction(async (tx) => {
        const at = now()
        const posted = await ledger.post(tx, {
          merchantCode,
          type: kind,
          memberId: m.id,
          memo: reason,
          actor: 'operator',
          at,
          postings: [
            { accountId: house, amount: -amount },
            { accountId: wallet, amount },
          ],
        })
        // After the posting, which holds the wallet: a withdrawal waits for both or sees neither.
        const requirement =
          turnoverTenths === undefined
            ? null
            : await addTurnoverRequirement(tx, {
                merchantCode,
                memberId: m.id,
                required: requiredFor(amount, turnoverTenths),
                bonus: amount,
                source: 'operator',
                reference: `ledger:${posted.transactionId}`,
                at,
              })
        return { posted, requirement }
      })
      return {
        account: m.account,
        balance: minorToMoney(posted.balances.get(wallet) ?? 0n, currencyOf(m)),
        requirement,
      }
    },
  }
}

export type FundsService = ReturnType<typeof createFundsService>
