/**
 * The operator's referral commands (decision 032): the brand's referral settings, the
 * referrals held as likely self-referral, and the decision on one (approve lets its reward
 * pay on the job's next run; reject means it never pays). Each change with its audit row.
 */
import { formatMinor, parseAmount } from '#contract/money'
import { maxReferralShareBp } from '#contract/referral-values'
import { AppError } from '../http/errors'
import { currencyOf } from '../money/common'
import type { CommandSpec, OpsContext } from '../ops/commands'
import { OpsError } from '../ops/ops-error'
import { brandOf, idOf, noMore, oneOf, options } from '../ops/ops-input'
import { referralServicesOf } from './referral-of'
import type { ReferralSettingsRow } from './referral-repository'

function moneyOf(what: string, raw: string, decimals: number): bigint {
  if (/^0+(\.0+)?$/.test(raw)) return 0n
  const v = parseAmount(raw, { decimals })
  if (v === null || v > 1_000_000_000_00n)
    throw new OpsError(`${what} is an amount of 0 or more, not "${raw}"`)
  return v
}

/** A percentage with up to 2 decimals, as basis points. */
function shareOf(raw: string): number {
  if (!/^\d{1,3}(\.\d{1,2})?$/.test(raw))
    throw new OpsError(`--share is a percentage such as 0.5, not "${raw}"`)
  const bp = Math.round(Number(raw) * 100)
  if (bp > maxReferralShareBp)
    throw new OpsError(`--share is at most ${maxReferralShareBp / 100}%, not ${raw}%`)
  return bp
}

function multipleOf(raw: string): number {
  if (!/^\d{1,3}(\.\d)?$/.test(raw) || Number(raw) > 100)
    throw new OpsError(`--reward-turnover is a multiple from 0 to 100 (one decimal), not "${raw}"`)
  return Math.round(Number(raw) * 10)
}

const shown = (s: ReferralSettingsRow) => ({
  enabled: s.enabled,
  rewardAmount: s.rewardAmount.toString(),
  turnover: s.turnover.toString(),
  shareBp: s.shareBp,
  turnoverTenths: s.turnoverTenths,
})

async function referralCommand(ctx: OpsContext, args: string[]): Promise<string> {
  const [word, ...rest] = args
  const mode = oneOf('referral: the action', word, ['settings', 'held', 'approve', 'reject'])
  const m = await brandOf(ctx)
  const c = currencyOf(m)
  const money = (v: bigint) => `${c.symbol}${formatMinor(v, c)}`
  const { referrals, repo } = referralServicesOf(ctx.db)
  if (mode === 'settings') {
    const { values, positionals } = options(rest, {
      amount: { type: 'string' },
      turnover: { type: 'string' },
      share: { type: 'string' },
      'reward-turnover': { type: 'string' },
    })
    const [switchWord, ...extra] = positionals
    const onOff =
      switchWord === undefined ? undefined : oneOf('referral settings: the switch', switchWord, ['on', 'off'])
    noMore(`referral settings ${switchWord ?? ''}`.trim(), extra)
    const before = await referrals.settingsOf(m.code, ctx.db)
    const after: ReferralSettingsRow = { ...before }
    if (onOff) after.enabled = onOff === 'on'
    if (values.amount !== undefined) after.rewardAmount = moneyOf('--amount', values.amount, c.decimals)
    if (values.turnover !== undefined) after.turnover = moneyOf('--turnover', values.turnover, c.decimals)
    if (values.share !== undefined) after.shareBp = shareOf(values.share)
    const multiple = values['reward-turnover']
    if (multiple !== undefined) after.turnoverTenths = multipleOf(multiple)
    const changed = JSON.stringify(shown(before)) !== JSON.stringify(shown(after))
    if (changed) {
      after.updatedAt = new Date()
      after.updatedBy = `operator:${ctx.operator ?? 'operator'}`
      await repo.saveSettings(after, ctx.db)
      ctx.audit?.({ target: 'referral settings', before: shown(before), after: shown(after) })
    }
    const s = after
    return [
      `referral rewards ${s.enabled ? 'on' : 'off'}: ${money(s.rewardAmount)} per friend who deposits and bets ${money(s.turnover)}`,
      `share of friends' valid bets ${s.shareBp / 100}% a day; reward turnover ${s.turnoverTenths / 10}×`,
    ].join('\n')
  }
  if (mode === 'held') {
    noMore('referral held', rest)
    const rows = await repo.held(m.code, ctx.db)
    if (rows.length === 0) return 'no referrals held'
    return rows
      .map(
        (r) =>
          `#${r.id} ${r.createdAt.toISOString()} referrer ${r.referrerId} friend ${r.friendId} ${r.flag ?? ''} from ${r.friendIp}`,
      )
      .join('\n')
  }
  const id = idOf(`referral ${mode}: the referral's id`, rest[0])
  noMore(`referral ${mode} ${id}`, rest.slice(1))
  try {
    const row = await referrals.decide(
      m.code,
      id,
      mode === 'approve',
      `operator:${ctx.operator ?? 'operator'}`,
      ctx.db,
    )
    ctx.audit?.({ target: `referral ${id}`, before: { review: 'held' }, after: { review: row.review } })
  } catch (err) {
    if (err instanceof AppError) {
      throw new OpsError(
        `referral ${mode}: referral ${id} is not held (missing or decided already); nothing was done`,
      )
    }
    throw err
  }
  return mode === 'approve'
    ? `referral #${id} approved: its reward pays when the friend qualifies`
    : `referral #${id} rejected: it never pays`
}

export const referralCommands: Record<string, CommandSpec> = {
  referral: {
    usage:
      'referral settings [on|off] [--amount <x>] [--turnover <x>] [--share <%>] [--reward-turnover <x>] | held | approve <id> | reject <id>',
    summary:
      'member referrals: the reward per friend (a first deposit and a turnover), the daily share, and the referrals held as likely self-referral to approve or reject (audited)',
    readOnly: (args) => args[0] === 'held' || (args[0] === 'settings' && args.length === 1),
    run: referralCommand,
  },
}
