/**
 * A member's "Invite friends" page (decision 032): their referral code, link and QR code,
 * each with a copy button that says "Copied", a share button where the phone has a share
 * sheet; what they earned; the friends they brought (masked, paged); and the brand's rules.
 * An agent sees their agent's card instead (invite-friends-page.tsx).
 */
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'
import { type Currency, showMoney } from '#contract/money'
import type { ReferralClaim, ReferralFriend, ReferralOverview } from '#contract/referral'
import type { FriendRewardState } from '#contract/referral-values'
import { EmptyState } from '../../../components/ui/empty-state'
import { Pagination } from '../../../components/ui/pagination'
import { QueryState } from '../../../components/ui/query-state'
import { copyText } from '../../../lib/clipboard'
import { calendarDay } from '../../../lib/date-format'
import { FeatureStyles } from '../../../lib/feature-styles'
import { useBrandDateTimeFormat } from '../../../lib/use-brand-dates'
import { useCurrency } from '../agent-money'
import { invitationQueryOptions } from '../api/get-invitation'
import {
  referralClaimsQueryOptions,
  referralFriendsQueryOptions,
  referralOverviewQueryOptions,
} from '../api/referral'
import { useQrCode } from './invite-card'
import css from './referral.css?inline'

const pageSize = 10

const rewardStates: Record<FriendRewardState, MessageDescriptor> = {
  pending: msg`Not yet qualified`,
  held: msg`Under review`,
  rewarded: msg`Rewarded`,
  rejected: msg`Not eligible`,
}

/** A copy button that reads "Copied" for two seconds after it copied (announced politely). */
function CopyButton({ text, label }: { text: string; label: string }) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle')
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  useEffect(() => () => clearTimeout(timer.current), [])
  return (
    <button
      type="button"
      className="button referral-copy"
      aria-label={label}
      onClick={() => {
        void copyText(text).then((ok) => {
          setState(ok ? 'copied' : 'failed')
          clearTimeout(timer.current)
          timer.current = setTimeout(() => setState('idle'), 2000)
        })
      }}
    >
      <span aria-live="polite">
        {state === 'copied' ? (
          <Trans>Copied</Trans>
        ) : state === 'failed' ? (
          <Trans>Copy failed</Trans>
        ) : (
          <Trans>Copy</Trans>
        )}
      </span>
    </button>
  )
}

function CodeCard() {
  const { t } = useLingui()
  const invitation = useQuery(invitationQueryOptions())
  const canShare = typeof navigator !== 'undefined' && typeof navigator.share === 'function'
  return (
    <section className="referral-card" aria-labelledby="referral-code-title">
      <h4 id="referral-code-title">
        <Trans>Your referral code</Trans>
      </h4>
      <QueryState query={invitation} lines={4}>
        {(data) => (
          <>
            <div className="referral-row">
              <div className="referral-value">
                <span className="muted referral-label">
                  <Trans>Referral code</Trans>
                </span>
                <strong className="referral-code" data-testid="referral-code">
                  {data.referralCode}
                </strong>
              </div>
              <CopyButton text={data.referralCode} label={t`Copy the referral code`} />
            </div>
            <div className="referral-row">
              <div className="referral-value">
                <span className="muted referral-label">
                  <Trans>Referral link</Trans>
                </span>
                <a className="referral-link" href={data.registerUrl} data-testid="referral-link">
                  {data.registerUrl}
                </a>
              </div>
              <CopyButton text={data.registerUrl} label={t`Copy the referral link`} />
            </div>
            <ReferralQr url={data.registerUrl} />
            {canShare ? (
              <button
                type="button"
                className="button button-primary"
                onClick={() => {
                  navigator
                    .share({
                      text: t`Join me with my referral code ${data.referralCode}`,
                      url: data.registerUrl,
                    })
                    .catch(() => {
                      // Closed by the player: nothing to do.
                    })
                }}
              >
                <Trans>Share</Trans>
              </button>
            ) : null}
          </>
        )}
      </QueryState>
    </section>
  )
}

function ReferralQr({ url }: { url: string }) {
  const { t } = useLingui()
  const qr = useQrCode(url)
  return (
    <figure className="referral-qr">
      {qr ? (
        <img src={qr} width={160} height={160} alt={t`QR code of your referral link`} />
      ) : (
        <div className="referral-qr-placeholder" aria-hidden="true" />
      )}
      <figcaption className="muted">
        <Trans>Scan to register</Trans>
      </figcaption>
    </figure>
  )
}

function Earnings({ data, currency }: { data: ReferralOverview; currency: Currency }) {
  return (
    <dl className="referral-figures">
      <div>
        <dt className="muted">
          <Trans>Friends invited</Trans>
        </dt>
        <dd>{data.totalInvitations}</dd>
      </div>
      <div>
        <dt className="muted">
          <Trans>Friends who deposited</Trans>
        </dt>
        <dd>{data.deposited}</dd>
      </div>
      <div>
        <dt className="muted">
          <Trans>Rewards paid</Trans>
        </dt>
        <dd>{data.rewarded}</dd>
      </div>
      <div>
        <dt className="muted">
          <Trans>Total earned</Trans>
        </dt>
        <dd>{showMoney(data.totalEarned, currency)}</dd>
      </div>
    </dl>
  )
}

function Rules({ data, currency }: { data: ReferralOverview; currency: Currency }) {
  const r = data.rules
  const reward = showMoney(r.rewardAmount, currency)
  const turnover = showMoney(r.turnover, currency)
  const share = (r.shareBp / 100).toString()
  const multiple = r.rewardTurnoverMultiple
  if (!r.enabled) {
    return (
      <p className="muted">
        <Trans>Referral rewards are not offered right now. Your friends can still join with your code.</Trans>
      </p>
    )
  }
  return (
    <ul className="referral-rules">
      <li>
        <Trans>
          You get {reward} for each friend who registers with your code, makes a first deposit and bets{' '}
          {turnover}.
        </Trans>
      </li>
      {r.shareBp > 0 ? (
        <li>
          <Trans>You also get {share}% of those friends' valid bets every day.</Trans>
        </li>
      ) : null}
      <li>
        <Trans>
          Rewards are paid automatically, once per friend, and need {multiple}× turnover before withdrawal.
        </Trans>
      </li>
      <li>
        <Trans>
          Accounts registered from your own device or address are checked by our team before any reward is
          paid.
        </Trans>
      </li>
    </ul>
  )
}

function FriendRow({ f, currency }: { f: ReferralFriend; currency: Currency }) {
  const { i18n } = useLingui()
  const date = useBrandDateTimeFormat()
  return (
    <li className="referral-friend">
      <strong>{f.username}</strong>
      <span className={`referral-state referral-state-${f.reward}`}>
        {f.reward === 'rewarded' && f.rewardAmount
          ? showMoney(f.rewardAmount, currency)
          : i18n._(rewardStates[f.reward])}
      </span>
      <span className="muted">
        <Trans>Joined {date.format(f.joinedAt)}</Trans>
      </span>
      <span className="muted referral-state">
        {f.deposited ? <Trans>Deposited</Trans> : <Trans>No deposit yet</Trans>}
      </span>
      <span className="muted">
        <Trans>Valid bets {showMoney(f.validBet, currency)}</Trans>
      </span>
    </li>
  )
}

function Friends({ currency }: { currency: Currency }) {
  const { t } = useLingui()
  const [page, setPage] = useState(1)
  const friends = useQuery(referralFriendsQueryOptions(page, pageSize))
  return (
    <section className="referral-card" aria-labelledby="referral-friends-title">
      <h4 id="referral-friends-title">
        <Trans>My friends</Trans>
      </h4>
      <QueryState query={friends} lines={4}>
        {(data) =>
          data.total === 0 ? (
            <EmptyState title={<Trans>No friends yet.</Trans>}>
              <p className="muted">
                <Trans>Share your link: friends who register with it appear here.</Trans>
              </p>
            </EmptyState>
          ) : (
            <>
              <ul className="referral-friends" data-testid="referral-friends">
                {data.list.map((f, i) => (
                  <FriendRow key={`${f.username}-${f.joinedAt}-${i}`} f={f} currency={currency} />
                ))}
              </ul>
              {data.total > pageSize ? (
                <Pagination
                  page={page}
                  pageCount={Math.ceil(data.total / pageSize)}
                  onChange={setPage}
                  labels={{
                    nav: t`Friend pages`,
                    previous: t`Previous page`,
                    next: t`Next page`,
                    page: (n) => t`Page ${n}`,
                  }}
                />
              ) : null}
            </>
          )
        }
      </QueryState>
    </section>
  )
}

function ClaimRow({ c, currency }: { c: ReferralClaim; currency: Currency }) {
  const { i18n } = useLingui()
  const date = useBrandDateTimeFormat()
  const friend = c.friend ?? ''
  // The brand day a share is of, written as the language writes a day (the day itself, on UTC's clock).
  const day = c.day ? calendarDay(i18n.locale, c.day) : ''
  const paid = date.format(c.paidAt)
  return (
    <li className="referral-friend">
      <strong>
        {c.kind === 'friend' ? <Trans>Reward for {friend}</Trans> : <Trans>Daily share of {day}</Trans>}
      </strong>
      <span className="referral-state referral-state-rewarded">{showMoney(c.amount, currency)}</span>
      <span className="muted">
        <Trans>Paid {paid}</Trans>
      </span>
    </li>
  )
}

/** The rewards paid to the member for their friends (getInvitationClaimReport), paged. */
function Claims({ currency }: { currency: Currency }) {
  const { t } = useLingui()
  const [page, setPage] = useState(1)
  const claims = useQuery(referralClaimsQueryOptions(page, pageSize))
  return (
    <section className="referral-card" aria-labelledby="referral-claims-title">
      <h4 id="referral-claims-title">
        <Trans>Rewards paid</Trans>
      </h4>
      <QueryState query={claims} lines={3}>
        {(data) =>
          data.total === 0 ? (
            <EmptyState title={<Trans>No rewards yet.</Trans>}>
              <p className="muted">
                <Trans>Rewards for your friends are listed here once they are paid.</Trans>
              </p>
            </EmptyState>
          ) : (
            <>
              <ul className="referral-friends" data-testid="referral-claims">
                {data.list.map((c, i) => (
                  <ClaimRow key={`${c.kind}-${c.paidAt}-${i}`} c={c} currency={currency} />
                ))}
              </ul>
              {data.total > pageSize ? (
                <Pagination
                  page={page}
                  pageCount={Math.ceil(data.total / pageSize)}
                  onChange={setPage}
                  labels={{
                    nav: t`Reward pages`,
                    previous: t`Previous page`,
                    next: t`Next page`,
                    page: (n) => t`Page ${n}`,
                  }}
                />
              ) : null}
            </>
          )
        }
      </QueryState>
    </section>
  )
}

export function ReferralPage() {
  const currency = useCurrency()
  const overview = useQuery(referralOverviewQueryOptions())
  return (
    <div className="referral-page">
      <FeatureStyles name="referral" css={css} />
      <CodeCard />
      <section className="referral-card" aria-labelledby="referral-earnings-title">
        <h4 id="referral-earnings-title">
          <Trans>My earnings</Trans>
        </h4>
        <QueryState query={overview} lines={2}>
          {(data) => <Earnings data={data} currency={currency} />}
        </QueryState>
      </section>
      <Friends currency={currency} />
      <Claims currency={currency} />
      <section className="referral-card" aria-labelledby="referral-rules-title">
        <h4 id="referral-rules-title">
          <Trans>Rules</Trans>
        </h4>
        <QueryState query={overview} lines={3}>
          {(data) => <Rules data={data} currency={currency} />}
        </QueryState>
      </section>
    </div>
  )
}
