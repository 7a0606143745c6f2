/**
 * A promotion's state as its button (spec section 4): what the member can do now, or why
 * not. One component for the card and the detail page, so both always agree. A visitor or a
 * trial account is asked to register (or log in) instead of every action.
 */
import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useState, type ReactNode } from 'react'
import type { Promotion } from '#contract/promotions'
import { errorText } from '../../../lib/error-messages'
import { openProtected } from '../../../lib/guards'
import { openModal } from '../../../lib/modal-store'
import { showToast } from '../../../lib/toast-store'
import { useClaimAppDownload, useClaimIssued, useClaimPromotion, useSignUpPromotion } from '../api/claim'
import { creditedText } from './claimed-text'
import { displayMode, needsInstall, useDisplayMode } from './display-mode'
import { useOpenDialog } from './promotion-dialogs'
import { useBrandCurrency } from './use-brand-currency'
import type { Viewer } from './use-viewer'

type Claimed = { claim: { amount: string | null } }

function Inert({ children }: { children: ReactNode }) {
  return (
    <button type="button" className="button promotion-state" disabled>
      {children}
    </button>
  )
}

function Closed({ promotion }: { promotion: Promotion }) {
  if (promotion.reason === 'paused') return <Inert>{<Trans>Paused</Trans>}</Inert>
  if (promotion.reason === 'ended' || promotion.reason === null) return <Inert>{<Trans>Ended</Trans>}</Inert>
  if (promotion.reason === 'nothingToClaim') return <Inert>{<Trans>Nothing to claim yet</Trans>}</Inert>
  return <Inert>{<Trans>Not eligible</Trans>}</Inert>
}

/** How to get the app-download reward from a browser tab: install the app, open it from there. */
export function InstallHint() {
  return (
    <p className="promotion-note" role="status">
      <Trans>
        Add the app to your home screen and open it from there to claim this reward.{' '}
        <Link to="/down">How to install</Link>
      </Trans>
    </p>
  )
}

export function PromotionAction({
  promotion: p,
  viewer,
  place,
}: {
  promotion: Promotion
  viewer: Viewer
  /** On the detail page there is no "Details" to go to. */
  place: 'card' | 'detail'
}) {
  const { t, i18n } = useLingui()
  const currency = useBrandCurrency()
  const openDialog = useOpenDialog()
  const [problem, setProblem] = useState<string | null>(null)
  const [installHint, setInstallHint] = useState(false)
  const mode = useDisplayMode()
  const config = {
    onSuccess: (r: Claimed) => {
      setProblem(null)
      showToast(creditedText(i18n, r.claim.amount, currency), 'success')
    },
    onError: (err: Error) => setProblem(errorText(i18n, err)),
  }
  const claim = useClaimPromotion(config)
  const claimApp = useClaimAppDownload(config)
  const claimIssued = useClaimIssued(config)
  const signUp = useSignUpPromotion({
    onSuccess: () => {
      setProblem(null)
      showToast(t`You have joined. Your progress shows on the promotion.`, 'success')
    },
    onError: config.onError,
  })
  const pending = claim.isPending || claimApp.isPending || claimIssued.isPending || signUp.isPending
  const describedBy = `promotion-${p.id}`

  const act = (label: ReactNode, onClick: () => void) => (
    <button
      type="button"
      className="button button-primary promotion-act"
      aria-describedby={place === 'card' ? describedBy : undefined}
      disabled={pending}
      onClick={onClick}
    >
      {label}
    </button>
  )

  let button: ReactNode
  const actionable = p.state === 'join' || p.state === 'claim' || p.state === 'issued'
  if (viewer !== 'member' && actionable) {
    const ask = viewer === 'guest' ? () => openModal('needRealAccount') : () => openModal('register')
    button = (
      <>
        {act(<Trans>Register to claim</Trans>, ask)}
        {viewer === 'visitor' ? (
          <button type="button" className="button promotion-login" onClick={() => openModal('login')}>
            <Trans>Log in</Trans>
          </button>
        ) : null}
      </>
    )
  } else if (p.state === 'join') {
    if (p.claimMode === 'signUp')
      button = act(<Trans>Join</Trans>, () => signUp.mutate({ promotionId: p.id }))
    else if (p.claimMode === 'apply' || p.needsForm)
      button = act(<Trans>Apply</Trans>, () => openDialog('apply', p.id))
    else if (p.claimMode === 'promoCode' || p.needsCode)
      button = act(<Trans>Enter code</Trans>, () => openDialog('code', p.id))
    else if (p.reward.kind === 'depositPercent')
      button = act(<Trans>Deposit</Trans>, () => openProtected('memberCentre', { page: 'depositv2' }))
    else if (place === 'card')
      button = (
        <Link
          to="/promoDetail"
          search={{ id: p.id }}
          className="button button-primary promotion-act"
          aria-describedby={describedBy}
        >
          <Trans>Details</Trans>
        </Link>
      )
    else button = null
  } else if (needsInstall(p, mode)) {
    // A tap in a browser tab would be refused: the reward is the installed app's.
    button = <Inert>{<Trans>Claim in the app</Trans>}</Inert>
  } else if (p.state === 'claim') {
    button = act(<Trans>Claim</Trans>, () => {
      if (p.category !== 'appDownload') {
        claim.mutate({ promotionId: p.id })
        return
      }
      const mode = displayMode()
      if (mode === 'browser') {
        setInstallHint(true)
        return
      }
      claimApp.mutate({ promotionId: p.id, displayMode: mode })
    })
  } else if (p.state === 'issued') {
    const claimId = p.claimId
    button = act(<Trans>Claim</Trans>, () => {
      if (claimId !== null) claimIssued.mutate({ claimId })
    })
  } else if (p.state === 'applying') button = <Inert>{<Trans>Applying</Trans>}</Inert>
  else if (p.state === 'rejected') button = <Inert>{<Trans>Not approved</Trans>}</Inert>
  else if (p.state === 'claimed') button = <Inert>{<Trans>Claimed</Trans>}</Inert>
  else if (p.state === 'inProgress') button = <Inert>{<Trans>In progress</Trans>}</Inert>
  else if (p.state === 'signedUp') button = <Inert>{<Trans>Signed up</Trans>}</Inert>
  else if (p.state === 'comingSoon') button = <Inert>{<Trans>Coming soon</Trans>}</Inert>
  else button = <Closed promotion={p} />

  return (
    <div className="promotion-actions">
      <div className="promotion-buttons">{button}</div>
      {installHint ||
      (p.state === 'closed' && p.reason === 'notInstalled') ||
      (viewer === 'member' && needsInstall(p, mode)) ? (
        <InstallHint />
      ) : null}
      {problem ? (
        <p className="field-error" role="alert">
          {problem}
        </p>
      ) : null}
    </div>
  )
}
