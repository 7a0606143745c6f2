/**
 * How an online payment ended, on the deposit page the gateway brings the member back to
 * (/index?deposit=<order>): paid, still waiting for the gateway's word, or failed, with its
 * amount and what to do next. Read from the server by the order (its owner's only), so a
 * reload shows it again; a waiting payment is asked about again until it settles.
 */
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { useEffect, useRef } from 'react'
import { QueryState } from '../../../components/ui/query-state'
import { depositResultQueryOptions } from '../api/get-deposit-result'
import { showMoney, type Currency } from '../money-text'
import { useDateTime } from '../use-date-time'

export function DepositResult({
  order,
  currency,
  onAgain,
  onRecords,
}: {
  order: string
  currency: Currency
  /** Back to the deposit form. */
  onAgain: () => void
  /** To the account record, where a credited deposit shows. */
  onRecords?: (() => void) | undefined
}) {
  const { t } = useLingui()
  const result = useQuery(depositResultQueryOptions(order))
  const time = useDateTime()
  const heading = useRef<HTMLHeadingElement>(null)
  const status = result.data?.status
  // The outcome is where the member's attention goes, once it is known and whenever it changes.
  useEffect(() => {
    if (status) heading.current?.focus()
  }, [status])
  return (
    <section className="deposit-result" aria-labelledby="deposit-result-title" data-status={status}>
      <QueryState query={result}>
        {(d) => (
          <>
            <span className="deposit-result-mark" aria-hidden="true">
              {d.status === 'CREDITED' ? '✓' : d.status === 'FAILED' ? '!' : '…'}
            </span>
            <h4 id="deposit-result-title" ref={heading} tabIndex={-1}>
              {d.status === 'CREDITED' ? (
                <Trans>Payment received</Trans>
              ) : d.status === 'FAILED' ? (
                <Trans>Payment not completed</Trans>
              ) : (
                <Trans>Payment being confirmed</Trans>
              )}
            </h4>
            <p className="deposit-result-amount">{showMoney(d.amount, currency)}</p>
            <p role="status">
              {d.status === 'CREDITED' ? (
                <Trans>The money is in your main wallet. Good luck!</Trans>
              ) : d.status === 'FAILED' ? (
                <Trans>The payment was cancelled or refused, and nothing was taken. You can try again.</Trans>
              ) : (
                <Trans>
                  We are waiting for the payment provider to confirm. This page updates by itself; you can
                  also leave it, and the deposit shows in your records once it is confirmed.
                </Trans>
              )}
            </p>
            <dl className="money-facts">
              <dt>
                <Trans>Order</Trans>
              </dt>
              <dd>{order}</dd>
              <dt>
                <Trans>Time</Trans>
              </dt>
              <dd>{time(d.settledAt ?? d.createdAt)}</dd>
            </dl>
            <div className="money-actions">
              <button type="button" className="button button-primary" onClick={onAgain}>
                {d.status === 'FAILED' ? <Trans>Try again</Trans> : <Trans>Make another deposit</Trans>}
              </button>
              {onRecords ? (
                <button type="button" className="button" onClick={onRecords}>
                  <Trans>See account record</Trans>
                </button>
              ) : null}
            </div>
          </>
        )}
      </QueryState>
      {result.isError ? (
        <button type="button" className="button" onClick={onAgain}>
          {t`Back to deposit`}
        </button>
      ) : null}
    </section>
  )
}
