/**
 * The VIP page (member centre page playerRank, decision 030 section 7): the member's level
 * and badge, the bar toward the next level with the shortest way up in words ("Wager
 * $3,200.00 more this month"), the brand's table of levels with the member's marked, and the
 * current level's benefits.
 */
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery, useSuspenseQuery } from '@tanstack/react-query'
import { type Currency, showMoney } from '#contract/money'
import type { VipLevel, VipProgress } from '#contract/vip'
import { FormError } from '../../../components/ui/form-error'
import { Skeleton } from '../../../components/ui/skeleton'
import { brandQueryOptions } from '../../../lib/brand-query'
import { vipProgressQueryOptions } from '../../../lib/vip-progress'
import { vipRulesQueryOptions } from './api'
import { percentOf, shortestText } from './vip-text'
import './vip.css'

function useCurrency(): Currency {
  const { data } = useSuspenseQuery(brandQueryOptions())
  return { symbol: data.currencySymbol, decimals: data.currencyDecimals }
}

const isZero = (m: string) => Number(m) === 0

function Progress({ p, currency }: { p: VipProgress; currency: Currency }) {
  const { i18n, t } = useLingui()
  const next = p.next
  if (!next) {
    return (
      <p>
        <Trans>You are at the highest level.</Trans>
      </p>
    )
  }
  const name = next.name
  const value = percentOf(next.monthlyTurnover.actual, next.monthlyTurnover.expected)
  return (
    <section aria-labelledby="player-rank-next">
      <h4 id="player-rank-next">
        <Trans>Next level: {name}</Trans>
      </h4>
      <progress max={100} value={value} aria-label={t`Progress to ${name}`} />
      {next.shortest.map((s) => (
        <p key={s.figure}>{shortestText(i18n, s, currency)}</p>
      ))}
    </section>
  )
}

function Benefits({ level, currency }: { level: VipLevel; currency: Currency }) {
  const { t } = useLingui()
  const money = (v: string) => showMoney(v, currency)
  const lines: string[] = []
  if (!isZero(level.levelUpBonus)) lines.push(t`Level-up bonus ${money(level.levelUpBonus)}`)
  if (!isZero(level.birthdayBonus)) lines.push(t`Birthday bonus ${money(level.birthdayBonus)}`)
  if (level.rebateExtraBp > 0) {
    const extra = `${level.rebateExtraBp / 100}%`
    lines.push(t`Extra rebate ${extra}`)
  }
  if (level.withdrawDailyCount !== null) {
    const count = level.withdrawDailyCount
    lines.push(t`Withdrawals a day: ${count}`)
  }
  if (level.withdrawDailyMax !== null) lines.push(t`Withdrawals up to ${money(level.withdrawDailyMax)} a day`)
  if (level.vipService) lines.push(t`VIP customer service`)
  lines.push(...level.benefits)
  return (
    <section aria-labelledby="player-rank-benefits">
      <h4 id="player-rank-benefits">
        <Trans>Your benefits</Trans>
      </h4>
      <ul>
        {lines.map((l) => (
          <li key={l}>{l}</li>
        ))}
      </ul>
    </section>
  )
}

export function PlayerRankPage() {
  const { t, i18n } = useLingui()
  const currency = useCurrency()
  const progress = useQuery(vipProgressQueryOptions(i18n.locale))
  const rules = useQuery(vipRulesQueryOptions(i18n.locale))
  if (!progress.data || !rules.data) {
    return progress.isError || rules.isError ? (
      <FormError text={t`Your VIP level could not be loaded. Please try again.`} />
    ) : (
      <Skeleton lines={4} label={t`Loading`} />
    )
  }
  const p = progress.data
  const levels = rules.data.list
  const current = levels.find((l) => l.rank === p.rank) ?? null
  const money = (v: string) => showMoney(v, currency)
  const rank = p.rank
  return (
    <div className="player-rank">
      <section className="player-rank-badge" aria-label={t`Your level`}>
        {p.badge ? <img src={p.badge} alt="" /> : null}
        <div>
          <div className="player-rank-level">{p.playerRankName}</div>
          <div>
            <Trans>Level {rank}</Trans>
          </div>
        </div>
      </section>
      <Progress p={p} currency={currency} />
      {!isZero(p.keep.expected) ? (
        <p>
          <Trans>
            This month’s valid bets: {money(p.keep.actual)} of {money(p.keep.expected)} to keep your level
          </Trans>
        </p>
      ) : null}
      <table>
        <caption>
          <Trans>Levels</Trans>
        </caption>
        <thead>
          <tr>
            <th scope="col">
              <Trans>Level</Trans>
            </th>
            <th scope="col">
              <Trans>Valid bets a month</Trans>
            </th>
            <th scope="col">
              <Trans>Deposits a month</Trans>
            </th>
            <th scope="col">
              <Trans>Level-up bonus</Trans>
            </th>
          </tr>
        </thead>
        <tbody>
          {levels.map((l) => (
            <tr key={l.rank} aria-current={l.rank === p.rank ? 'true' : undefined}>
              <th scope="row">{l.name}</th>
              <td>{money(l.monthlyTurnover)}</td>
              <td>{money(l.monthlyDeposit)}</td>
              <td>{money(l.levelUpBonus)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {current ? <Benefits level={current} currency={currency} /> : null}
    </div>
  )
}
