/**
 * What the slip says after the member acts: its issue has closed (with the offer to move the
 * lines), the platform refused the bets (in words, with the next step where there is one),
 * or the bets were placed.
 */
import { Trans, useLingui } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import {
  IssueClosedValueSchema,
  PayoutOverLimitValueSchema,
  SelectionInvalidValueSchema,
  StakeOutOfRangeValueSchema,
  type Order,
} from '#contract/lottery'
import { showMoney, type Currency } from '#contract/money'
import { ApiError } from '../../../lib/api-client'
import { errorText } from '../../../lib/error-messages'
import { openProtected } from '../../../lib/guards'
import type { BadLine } from './slip-lines'

/** The line a refusal names, when the server named one. */
export function badLineOf(err: unknown): BadLine | null {
  if (!(err instanceof ApiError)) return null
  const code = err.errorCode
  if (code === 'lottery_selection_invalid')
    return SelectionInvalidValueSchema.safeParse(err.value).data ?? null
  if (code === 'lottery_stake_out_of_range')
    return StakeOutOfRangeValueSchema.safeParse(err.value).data ?? null
  if (code === 'lottery_payout_over_limit')
    return PayoutOverLimitValueSchema.safeParse(err.value).data ?? null
  return null
}

export function Notice({ tone, children }: { tone: 'ok' | 'warn' | 'error'; children: ReactNode }) {
  return (
    <div className={`lott-notice lott-notice-${tone}`} role={tone === 'error' ? 'alert' : 'status'}>
      {children}
    </div>
  )
}

/** The slip's issue closed while it held lines: they can move to the open one. */
export function SlipClosedNotice({
  slipNumero,
  issue,
  onMove,
}: {
  slipNumero: string | null
  issue: { numero: string }
  onMove: (numero: string) => void
}) {
  return (
    <Notice tone="warn">
      <Trans>Issue {slipNumero} has closed.</Trans>{' '}
      <button type="button" className="button" onClick={() => onMove(issue.numero)}>
        <Trans>Move my bets to issue {issue.numero}</Trans>
      </button>
    </Notice>
  )
}

/** Why the platform refused the bets, and the next step where there is one. */
export function RefusedNotice({
  err,
  forNumero,
  onMove,
}: {
  err: Error
  forNumero: string | null
  onMove: (numero: string) => void
}) {
  const { i18n } = useLingui()
  const code = err instanceof ApiError ? err.errorCode : null
  const closedNow =
    code === 'lottery_issue_closed' && err instanceof ApiError
      ? (IssueClosedValueSchema.safeParse(err.value).data?.current ?? null)
      : null
  return (
    <Notice tone="error">
      {code === 'lottery_issue_closed' ? (
        <>
          <Trans>Betting on issue {forNumero} has closed.</Trans>{' '}
          {closedNow ? (
            <button type="button" className="button" onClick={() => onMove(closedNow.numero)}>
              <Trans>Move my bets to issue {closedNow.numero}</Trans>
            </button>
          ) : (
            <Trans>The next issue has not opened yet.</Trans>
          )}
        </>
      ) : code === 'insufficient_balance' ? (
        <>
          <Trans>Your balance is not enough for these bets.</Trans>{' '}
          <button
            type="button"
            className="button"
            onClick={() => openProtected('memberCentre', { page: 'depositv2' })}
          >
            <Trans>Deposit</Trans>
          </button>
        </>
      ) : code === 'in_need_true_account' ? (
        <Trans>Betting needs a real account. Trial accounts cannot place bets.</Trans>
      ) : (
        errorText(i18n, err)
      )}
    </Notice>
  )
}

export function PlacedNotice({ placed, currency }: { placed: Order; currency: Currency }) {
  return (
    <Notice tone="ok">
      <Trans>
        Bets placed on issue {placed.numero}: {showMoney(placed.totalAmount, currency)}. Balance{' '}
        {showMoney(placed.balance, currency)}.
      </Trans>
    </Notice>
  )
}
