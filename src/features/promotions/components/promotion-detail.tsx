/**
 * One promotion in full: its art, title and text, its rules as a table (what it pays, the
 * cap and minimum, the rebate's rate per game type, the turnover, how often, from when until
 * when), its state with the same button as its card, a rejection's reason and a sign-up's
 * progress. A raffle shows its panel (raffle/raffle-panel.tsx): the week's draw and the last one's
 * results with their check.
 */
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { showMoney } from '#contract/money'
import type { Promotion } from '#contract/promotions'
import { EmptyState } from '../../../components/ui/empty-state'
import { HtmlContent } from '../../../components/ui/html-content'
import { Skeleton } from '../../../components/ui/skeleton'
import { brandDateTime } from '../../../lib/date-format'
import { gameTypeNames } from '../../../lib/game-type-names'
import { promotionsQueryOptions } from '../api/get-promotions'
import { RafflePanel } from '../raffle/raffle-panel'
import { Countdown } from './countdown'
import { PromotionAction } from './promotion-action'
import { PromotionArt } from './promotion-art'
import { PromotionDialogs } from './promotion-dialogs'
import { PromotionStyles } from './promotion-styles'
import { categoryNames, multiple, percent } from './promotion-text'
import { SignUpProgress } from './sign-up-progress'
import { useBrandCurrency } from './use-brand-currency'
import { useViewer } from './use-viewer'

function Rules({ promotion: p, timeZone }: { promotion: Promotion; timeZone: string }) {
  const { t, i18n } = useLingui()
  const c = useBrandCurrency()
  const r = p.reward
  const rows: [string, ReactNode][] = []
  if (r.kind === 'fixed' && r.amount !== null)
    rows.push([p.kind === 'raffle' ? t`First prize` : t`Reward`, showMoney(r.amount, c)])
  if (r.kind === 'depositPercent' && r.rate !== null) {
    const rate = percent(r.rate)
    rows.push([t`Reward`, t`${rate} of the deposit`])
  }
  if (r.kind === 'lossPercent' && r.rate !== null) {
    const rate = percent(r.rate)
    rows.push([t`Reward`, t`${rate} of the net loss of the previous period`])
  }
  if (r.kind === 'validBetRate') {
    rows.push([
      t`Rebate rates`,
      <ul className="promotion-rates" key="rates">
        {r.rates.map((x) => (
          <li key={x.gameType}>
            <span>{i18n._(gameTypeNames[x.gameType])}</span> <strong>{percent(x.rate)}</strong>
          </li>
        ))}
      </ul>,
    ])
    rows.push([
      t`Your rebate`,
      <Link to="/rebate" key="rebate">
        <Trans>See your rebate so far</Trans>
      </Link>,
    ])
  }
  if (r.cap !== null && Number(r.cap) > 0) rows.push([t`Most paid`, showMoney(r.cap, c)])
  if (r.minimum !== null && Number(r.minimum) > 0) {
    rows.push([r.kind === 'lossPercent' ? t`Smallest loss` : t`Smallest deposit`, showMoney(r.minimum, c)])
  }
  const times = multiple(p.turnover.multipleTenths)
  rows.push([
    t`Turnover`,
    p.turnover.multipleTenths === 0
      ? t`None`
      : p.turnover.base === 'bonus'
        ? t`${times} the bonus`
        : t`${times} the deposit and the bonus`,
  ])
  rows.push([
    t`How often`,
    p.frequency === 'once'
      ? t`Once per member`
      : p.frequency === 'daily'
        ? t`Once a day`
        : p.frequency === 'weekly'
          ? t`Once a week`
          : t`Once a month`,
  ])
  // On the brand's clock, as the periods are (promotion-dates.tsx).
  rows.push([t`From`, brandDateTime(i18n.locale, p.startsAt, timeZone)])
  rows.push([
    t`Until`,
    p.endsAt === null ? t`Until further notice` : brandDateTime(i18n.locale, p.endsAt, timeZone),
  ])
  return (
    <table className="promotion-rules">
      <caption>
        <Trans>Rules</Trans>
      </caption>
      <tbody>
        {rows.map(([k, v]) => (
          <tr key={k}>
            <th scope="row">{k}</th>
            <td>{v}</td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}

export function PromotionDetail({ id }: { id: number | undefined }) {
  const { t, i18n } = useLingui()
  const viewer = useViewer()
  const list = useQuery(promotionsQueryOptions(viewer === 'member', i18n.locale))
  const p = list.data?.list.find((x) => x.id === id)
  const reason = p?.rejectReason
  if (!list.data) {
    return list.isError ? (
      <EmptyState title={<Trans>The promotions could not be loaded.</Trans>}>
        <button type="button" className="button" onClick={() => void list.refetch()}>
          <Trans>Try again</Trans>
        </button>
      </EmptyState>
    ) : (
      <Skeleton label={t`Loading`} />
    )
  }
  if (!p) {
    return (
      <EmptyState title={<Trans>This promotion is no longer available.</Trans>}>
        <Link to="/promotions" search={{}}>
          <Trans>See all promotions</Trans>
        </Link>
      </EmptyState>
    )
  }
  // A raffle's panel takes the place of the action while it runs; its results stay after.
  const raffle = p.kind === 'raffle'
  const open = p.state !== 'comingSoon' && p.state !== 'closed'
  return (
    <article className="card promotion-detail">
      <PromotionStyles />
      <PromotionArt promotion={p} eager />
      <div className="promotion-body">
        <p className="promotion-category">{i18n._(categoryNames[p.category])}</p>
        <h1 id={`promotion-${p.id}`}>{p.title}</h1>
        {raffle && p.state !== 'comingSoon' ? null : (
          <Countdown promotion={p} timeZone={list.data.timeZone} />
        )}
        {p.state === 'signedUp' && p.progress ? <SignUpProgress progress={p.progress} /> : null}
        {p.state === 'rejected' ? (
          <p className="promotion-note promotion-rejected">
            {reason ? t`Not approved: ${reason}` : t`Your application was not approved.`}
          </p>
        ) : null}
        {raffle && open ? null : <PromotionAction promotion={p} viewer={viewer} place="detail" />}
        {raffle && (open || viewer === 'member') ? <RafflePanel promotionId={p.id} viewer={viewer} /> : null}
        <HtmlContent html={p.content} className="rich-text" />
        <Rules promotion={p} timeZone={list.data.timeZone} />
        <Link to="/promotions" search={{}} className="promotion-back">
          <Trans>See all promotions</Trans>
        </Link>
      </div>
      <PromotionDialogs promotions={list.data.list} />
    </article>
  )
}
