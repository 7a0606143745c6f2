/**
 * The reward centre (member centre page rewardCenter): the rewards ready to claim, each with
 * a one-tap Claim; the promotions the member has joined and is working through; and the
 * history of claims, paged like the other records. A claim confirms inline with what was
 * added, and its invalidation refreshes the list, the badge and the header balance. Missions
 * ready to claim (decision 030) show as one card that opens the missions hub.
 */
import { Trans, useLingui } from '@lingui/react/macro'
import { keepPreviousData, useQuery, useSuspenseQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useState } from 'react'
import { type Currency, showMoney } from '#contract/money'
import type { ClaimStatus, Promotion, PromotionClaim } from '#contract/promotions'
import { basisPoints } from '#contract/promotions'
import { EmptyState } from '../../../components/ui/empty-state'
import { FormError } from '../../../components/ui/form-error'
import { Pagination } from '../../../components/ui/pagination'
import { Skeleton } from '../../../components/ui/skeleton'
import { brandQueryOptions } from '../../../lib/brand-query'
import { brandDateTime } from '../../../lib/date-format'
import { errorText } from '../../../lib/error-messages'
import { useMissionsClaimable } from '../../../lib/missions-summary'
import type { CentrePageProps } from '../../../lib/popup-registry'
import { useClaimAppDownload, useClaimIssued, useClaimPromotion } from '../api/claim'
import { claimListQueryOptions } from '../api/get-claims'
import { promotionsQueryOptions } from '../api/get-promotions'
import { claimableHere, displayMode, useDisplayMode } from '../components/display-mode'
import './reward-centre.css'

const historyPageSize = 10

function useCurrency(): Currency {
  const { data } = useSuspenseQuery(brandQueryOptions())
  return { symbol: data.currencySymbol, decimals: data.currencyDecimals }
}

/** A rate in basis points as a percentage ("10%", "0.5%"). */
function percent(rate: number): string {
  return `${Number(((rate * 100) / basisPoints).toFixed(2))}%`
}

/** What a claim-state promotion pays, in a few words: "$0.50", "10% up to $50.00". */
function rewardSummary(p: Promotion, c: Currency, upTo: (rate: string, cap: string) => string): string {
  const r = p.reward
  if (r.kind === 'fixed' && r.amount !== null) return showMoney(r.amount, c)
  if (r.rate === null) return ''
  const rate = percent(r.rate)
  return r.cap === null ? rate : upTo(rate, showMoney(r.cap, c))
}

export function RewardCentrePage({ go }: CentrePageProps) {
  const { t, i18n } = useLingui()
  const missions = useMissionsClaimable()
  const list = useQuery(promotionsQueryOptions(true, i18n.locale))
  const [claimed, setClaimed] = useState<{ id: number; text: string } | null>(null)
  const mode = useDisplayMode()
  if (!list.data) {
    return list.isError ? (
      <FormError text={t`The rewards could not be loaded. Please try again.`} />
    ) : (
      <Skeleton lines={4} label={t`Loading`} />
    )
  }
  // What a tap pays here: the app-download reward waits for the installed app.
  const ready = list.data.list.filter((p) => claimableHere(p, mode))
  const going = list.data.list.filter(
    (p) => p.state === 'signedUp' || p.state === 'inProgress' || p.state === 'applying',
  )
  return (
    <div className="reward-centre">
      {claimed ? (
        <p className="reward-claimed" role="status">
          {claimed.text}
        </p>
      ) : null}
      {missions > 0 ? (
        <button
          type="button"
          className="reward-card reward-missions"
          onClick={() => go('missionLeaderboard')}
        >
          <Trans>Missions: {missions} ready</Trans>
        </button>
      ) : null}
      <section aria-labelledby="reward-ready">
        <h4 id="reward-ready">
          <Trans>Ready to claim</Trans>
        </h4>
        {ready.length === 0 ? (
          <EmptyState title={<Trans>No rewards to claim right now.</Trans>}>
            <Link to="/promotions" className="button">
              <Trans>See promotions</Trans>
            </Link>
          </EmptyState>
        ) : (
          <ul className="reward-cards">
            {ready.map((p) => (
              <ReadyCard key={`${p.id}-${p.claimId ?? 0}`} promotion={p} onClaimed={setClaimed} />
            ))}
          </ul>
        )}
      </section>
      {going.length > 0 ? (
        <section aria-labelledby="reward-going">
          <h4 id="reward-going">
            <Trans>In progress</Trans>
          </h4>
          <ul className="reward-cards">
            {going.map((p) => (
              <GoingCard key={p.id} promotion={p} />
            ))}
          </ul>
        </section>
      ) : null}
      <p className="reward-links">
        <Link to="/rebate" className="button">
          <Trans>Rebate rates and your rebate so far</Trans>
        </Link>
      </p>
      <ClaimHistory timeZone={list.data.timeZone} />
    </div>
  )
}

function ReadyCard({
  promotion: p,
  onClaimed,
}: {
  promotion: Promotion
  onClaimed: (c: { id: number; text: string }) => void
}) {
  const { t, i18n } = useLingui()
  const currency = useCurrency()
  const done = {
    onSuccess: ({ claim }: { claim: PromotionClaim }) => {
      const added = claim.amount ? showMoney(claim.amount, currency) : ''
      onClaimed({ id: claim.id, text: t`+${added} added to your balance` })
    },
  }
  const tap = useClaimPromotion(done)
  const issued = useClaimIssued(done)
  const app = useClaimAppDownload(done)
  const title = p.title
  const pending = tap.isPending || issued.isPending || app.isPending
  const failure = tap.error ?? issued.error ?? app.error
  const amount =
    p.state === 'issued' && p.amount !== null
      ? showMoney(p.amount, currency)
      : rewardSummary(p, currency, (rate, cap) => t`${rate} up to ${cap}`)

  function claim() {
    tap.reset()
    issued.reset()
    app.reset()
    if (p.state === 'issued' && p.claimId !== null) issued.mutate({ claimId: p.claimId })
    else if (p.category === 'appDownload') app.mutate({ promotionId: p.id, displayMode: displayMode() })
    else tap.mutate({ promotionId: p.id })
  }

  return (
    <li className="reward-card">
      <div className="reward-card-text">
        <span className="reward-title">{p.title}</span>
        <span className="reward-amount">{amount}</span>
      </div>
      <button
        type="button"
        className="button button-primary reward-claim"
        onClick={claim}
        disabled={pending}
        aria-label={t`Claim ${title}`}
      >
        <Trans>Claim</Trans>
      </button>
      {failure ? <p className="reward-error">{errorText(i18n, failure)}</p> : null}
    </li>
  )
}

function GoingCard({ promotion: p }: { promotion: Promotion }) {
  const { t } = useLingui()
  const currency = useCurrency()
  const progress = p.state === 'signedUp' ? p.progress : null
  const share = progress
    ? Math.min(1, Number(progress.target) > 0 ? Number(progress.done) / Number(progress.target) : 1)
    : null
  return (
    <li className="reward-card reward-card-going">
      <Link to="/promoDetail" search={{ id: p.id }} className="reward-card-link">
        <span className="reward-title">{p.title}</span>
        <span className="reward-state">
          {p.state === 'applying' ? (
            <Trans>Waiting for approval</Trans>
          ) : p.state === 'signedUp' ? (
            <Trans>Signed up</Trans>
          ) : (
            <Trans>Turnover in progress</Trans>
          )}
        </span>
        {progress && share !== null ? (
          <>
            <progress
              className="reward-progress"
              max={1}
              value={share}
              aria-label={t`Valid bets towards the target`}
            />
            <span className="reward-progress-text">
              {showMoney(progress.done, currency)} / {showMoney(progress.target, currency)}
            </span>
          </>
        ) : null}
      </Link>
    </li>
  )
}

function StatusChip({ status }: { status: ClaimStatus }) {
  const label = {
    claimed: <Trans>Claimed</Trans>,
    issued: <Trans>Issued</Trans>,
    applying: <Trans>Applying</Trans>,
    rejected: <Trans>Rejected</Trans>,
    signedUp: <Trans>Signed up</Trans>,
  }[status]
  return <span className={`reward-chip reward-chip-${status}`}>{label}</span>
}

/** The member's claims, newest first; times on the brand's clock, as the promotions show theirs. */
function ClaimHistory({ timeZone }: { timeZone: string }) {
  const { t, i18n } = useLingui()
  const currency = useCurrency()
  const [page, setPage] = useState(1)
  const claims = useQuery({
    ...claimListQueryOptions({ pageNo: page, pageSize: historyPageSize }),
    placeholderData: keepPreviousData,
  })
  return (
    <section aria-labelledby="reward-history">
      <h4 id="reward-history">
        <Trans>History</Trans>
      </h4>
      {!claims.data ? (
        claims.isError ? (
          <FormError text={t`The history could not be loaded. Please try again.`} />
        ) : (
          <Skeleton lines={3} label={t`Loading`} />
        )
      ) : claims.data.list.length === 0 ? (
        <EmptyState title={<Trans>No claims yet.</Trans>} />
      ) : (
        <>
          <ul className="reward-history" aria-label={t`Claim history`}>
            {claims.data.list.map((c) => (
              <li key={c.id}>
                <span className="reward-title">{c.title}</span>
                <span className="reward-amount">{c.amount ? showMoney(c.amount, currency) : '–'}</span>
                <span className="muted">
                  {brandDateTime(i18n.locale, c.claimedAt ?? c.createdAt, timeZone)}
                </span>
                <StatusChip status={c.status} />
                {c.status === 'rejected' && c.rejectReason ? (
                  <span className="reward-reason">{c.rejectReason}</span>
                ) : null}
              </li>
            ))}
          </ul>
          <Pagination
            page={page}
            pageCount={Math.ceil(claims.data.total / historyPageSize)}
            onChange={setPage}
            labels={{
              nav: t`Record pages`,
              previous: t`Previous page`,
              next: t`Next page`,
              page: (n) => t`Page ${n}`,
            }}
          />
        </>
      )}
    </section>
  )
}
