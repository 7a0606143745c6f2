/**
 * The rewards (decision 030 sections 3 and 7): the brand's catalogue as cards with the
 * picture, the name, the points (and the money paid with them), the stock left or "Sold out",
 * what this member may still redeem and the kind; chips filter by kind. A card opens the
 * redeem sheet; a button opens the convert sheet.
 */
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { type Currency, minorToMoney, moneyToMinor, showMoney } from '#contract/money'
import { type PointReward, type PointRewardKind, pointRewardKinds } from '#contract/point-mall'
import { EmptyState } from '../../../components/ui/empty-state'
import { LazyImage } from '../../../components/ui/lazy-image'
import { pointBalanceQueryOptions, pointRewardsQueryOptions } from './api'
import { useMallSheets } from './mall-search'
import { rewardKindNames } from './mall-text'
import { Loaded } from './points-overview'
import { pointsFigure } from './points-text'

/** Units the member can redeem now: the least of the stock, their limit and one redemption's most. */
export function redeemableUnits(r: PointReward, most: number): number {
  return Math.max(0, Math.min(r.stockLeft ?? most, r.memberLeft ?? most, most))
}

/** A drawing in place of a missing picture: the kind's sign on the brand's colour. */
export function RewardArt({ reward }: { reward: PointReward }) {
  if (reward.imageUrl) {
    return <LazyImage src={reward.imageUrl} alt="" width={320} height={200} className="mall-art" />
  }
  const sign = reward.kind === 'physical' ? '🎁' : reward.kind === 'cash' ? '💵' : '⭐'
  return (
    <span className={`mall-art mall-art-${reward.kind}`} aria-hidden="true">
      {sign}
    </span>
  )
}

/** The points of a reward and the money paid with them: "5,000 points + 10.00". */
export function RewardPrice({
  reward,
  currency,
  quantity = 1,
}: {
  reward: PointReward
  currency: Currency
  quantity?: number
}) {
  const { i18n } = useLingui()
  const points = pointsFigure(i18n.locale, Number(reward.points) * quantity)
  const amount = reward.amountRequired
    ? showMoney(
        minorToMoney(moneyToMinor(reward.amountRequired, currency) * BigInt(quantity), currency),
        currency,
      )
    : null
  return (
    <p className="mall-price">
      <Trans>{points} points</Trans>
      {amount ? <> + {amount}</> : null}
    </p>
  )
}

function RewardCard({ reward, currency }: { reward: PointReward; currency: Currency }) {
  const { t, i18n } = useLingui()
  const sheets = useMallSheets()
  const name = reward.name
  const soldOut = reward.stockLeft === 0
  const limitReached = reward.memberLeft === 0
  const stock = reward.stockLeft === null ? null : pointsFigure(i18n.locale, reward.stockLeft)
  const mine = reward.memberLeft === null ? null : pointsFigure(i18n.locale, reward.memberLeft)
  return (
    <li className="card mall-card">
      <RewardArt reward={reward} />
      <span className={`mall-kind mall-kind-${reward.kind}`}>{i18n._(rewardKindNames[reward.kind])}</span>
      <h3>{reward.name}</h3>
      <RewardPrice reward={reward} currency={currency} />
      <p className="muted mall-left">
        {soldOut ? (
          <strong className="mall-sold-out">
            <Trans>Sold out</Trans>
          </strong>
        ) : stock !== null ? (
          <span>
            <Trans>{stock} left</Trans>
          </span>
        ) : null}
        {mine !== null ? (
          <span>
            <Trans>You may redeem {mine} more</Trans>
          </span>
        ) : null}
      </p>
      <button
        type="button"
        className="button button-primary button-block"
        disabled={soldOut || limitReached}
        aria-label={t`Redeem ${name}`}
        onClick={() => sheets.open({ reward: reward.id })}
      >
        <Trans>Redeem</Trans>
      </button>
    </li>
  )
}

export function RewardsTab({ currency }: { currency: Currency }) {
  const { t, i18n } = useLingui()
  const [kind, setKind] = useState<PointRewardKind | undefined>(undefined)
  const rewards = useQuery(pointRewardsQueryOptions(kind))
  const balance = useQuery(pointBalanceQueryOptions())
  const sheets = useMallSheets()
  const have = balance.data ? pointsFigure(i18n.locale, balance.data.points) : null
  return (
    <section aria-labelledby="mall-rewards">
      <div className="mall-head">
        <h2 id="mall-rewards">
          <Trans>Rewards</Trans>
        </h2>
        <button type="button" className="button" onClick={() => sheets.open({ convert: 1 })}>
          <Trans>Convert points</Trans>
        </button>
        {have !== null ? (
          <p className="mall-balance muted">
            <Trans>
              You have <strong>{have}</strong> points
            </Trans>
          </p>
        ) : null}
      </div>
      <div className="mall-chips" role="group" aria-label={t`Kind of reward`}>
        <button type="button" aria-pressed={kind === undefined} onClick={() => setKind(undefined)}>
          <Trans>All</Trans>
        </button>
        {pointRewardKinds.map((k) => (
          <button key={k} type="button" aria-pressed={kind === k} onClick={() => setKind(k)}>
            {i18n._(rewardKindNames[k])}
          </button>
        ))}
      </div>
      <Loaded query={rewards} lines={6}>
        {(data) =>
          data.list.length === 0 ? (
            <EmptyState title={<Trans>No rewards to redeem right now.</Trans>} />
          ) : (
            <ul className="mall-cards" aria-label={t`Rewards`}>
              {data.list.map((r) => (
                <RewardCard key={r.id} reward={r} currency={currency} />
              ))}
            </ul>
          )
        }
      </Loaded>
    </section>
  )
}
