/**
 * The turnover requirement (decision 026): what a credited bonus asks the member to wager
 * before withdrawing, the member's progress, and the operator's waiver.
 *
 * Whatever credits a bonus (the operator's `ops bonus --turnover`, the promotion engine)
 * calls `add` inside the database transaction that posts the bonus to the ledger, after the
 * posting: the posting locks the member's wallet, and a withdrawal locks that wallet before
 * it reads the requirements, so a withdrawal never slips between a bonus and its requirement.
 */
import type { Money } from '#contract/money'
import type { TurnoverStatus } from '#contract/turnover'
import { AppError } from '../http/errors'
import type { Ledger } from '../money/ledger'
import type { Db, Tx } from '../plugins/external/db'
import { createAuditTrail } from '../system/audit'
import { turnoverProgress } from './turnover-progress'
import { createTurnoverRepository, type Executor, type TurnoverRequirementRow } from './turnover-repository'

export class TurnoverError extends Error {}

export interface NewTurnoverRequirement {
  merchantCode: string
  memberId: number
  /** Valid bets asked for, in minor units (above zero). */
  required: bigint
  /** The bonus credited, in minor units. */
  bonus: bigint
  /** What gave the bonus: `operator`, `promotion:<id>`. */
  source: string
  /** The bonus's own reference (`ledger:<transaction id>`, a claim). */
  reference?: string | null
  at: Date
}

/** One requirement as it stands now. */
export interface RequirementView {
  row: TurnoverRequirementRow
  done: bigint
  remaining: bigint
  status: TurnoverStatus
}

export interface MemberTurnover {
  /** Valid bets still to wager before a withdrawal: Σ remaining of the counted requirements. */
  remaining: bigint
  /** Requirements still open (counted and not met). */
  count: number
  /** Σ required and Σ done over the open requirements (remaining = required − done). */
  openRequired: bigint
  openDone: bigint
  /** The open requirements' ids, oldest first, and Σ of their bonuses (what a forfeit gives up). */
  openIds: number[]
  openBonus: bigint
  /** Nothing open and the newest counted requirement met: its required amount; else null. */
  completed: bigint | null
  /** The newest requirements, closed ones included, newest first. */
  requirements: RequirementView[]
}

/** How many requirements a member's list shows. */
const listed = 50

/**
 * A bonus's requirement: `multipleTenths` tenths of the bonus (15 is ×1.5), rounded up to
 * the currency's smallest unit, so the house never asks for less than the multiple says.
 */
export function requiredFor(bonus: bigint, multipleTenths: bigint): bigint {
  return (bonus * multipleTenths + 9n) / 10n
}

const repo = createTurnoverRepository()

/**
 * Writes the requirement of a bonus in the caller's transaction, with the member's valid-bet
 * total read in that transaction: bets settled before the bonus never count towards it.
 */
export async function addTurnoverRequirement(
  tx: Tx,
  r: NewTurnoverRequirement,
): Promise<TurnoverRequirementRow> {
  if (r.required <= 0n) throw new TurnoverError('a turnover requirement is above zero')
  if (r.bonus < 0n) throw new TurnoverError('a bonus is not negative')
  const turnoverAtStart = await repo.turnoverNow(tx, r.memberId)
  return repo.insert(tx, {
    merchantCode: r.merchantCode,
    memberId: r.memberId,
    required: r.required,
    bonus: r.bonus,
    turnoverAtStart,
    source: r.source,
    reference: r.reference ?? null,
    createdAt: r.at,
  })
}

/** The member's requirements now, read with `ex` (the caller's transaction, when it has one). */
export async function memberTurnover(ex: Executor, memberId: number): Promise<MemberTurnover> {
  const turnover = await repo.turnoverNow(ex, memberId)
  const counted = await repo.counted(ex, memberId)
  const latest = await repo.latest(ex, memberId, listed)
  const progress = turnoverProgress(turnover, counted)
  const byId = new Map(progress.requirements.map((p) => [p.id, p]))
  const bonusOf = new Map(counted.map((r) => [r.id, r.bonus]))
  const open = progress.requirements.filter((p) => !p.met)
  const newest = progress.requirements.at(-1)
  return {
    remaining: progress.remaining,
    count: open.length,
    openRequired: open.reduce((sum, p) => sum + p.required, 0n),
    openDone: open.reduce((sum, p) => sum + p.done, 0n),
    openIds: open.map((p) => p.id),
    openBonus: open.reduce((sum, p) => sum + (bonusOf.get(p.id) ?? 0n), 0n),
    completed: open.length === 0 && newest?.met ? newest.required : null,
    requirements: latest.map((row) => {
      const p = byId.get(row.id)
      if (row.closedReason !== null || !p) {
        return { row, done: 0n, remaining: 0n, status: row.closedReason ?? 'waived' }
      }
      return { row, done: p.done, remaining: p.remaining, status: p.met ? 'met' : 'open' }
    }),
  }
}

/** What forfeiting the open bonuses takes: their sum, never more than the wallet holds. */
export function forfeitTake(openBonus: bigint, balance: bigint): bigint {
  const held = balance > 0n ? balance : 0n
  return openBonus < held ? openBonus : held
}

export interface ForfeitRequest {
  merchantCode: string
  memberId: number
  /** The member's main wallet and the house's bonus account. */
  wallet: number
  house: number
  /** What the member was shown it takes, in minor units. */
  expected: bigint
  at: Date
  /** Minor units as the brand's money, for a refusal's value. */
  money: (minor: bigint) => Money
}

export interface ForfeitDone {
  taken: bigint
  closed: TurnoverRequirementRow[]
  /** The main wallet after it. */
  balance: bigint
}

/**
 * The member gives up the bonuses still waiting for their turnover, in the caller's
 * transaction (the brand's setting is the caller's to check): the wallet and the house's
 * bonus account are locked first, in id order as every movement takes them, so a bonus or a
 * withdrawal at the same moment is wholly before or after; then what the open requirements'
 * bonuses come to, at most the balance, goes back to the house as a BONUS movement, and the
 * requirements are closed as forfeited. Requirements already met stay: their bonus is earned.
 */
export async function forfeitOpenBonuses(tx: Tx, ledger: Ledger, f: ForfeitRequest): Promise<ForfeitDone> {
  await ledger.lockAccounts(tx, [f.wallet, f.house])
  await repo.lockCounted(tx, f.memberId)
  const t = await memberTurnover(tx, f.memberId)
  if (t.openIds.length === 0) {
    throw new AppError('bonus_forfeit_nothing_open', 'no bonus is waiting for its turnover')
  }
  const balance = await ledger.balance(tx, f.wallet)
  const taken = forfeitTake(t.openBonus, balance)
  if (taken !== f.expected) {
    throw new AppError('bonus_forfeit_amount_changed', 'the forfeit would now take another amount', {
      amount: f.money(taken),
    })
  }
  let after = balance
  if (taken > 0n) {
    const posted = await ledger.post(tx, {
      merchantCode: f.merchantCode,
      type: 'BONUS',
      memberId: f.memberId,
      reference: `turnover-forfeit:${t.openIds.join(',')}`,
      memo: 'Bonus forfeited to withdraw',
      actor: 'member',
      at: f.at,
      postings: [
        { accountId: f.wallet, amount: -taken },
        { accountId: f.house, amount: taken },
      ],
    })
    after = posted.balances.get(f.wallet) ?? balance - taken
  }
  const closed = await repo.close(tx, t.openIds, {
    reason: 'forfeited',
    by: `member:${f.memberId}`,
    at: f.at,
  })
  // The locks above keep other forfeits and waivers of these out until this one commits.
  if (closed.length !== t.openIds.length) throw new Error('an open requirement was closed meanwhile')
  return { taken, closed, balance: after }
}

export function createTurnoverService(db: Db, now: () => Date) {
  return {
    /** See addTurnoverRequirement: call it in the transaction that credits the bonus. */
    add: addTurnoverRequirement,

    /** The member's requirements and what is left to wager. */
    progress(memberId: number, ex: Executor = db): Promise<MemberTurnover> {
      return memberTurnover(ex, memberId)
    },

    /**
     * The operator lets the member off one requirement that is still open: it no longer
     * counts (nor holds back the later ones). Its audit row is written in the same transaction.
     */
    async waive(merchantCode: string, id: number, operator: string, reason: string) {
      const why = reason.trim()
      if (!why) throw new TurnoverError('say why the requirement is waived')
      return db.transaction(async (tx) => {
        const found = await repo.lockOne(tx, merchantCode, id)
        if (!found) throw new TurnoverError(`no turnover requirement #${id}`)
        if (found.r.closedReason !== null) {
          throw new TurnoverError(`turnover requirement #${id} is already ${found.r.closedReason}`)
        }
        // The member's wallet is not touched: the requirement is only a condition on withdrawals.
        const before = (await memberTurnover(tx, found.r.memberId)).requirements.find((v) => v.row.id === id)
        if (before?.status === 'met') throw new TurnoverError(`turnover requirement #${id} is already met`)
        const at = now()
        const [closed] = await repo.close(tx, [id], { reason: 'waived', by: `operator:${operator}`, at })
        if (!closed) throw new TurnoverError(`turnover requirement #${id} is already closed`)
        const after = await memberTurnover(tx, found.r.memberId)
        await createAuditTrail(tx).record({
          merchantCode,
          operator,
          words: ['turnover', 'waive', String(id), ...why.split(/\s+/)],
          target: `turnover requirement #${id} of member ${found.account}`,
          before: { status: 'open', required: found.r.required, done: before?.done ?? 0n },
          after: { status: 'waived', reason: why, memberRemaining: after.remaining },
          at,
        })
        return { requirement: closed, account: found.account, remaining: after.remaining }
      })
    },
  }
}

export type TurnoverService = ReturnType<typeof createTurnoverService>
