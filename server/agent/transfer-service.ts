/**
 * Transfers down to the team: money from the agent's main wallet to one member of its team,
 * or shared between several (the red envelope), in one ledger transaction with each
 * member's notice, within the brand's limits: the most per transfer (a red envelope's total)
 * and the most per agent per day of the brand's time zone. A member outside the agent's
 * team is answered exactly as one that does not exist.
 */
import { minorToMoney } from '#contract/money'
import { AppError } from '../http/errors'
import type { CallerContext } from '../http/request-context'
import { amountOrThrow, currencyOf, orInsufficient, type MerchantRow } from '../money/common'
import { idempotencyOf, withIdempotency } from '../money/idempotency'
import type { Ledger } from '../money/ledger'
import type { MoneySettings } from '../money/settings'
import type { NoticeWriter } from '../notify/notices'
import type { Db, Tx } from '../plugins/external/db'
import { dayIn } from './team-service'
import type { TransferLimits, TransferRepository } from './transfer-repository'

export interface TransferServiceDeps {
  db: Db
  transfers: TransferRepository
  ledger: Ledger
  settings: MoneySettings
  notices: NoticeWriter
  checkPaymentPassword(memberId: number, given: string): Promise<void>
  /** Whether the brand's red envelope (AGENTRANSMULTDOWN3) is on: a transfer to several needs it. */
  redEnvelopeOn(merchantCode: string): Promise<boolean>
  now: () => Date
}

const notInTeam = () => new AppError('downline_not_found', 'no such member in your team')

/** A limit the operator typed is refused with this message. */
export class LimitRefused extends Error {}

export function createTransferService(deps: TransferServiceDeps) {
  const { db, transfers, ledger, settings, notices, now } = deps

  return {
    /**
     * Moves money from the agent's main wallet to members of its team, each their share.
     * The key's earlier answer is replayed before this runs (contract-routes.ts); a refusal
     * writes nothing.
     */
    async transfer(
      caller: CallerContext,
      agentId: number,
      input: { shares: readonly { memberId: number; amount: string }[]; paymentPassword: string },
    ) {
      const m = await settings.merchant(caller.merchantCode)
      const c = currencyOf(m)
      const ids = input.shares.map((s) => s.memberId)
      if (new Set(ids).size !== ids.length) {
        throw new AppError('transfer_recipients_invalid', 'each member may be named once')
      }
      if (ids.includes(agentId)) throw notInTeam()
      if (ids.length > 1 && !(await deps.redEnvelopeOn(m.code))) {
        throw new AppError('feature_disabled', 'the red envelope is switched off')
      }
      const shares = input.shares.map((s) => ({ memberId: s.memberId, amount: amountOrThrow(s.amount, m) }))
      const total = shares.reduce((sum, s) => sum + s.amount, 0n)
      if (m.downlineTransferMax !== null && total > m.downlineTransferMax) {
        throw new AppError('transfer_over_limit', 'more than the most one transfer may send', {
          limit: minorToMoney(m.downlineTransferMax, c),
        })
      }
      await deps.checkPaymentPassword(agentId, input.paymentPassword)
      const from = await ledger.memberAccount(m.code, agentId)
      return orInsufficient(ledger, db, m, () =>
        withIdempotency(db, idempotencyOf(caller), now(), async (tx) => {
          // The agent's transfers one at a time from here: the day's sum below is final.
          await transfers.lockAgent(tx, agentId)
          const members = await transfers.recipients(tx, m.code, agentId, ids)
          if (members.length !== ids.length) throw notInTeam()
          const at = now()
          await withinDailyLimit(tx, m, agentId, from, total, at)
          const wallets = new Map(
            members.flatMap((r) => (r.wallet === null ? [] : [[r.id, r.wallet] as const])),
          )
          const without = members.filter((r) => r.wallet === null).map((r) => r.id)
          if (without.length > 0) {
            for (const [id, wallet] of await ledger.memberAccounts(m.code, without, undefined, tx)) {
              wallets.set(id, wallet)
            }
          }
          const walletOf = (memberId: number) => {
            const w = wallets.get(memberId)
            if (w === undefined) throw new Error(`no wallet for member ${memberId}`)
            return w
          }
          const posted = await ledger.post(
            tx,
            {
              merchantCode: m.code,
              type: 'DOWNLINE_TRANSFER',
              memberId: agentId,
              memo: members.length === 1 ? `> ${members[0]?.account ?? ''}` : `> ${members.length}`,
              actor: 'member',
              at,
              postings: [
                { accountId: from, amount: -total },
                ...shares.map((s) => ({ accountId: walletOf(s.memberId), amount: s.amount })),
              ],
            },
            { walletsOf: agentId },
          )
          await notices.recordMany(
            tx,
            shares.map((s) => ({
              memberId: s.memberId,
              kind: 'transfer_from_upline' as const,
              amount: s.amount,
              reference: `transfer:${posted.transactionId}`,
              at,
            })),
          )
          const sum = (posted.wallets ?? []).reduce((acc, w) => acc + w.balance, 0n)
          return {
            recipients: shares.length,
            total: minorToMoney(total, c),
            sumBalance: minorToMoney(sum, c),
          }
        }),
      )
    },
  }

  /** Refuses a transfer that would take the agent's day over the brand's daily limit. */
  async function withinDailyLimit(
    tx: Tx,
    m: MerchantRow,
    agentId: number,
    wallet: number,
    total: bigint,
    at: Date,
  ): Promise<void> {
    const max = m.downlineTransferDailyMax
    if (max === null) return
    const sent = await transfers.sentDownOn(tx, agentId, wallet, dayIn(m.timeZone, at), m.timeZone)
    if (sent + total <= max) return
    const c = currencyOf(m)
    throw new AppError('transfer_daily_limit', 'more than the most the agent may send down today', {
      limit: minorToMoney(max, c),
      remaining: minorToMoney(sent >= max ? 0n : max - sent, c),
    })
  }
}

export type TransferService = ReturnType<typeof createTransferService>

/** The brand's limits on transfers down: read and changed by the operator (`agent limits`). */
export function createTransferLimits(transfers: TransferRepository) {
  /** The limits in minor units (null: none); `ex`: the caller's transaction. */
  async function limits(ex: Db, merchantCode: string): Promise<TransferLimits> {
    const found = await transfers.limits(merchantCode, ex)
    if (!found) throw new LimitRefused(`no brand ${merchantCode}`)
    return found
  }
  return {
    limits,

    /** Changes one or both limits; the limits before and after. */
    async setLimits(
      ex: Db,
      merchantCode: string,
      change: Partial<TransferLimits>,
    ): Promise<{ before: TransferLimits; after: TransferLimits }> {
      const before = await limits(ex, merchantCode)
      const after = { ...before, ...change }
      for (const v of [after.perTransfer, after.perDay]) {
        if (v !== null && v <= 0n) throw new LimitRefused('a limit is an amount above zero, or none')
      }
      await transfers.setLimits(merchantCode, after, ex)
      return { before, after }
    },
  }
}
