/**
 * Contract settlement (decision 024): after each period closes in the brand's time zone, every
 * contract in force at its end is paid its difference — what its own tiers give on the
 * agent's whole team, less what its direct downline agents' contracts of the kind give on
 * theirs — by the house, through the ledger. Payments are written in chunks, each one
 * transaction holding the payments' rows (keyed by contract and period), their ledger
 * movements and their notices: a rerun, a second instance or a crash midway leaves each
 * contract's period paid once or not at all, and the next run pays what is missing.
 */
import {
  contractKinds,
  share,
  tierFor,
  type ContractKind,
  type ContractPayments,
  type ContractPaymentsQuery,
  type ContractPeriodUnit,
  type StakeTier,
} from '#contract/contracts'
import { minorToMoney } from '#contract/money'
import { mainAccountTypeId } from '#contract/wallet'
import { currencyOf, type MerchantRow } from '../money/common'
import { memberAccountCode, type Ledger } from '../money/ledger'
import type { NewNotice, NoticeWriter } from '../notify/notices'
import type { Db } from '../plugins/external/db'
import { periodAfter, periodAt, unitOf, wallDate, type Period } from './periods'
import type { NewPayment, SettledContract, SettlementRepository, TeamMeasure } from './settlement-repository'

export interface SettlementDeps {
  db: Db
  ledger: Ledger
  repo: SettlementRepository
  notices: NoticeWriter
  now: () => Date
  /** The brands to settle (every brand the platform runs). */
  merchants: () => Promise<readonly MerchantRow[]>
}

/**
 * How long after a period's end it is settled: a bet settles in a transaction that stamps its
 * settlement time before it commits, so a period is read only once any such transaction has
 * long committed.
 */
export const settleGraceMs = 60_000

/** The payments one transaction writes. */
const chunkSize = 500

/** The periods one run settles per brand, kind and unit at most (the next run goes on). */
const maxPeriodsPerRun = 400

const periodMs = (p: Period) => p.end.getTime() - p.start.getTime()

const noMeasure: TeamMeasure = { measure: 0n, activeMembers: 0 }

/** A settled period's payments (the dry run's table) and what was written. */
export interface PeriodSettlement {
  kind: ContractKind
  unit: ContractPeriodUnit
  period: Period
  payments: NewPayment[]
  /** Payments this run wrote (0 on a dry run, or when another run had written them). */
  written: number
  paid: bigint
}

const unitsOfKind: Record<Exclude<ContractKind, 'dividend'>, ContractPeriodUnit> = {
  dailySalary: 'day',
  hourlySalary: 'hour',
  realTimeSalary: 'window',
}

/** The period's label on the ledger movement (the member's account record shows it). */
function periodMemo(unit: ContractPeriodUnit, tz: string, p: Period): string {
  const day = wallDate(tz, p.start)
  if (unit === 'day') return day
  if (unit === 'hour' || unit === 'window') {
    const hm = new Intl.DateTimeFormat('en-GB', {
      timeZone: tz,
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
    return `${day} ${hm.format(p.start)}–${hm.format(p.end)}`
  }
  return `${day} – ${wallDate(tz, new Date(p.end.getTime() - 1))}`
}

/** What each contract is paid for one period, from its team's measure (pure: the dry run's). */
export function paymentsFor(
  m: Pick<MerchantRow, 'code'>,
  kind: ContractKind,
  unit: ContractPeriodUnit,
  period: Period,
  contracts: readonly SettledContract[],
  measures: ReadonlyMap<number, TeamMeasure>,
  at: Date,
): NewPayment[] {
  const own = contracts.map((c) => {
    const mm = measures.get(c.agentId) ?? noMeasure
    if (c.terms.kind === 'realTimeSalary') return { c, m: mm, rate: null, pay: mm.pay ?? 0n }
    const tier = tierFor<{ from: number; activeMembers?: number; rate: number }>(
      c.terms.tiers,
      mm.measure,
      mm.activeMembers,
    )
    const rate = tier?.rate ?? 0
    return { c, m: mm, rate, pay: share(mm.measure, rate) }
  })
  const downlinePay = new Map<number, bigint>()
  for (const o of own) {
    if (o.c.uplineId === null) continue
    downlinePay.set(o.c.uplineId, (downlinePay.get(o.c.uplineId) ?? 0n) + o.pay)
  }
  const out: NewPayment[] = []
  for (const o of own) {
    const below = downlinePay.get(o.c.agentId) ?? 0n
    if (o.m.measure === 0n && o.pay === 0n && below === 0n) continue
    const diff = o.pay - below
    out.push({
      merchantCode: m.code,
      contractId: o.c.id,
      kind,
      agentId: o.c.agentId,
      unit,
      periodStart: period.start,
      periodEnd: period.end,
      measure: o.m.measure,
      activeMembers: o.m.activeMembers,
      rate: o.rate,
      wonStakes: o.m.wonStakes ?? null,
      lostStakes: o.m.lostStakes ?? null,
      pay: o.pay,
      downlinePay: below,
      amount: diff > 0n ? diff : 0n,
      shortfall: diff < 0n ? -diff : 0n,
      paidAt: at,
    })
  }
  return out
}

export function createSettlementService(deps: SettlementDeps) {
  const { db, ledger, repo, notices, now } = deps

  /** The units the brand's contracts of the kind are paid by (a dividend's are its periods). */
  async function unitsOf(m: MerchantRow, kind: ContractKind): Promise<ContractPeriodUnit[]> {
    if (kind !== 'dividend') return [unitsOfKind[kind]]
    return (await repo.dividendPeriodsEver(m.code)).map((period) => unitOf({ kind, period, tiers: [] }))
  }

  async function measuresOf(
    m: MerchantRow,
    kind: ContractKind,
    period: Period,
    contracts: readonly SettledContract[],
  ): Promise<Map<number, TeamMeasure>> {
    if (kind === 'realTimeSalary') {
      const tiers = new Map<number, readonly StakeTier[]>()
      for (const c of contracts) if (c.terms.kind === 'realTimeSalary') tiers.set(c.agentId, c.terms.tiers)
      return repo.realTimeMeasures(m.code, tiers, period)
    }
    return repo.teamMeasures(
      kind,
      contracts.map((c) => c.agentId),
      {
        ...period,
        fromDay: wallDate(m.timeZone, period.start),
        toDay: wallDate(m.timeZone, period.end),
      },
    )
  }

  /** Writes one chunk's payments, their movements and notices in one transaction. */
  async function write(m: MerchantRow, unit: ContractPeriodUnit, period: Period, chunk: NewPayment[]) {
    const kind = chunk[0]?.kind
    if (!kind) return { written: 0, paid: 0n }
    const house = await ledger.houseAccount(m.code, 'contracts')
    const wallets = await repo.mainWallets(
      m.code,
      chunk.filter((p) => p.amount > 0n).map((p) => p.agentId),
      (id) => memberAccountCode(id, mainAccountTypeId),
    )
    for (const p of chunk) {
      if (p.amount > 0n && !wallets.has(p.agentId)) {
        wallets.set(p.agentId, await ledger.memberAccount(m.code, p.agentId))
      }
    }
    const memo = periodMemo(unit, m.timeZone, period)
    return db.transaction(async (tx) => {
      const ids = await repo.insertPayments(tx, chunk)
      const paid = chunk.filter((p) => p.amount > 0n && ids.has(p.contractId))
      const paymentIds = paid.map((p) => ids.get(p.contractId) ?? 0)
      const txIds = await ledger.postBatchIds(tx, {
        merchantCode: m.code,
        type: kind === 'dividend' ? 'DIVIDEND' : 'SALARY',
        actor: 'system',
        at: chunk[0]?.paidAt ?? now(),
        counterAccountId: house,
        items: paid.map((p, i) => ({
          accountId: wallets.get(p.agentId) ?? 0,
          memberId: p.agentId,
          amount: p.amount,
          reference: `contract-payment:${paymentIds[i]}`,
          memo,
        })),
      })
      await repo.linkTransactions(tx, paymentIds, txIds)
      const ns: NewNotice[] = paid.map((p, i) => ({
        memberId: p.agentId,
        kind: 'contract_paid',
        amount: p.amount,
        reference: `contract-payment:${paymentIds[i]}`,
        at: p.paidAt,
        reason: kind,
      }))
      await notices.recordMany(tx, ns)
      return { written: ids.size, paid: paid.reduce((s, p) => s + p.amount, 0n) }
    })
  }

  /**
   * Settles (or with `dryRun` only computes) one period of one kind and unit for a brand;
   * `mark` records the period as settled (the in-order run's).
   */
  async function settlePeriod(
    m: MerchantRow,
    kind: ContractKind,
    unit: ContractPeriodUnit,
    period: Period,
    opts: { dryRun?: boolean; mark?: boolean } = {},
  ): Promise<PeriodSettlement> {
    const at = now()
    const contracts = (await repo.inForce(m.code, kind, period.end)).filter((c) => unitOf(c.terms) === unit)
    const measures = contracts.length
      ? await measuresOf(m, kind, period, contracts)
      : new Map<number, TeamMeasure>()
    const payments = paymentsFor(m, kind, unit, period, contracts, measures, at)
    const result: PeriodSettlement = { kind, unit, period, payments, written: 0, paid: 0n }
    if (opts.dryRun) return result
    for (let i = 0; i < payments.length; i += chunkSize) {
      const r = await write(m, unit, period, payments.slice(i, i + chunkSize))
      result.written += r.written
      result.paid += r.paid
    }
    // Only the run that goes through the periods in order marks them: a period settled on
    // its own (the operator's) leaves the ones before it to that run.
    if (!opts.mark) return result
    await repo.markSettled(db, {
      merchantCode: m.code,
      kind,
      unit,
      start: period.start,
      end: period.end,
      payments: payments.length,
      paid: payments.reduce((s, p) => s + p.amount, 0n),
      at,
    })
    return result
  }

  /**
   * The first window from `p` in which a bet of the brand settled, or the last closed window
   * when none did since: the windows between pay nothing and are passed over (the last one's
   * mark moves the run on).
   */
  async function nextBusyWindow(m: MerchantRow, p: Period, cutoff: number): Promise<Period> {
    const lastClosed = periodAt('window', m.timeZone, new Date(cutoff - periodMs(p)))
    const next = await repo.nextSettledBet(m.code, p.start)
    if (next && next < lastClosed.start) return next < p.end ? p : periodAt('window', m.timeZone, next)
    return lastClosed.start > p.start ? lastClosed : p
  }

  /** Every closed period of the kind the brand has not settled yet, oldest first. */
  async function settleDueOf(m: MerchantRow, kind: ContractKind, signal?: AbortSignal) {
    const done: PeriodSettlement[] = []
    const first = await repo.firstAccepted(m.code, kind)
    if (!first) return done
    const cutoff = now().getTime() - settleGraceMs
    for (const unit of await unitsOf(m, kind)) {
      const last = await repo.lastSettled(m.code, kind, unit)
      let p = periodAt(unit, m.timeZone, last ?? first)
      for (let n = 0; n < maxPeriodsPerRun && p.end.getTime() <= cutoff; n++) {
        if (signal?.aborted) return done
        if (unit === 'window') p = await nextBusyWindow(m, p, cutoff)
        done.push(await settlePeriod(m, kind, unit, p, { mark: true }))
        p = periodAfter(unit, m.timeZone, p)
      }
    }
    return done
  }

  return {
    settlePeriod,

    /** A page of the kind's payment history, to the agent or to its direct downline agents. */
    async history(
      m: MerchantRow,
      agentId: number,
      kind: ContractKind,
      q: ContractPaymentsQuery,
    ): Promise<ContractPayments> {
      const money = (v: bigint) => minorToMoney(v, currencyOf(m))
      const r = await repo.payments(agentId, kind, {
        scope: q.scope,
        from: q.startTime === undefined ? undefined : new Date(q.startTime),
        to: q.endTime === undefined ? undefined : new Date(q.endTime),
        limit: q.pageSize,
        offset: (q.pageNo - 1) * q.pageSize,
      })
      return {
        payments: {
          list: r.rows.map((p) => ({
            id: p.id,
            contractId: p.contract_id,
            kind: p.kind,
            agentId: p.agent_id,
            agentAccount: p.agent_account,
            unit: p.unit,
            periodStart: p.period_start.getTime(),
            periodEnd: p.period_end.getTime(),
            measure: money(p.measure),
            activeMembers: p.active_members,
            rate: p.rate,
            wonStakes: p.won_stakes === null ? null : money(p.won_stakes),
            lostStakes: p.lost_stakes === null ? null : money(p.lost_stakes),
            pay: money(p.pay),
            downlinePay: money(p.downline_pay),
            amount: money(p.amount),
            shortfall: money(p.shortfall),
            paidAt: p.paid_at.getTime(),
          })),
          total: r.total,
          pageNo: q.pageNo,
          pageSize: q.pageSize,
        },
        sum: money(r.sum),
      }
    },

    /** Settles every brand's closed periods of the kinds given (all by default). */
    async settleDue(kinds: readonly ContractKind[] = contractKinds, signal?: AbortSignal) {
      const done: PeriodSettlement[] = []
      for (const m of await deps.merchants()) {
        for (const kind of kinds) done.push(...(await settleDueOf(m, kind, signal)))
      }
      return done
    },
  }
}

export type SettlementService = ReturnType<typeof createSettlementService>
