/**
 * `ops contract settle`: the settlement job's own service, run by the operator.
 *
 * - `contract settle <kind> <time> [--dry-run]`: the period of the kind that the brand's clock
 *   time falls in (YYYY-MM-DD, optionally THH or THH:MM). With --dry-run the table it would
 *   pay (an open period's so far); without, it pays that period once it has closed.
 * - `contract settle <kind> due [--now <time>]`: every closed period of the kind not settled
 *   yet, as the job does. A demo install may say `--now`: settle as if its clock read then.
 */
import { inArray } from 'drizzle-orm'
import { contractKinds, type ContractKind, type ContractPeriodUnit } from '#contract/contracts'
import { formatMinor } from '#contract/money'
import { members } from '../db/schema/identity'
import { currencyOf, type MerchantRow } from '../money/common'
import { createLedger } from '../money/ledger'
import { sweptNotices } from '../notify/notices'
import type { OpsContext } from '../ops/commands'
import { OpsError } from '../ops/ops-error'
import { noMore, oneOf, required } from '../ops/ops-input'
import { instantAtWall, periodAt, wallDate } from './periods'
import { createSettlementRepository } from './settlement-repository'
import { createSettlementService, settleGraceMs, type PeriodSettlement } from './settlement-service'

export const settleUsage =
  'contract settle <kind> <YYYY-MM-DD[THH[:MM]]> [--dry-run] | contract settle <kind> due [--now <time>]'

const unitsOfKind: Record<ContractKind, readonly ContractPeriodUnit[]> = {
  dividend: ['day', 'week', 'semimonth', 'month'],
  dailySalary: ['day'],
  hourlySalary: ['hour'],
  realTimeSalary: ['window'],
}

function pad(cells: string[][]): string[] {
  const widths = cells[0]?.map((_, i) => Math.max(...cells.map((r) => (r[i] ?? '').length))) ?? []
  return cells.map((r) =>
    r.map((c, i) => (i === 0 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0))).join('  '),
  )
}

async function describe(ctx: OpsContext, m: MerchantRow, done: readonly PeriodSettlement[], dryRun: boolean) {
  const c = currencyOf(m)
  const ids = [...new Set(done.flatMap((d) => d.payments.map((p) => p.agentId)))]
  const names = new Map(
    ids.length
      ? (
          await ctx.db
            .select({ id: members.id, account: members.account })
            .from(members)
            .where(inArray(members.id, ids))
        ).map((r) => [r.id, r.account])
      : [],
  )
  const money = (v: bigint) => formatMinor(v, c)
  const out: string[] = []
  for (const d of done) {
    const total = d.payments.reduce((s, p) => s + p.amount, 0n)
    const when = `${wallDate(m.timeZone, d.period.start)} ${d.unit} from ${d.period.start.toISOString()} to ${d.period.end.toISOString()}`
    const head = dryRun
      ? `${d.kind} ${when}: would pay ${d.payments.length} contracts ${money(total)} (dry run: nothing paid)`
      : `${d.kind} ${when}: paid ${d.written} of ${d.payments.length} contracts ${money(d.paid)}${d.written < d.payments.length ? ' (the rest were paid before)' : ''}`
    out.push(head)
    if (d.payments.length === 0) continue
    out.push(
      ...pad([
        ['  agent', 'measure', 'active', 'rate ppm', 'pay', 'downline', 'amount', 'shortfall'],
        ...d.payments.map((p) => [
          `  ${names.get(p.agentId) ?? `#${p.agentId}`}`,
          money(p.measure),
          String(p.activeMembers),
          p.rate === null ? 'by bet' : String(p.rate),
          money(p.pay),
          money(p.downlinePay),
          money(p.amount),
          money(p.shortfall),
        ]),
      ]),
    )
  }
  return out.length ? out.join('\n') : 'nothing to settle'
}

export async function runSettle(ctx: OpsContext, m: MerchantRow, args: string[]): Promise<string> {
  const [rawKind, rawWhen, ...rest] = args
  const kind = oneOf('contract settle: the kind', rawKind, contractKinds)
  const when = required(`contract settle ${kind}: the time (YYYY-MM-DD[THH[:MM]]) or "due"`, rawWhen)
  let clock = new Date()
  const service = (now: () => Date) =>
    createSettlementService({
      db: ctx.db,
      ledger: createLedger(ctx.db),
      repo: createSettlementRepository(ctx.db),
      notices: ctx.notices ?? sweptNotices,
      now,
      merchants: async () => [m],
    })
  if (when === 'due') {
    if (rest[0] === '--now') {
      if (!ctx.demo)
        throw new OpsError(
          'contract settle: --now is for demo installs only; a live brand settles by its clock',
        )
      const at = instantAtWall(m.timeZone, required('contract settle due --now: the time', rest[1]))
      if (!at)
        throw new OpsError(`contract settle due --now: "${rest[1]}" is not a time (YYYY-MM-DD[THH[:MM]])`)
      clock = at
      noMore(`contract settle ${kind} due --now ${rest[1]}`, rest.slice(2))
    } else {
      noMore(`contract settle ${kind} due`, rest)
    }
    const done = await service(() => clock).settleDue([kind])
    const paid = done.filter((d) => d.written > 0)
    ctx.audit?.({
      target: `${kind} contracts due by ${clock.toISOString()}`,
      before: null,
      after: { periods: done.length, payments: paid.reduce((s, d) => s + d.written, 0) },
    })
    return `${done.length} periods settled\n${await describe(ctx, m, paid, false)}`
  }
  const dryRun = rest[0] === '--dry-run'
  noMore(`contract settle ${kind} ${when}${dryRun ? ' --dry-run' : ''}`, dryRun ? rest.slice(1) : rest)
  const at = instantAtWall(m.timeZone, when)
  if (!at) throw new OpsError(`contract settle ${kind}: "${when}" is not a time (YYYY-MM-DD[THH[:MM]])`)
  const settlement = service(() => clock)
  const done: PeriodSettlement[] = []
  for (const unit of unitsOfKind[kind]) {
    const period = periodAt(unit, m.timeZone, at)
    if (!dryRun && period.end.getTime() + settleGraceMs > clock.getTime()) {
      if (unitsOfKind[kind].length > 1) continue
      throw new OpsError(
        `contract settle ${kind}: the period ends ${period.end.toISOString()}; it is settled after it closes (try --dry-run)`,
      )
    }
    const r = await settlement.settlePeriod(m, kind, unit, period, { dryRun })
    if (r.payments.length > 0 || unitsOfKind[kind].length === 1) done.push(r)
  }
  if (!dryRun) {
    ctx.audit?.({
      target: `${kind} contracts of ${when}`,
      before: null,
      after: {
        payments: done.reduce((s, d) => s + d.written, 0),
        paid: done.reduce((s, d) => s + d.paid, 0n).toString(),
      },
    })
  }
  return describe(ctx, m, done, dryRun)
}
