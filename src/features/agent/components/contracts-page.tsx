/**
 * One kind of agent contract in the agent centre (dividend record, daily wages, hourly
 * salary): my contract as the downline (terminate), the offers waiting for my answer (accept,
 * with the lower-rate warning, or reject), my direct downline agents with theirs (offer
 * with a tier editor checked as the server checks it, terminate) and the payment history
 * (contract-payments.tsx).
 */
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import {
  ratePerMillion,
  tierProblem,
  withinOwn,
  type Contract,
  type ContractAction,
  type ContractDownline,
  type ContractKind,
  type ContractTerms,
} from '#contract/contracts'
import { formatMinor, parseAmount, type Currency } from '#contract/money'
import { FormError } from '../../../components/ui/form-error'
import { Modal } from '../../../components/ui/modal'
import { TextField } from '../../../components/ui/text-field'
import { ApiError } from '../../../lib/api-client'
import { errorCodeText, errorText } from '../../../lib/error-messages'
import { showToast } from '../../../lib/toast-store'
import { useCurrency } from '../agent-money'
import { contractsQueryOptions, useContractAction } from '../api/contracts'
import { AgentStyles } from './agent-styles'
import { ContractPayments } from './contract-payments'
import { percent } from './contract-rates'
import { QueryView } from './query-view'

/** A typed percentage as parts per million, or null. */
function rateOf(text: string): number | null {
  if (!/^\d{1,3}(\.\d{1,4})?$/.test(text.trim())) return null
  const r = Math.round(Number(text.trim()) * (ratePerMillion / 100))
  return r <= ratePerMillion ? r : null
}

/** A typed floor in the currency (0 allowed) as minor units, or null. */
function floorOf(text: string, c: Currency): number | null {
  if (/^0*(\.0*)?$/.test(text.trim())) return 0
  const v = parseAmount(text, c)
  return v === null || v > BigInt(Number.MAX_SAFE_INTEGER) ? null : Number(v)
}

function TermsTable({ terms }: { terms: ContractTerms }) {
  const c = useCurrency()
  return (
    <div className="agent-table-wrap">
      <table className="agent-table">
        <thead>
          <tr>
            <th scope="col" className="agent-num">
              <Trans>From</Trans>
            </th>
            {terms.kind === 'dividend' ? (
              <th scope="col" className="agent-num">
                <Trans>Active members</Trans>
              </th>
            ) : null}
            {terms.kind === 'realTimeSalary' ? (
              <>
                <th scope="col" className="agent-num">
                  <Trans>Win rate</Trans>
                </th>
                <th scope="col" className="agent-num">
                  <Trans>Loss rate</Trans>
                </th>
              </>
            ) : (
              <th scope="col" className="agent-num">
                <Trans>Rate</Trans>
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {terms.tiers.map((t) => (
            <tr key={t.from}>
              <td className="agent-num">{`${c.symbol}${formatMinor(BigInt(t.from), c)}`}</td>
              {'activeMembers' in t ? <td className="agent-num">{t.activeMembers}</td> : null}
              {'winRate' in t ? (
                <>
                  <td className="agent-num">{percent(t.winRate)}</td>
                  <td className="agent-num">{percent(t.lossRate)}</td>
                </>
              ) : (
                <td className="agent-num">{percent(t.rate)}</td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

function Ends({ contract }: { contract: Contract }) {
  const { i18n } = useLingui()
  if (contract.endsAt === null) return null
  const when = i18n.date(new Date(contract.endsAt), { dateStyle: 'medium', timeStyle: 'short' })
  return (
    <p className="muted">
      <Trans>Ends {when}</Trans>
    </p>
  )
}

function TierNumber({ n }: { n: number }) {
  return <Trans>Tier {n}</Trans>
}

interface Row {
  from: string
  members: string
  rate: string
  loss: string
}

/** The tier editor: rows of a floor and its rate(s), checked against the offerer's own terms. */
function OfferDialog({
  kind,
  own,
  downline,
  onClose,
}: {
  kind: ContractKind
  own: ContractTerms
  downline: ContractDownline
  onClose: () => void
}) {
  const { t, i18n } = useLingui()
  const c = useCurrency()
  const [rows, setRows] = useState<Row[]>([{ from: '0', members: '0', rate: '', loss: '' }])
  const [problem, setProblem] = useState<string>()
  const account = downline.account
  const offer = useContractAction(kind, {
    mutationConfig: {
      onSuccess: () => {
        showToast(t`Offer sent to ${account}.`, 'success')
        onClose()
      },
    },
  })

  function termsOf(): ContractTerms | null {
    const tiers = rows.map((r) => ({
      from: floorOf(r.from, c),
      members: /^\d{1,6}$/.test(r.members.trim()) ? Number(r.members) : null,
      rate: rateOf(r.rate),
      loss: rateOf(r.loss),
    }))
    const ok = tiers.every((x) => x.from !== null && x.rate !== null)
    if (!ok) return null
    const at = (x: (typeof tiers)[number]) => ({ from: x.from ?? 0, rate: x.rate ?? 0 })
    switch (own.kind) {
      case 'dividend':
        if (tiers.some((x) => x.members === null)) return null
        return {
          kind: 'dividend',
          period: own.period,
          tiers: tiers.map((x) => ({ ...at(x), activeMembers: x.members ?? 0 })),
        }
      case 'realTimeSalary':
        if (tiers.some((x) => x.loss === null)) return null
        return {
          kind: 'realTimeSalary',
          tiers: tiers.map((x) => ({ from: x.from ?? 0, winRate: x.rate ?? 0, lossRate: x.loss ?? 0 })),
        }
      case 'dailySalary':
      case 'hourlySalary':
        return { kind: own.kind, tiers: tiers.map(at) }
    }
  }

  function submit(e: FormEvent) {
    e.preventDefault()
    offer.reset()
    const terms = termsOf()
    if (!terms) return setProblem(t`Enter each floor as an amount and each rate as a percentage.`)
    if (tierProblem(terms)) return setProblem(errorCodeText(i18n, 'contract_tiers_invalid'))
    if (!withinOwn(terms, own)) return setProblem(errorCodeText(i18n, 'contract_rate_too_high'))
    setProblem(undefined)
    offer.mutate({ action: 'offer', downlineId: downline.id, terms })
  }

  const set = (i: number, patch: Partial<Row>) =>
    setRows((all) => all.map((r, k) => (k === i ? { ...r, ...patch } : r)))
  const error = problem ?? (offer.error ? errorText(i18n, offer.error) : undefined)
  return (
    <Modal
      open
      onClose={onClose}
      title={t`Offer a contract to ${account}`}
      closeLabel={t`Close`}
      size="small"
    >
      <form className="form" onSubmit={submit} noValidate aria-busy={offer.isPending}>
        <p className="muted">
          <Trans>Your own contract:</Trans>
        </p>
        <TermsTable terms={own} />
        {rows.map((r, i) => (
          <fieldset key={i} className="agent-card">
            <legend>
              <TierNumber n={i + 1} />
            </legend>
            <TextField
              label={t`From`}
              value={r.from}
              onChange={(e) => set(i, { from: e.target.value })}
              inputMode="decimal"
            />
            {kind === 'dividend' ? (
              <TextField
                label={t`Active members`}
                value={r.members}
                onChange={(e) => set(i, { members: e.target.value })}
                inputMode="numeric"
              />
            ) : null}
            <TextField
              label={kind === 'realTimeSalary' ? t`Win rate (%)` : t`Rate (%)`}
              value={r.rate}
              onChange={(e) => set(i, { rate: e.target.value })}
              inputMode="decimal"
            />
            {kind === 'realTimeSalary' ? (
              <TextField
                label={t`Loss rate (%)`}
                value={r.loss}
                onChange={(e) => set(i, { loss: e.target.value })}
                inputMode="decimal"
              />
            ) : null}
          </fieldset>
        ))}
        <button
          type="button"
          className="button"
          onClick={() => setRows((all) => [...all, { from: '', members: '0', rate: '', loss: '' }])}
        >
          <Trans>Add a tier</Trans>
        </button>
        {rows.length > 1 ? (
          <button type="button" className="button" onClick={() => setRows((all) => all.slice(0, -1))}>
            <Trans>Remove the last tier</Trans>
          </button>
        ) : null}
        {error ? <FormError text={error} /> : null}
        <button type="submit" className="button button-primary" disabled={offer.isPending}>
          <Trans>Send the offer</Trans>
        </button>
      </form>
    </Modal>
  )
}

function OfferTitle({ offer }: { offer: Contract }) {
  const { t } = useLingui()
  const from = offer.uplineAccount ?? t`the house`
  return (
    <h4>
      <Trans>Offer from {from}</Trans>
    </h4>
  )
}

/** The downline contracts an accept would end (the lower-rate rule), from the refusal's value. */
function lowerRateList(err: unknown): Contract[] | null {
  if (!(err instanceof ApiError) || err.errorCode !== 'contract_lower_rate_confirm') return null
  const list = (err.value as { contracts?: Contract[] } | undefined)?.contracts
  return Array.isArray(list) ? list : []
}

export function ContractsPage({ kind }: { kind: ContractKind }) {
  const { t, i18n } = useLingui()
  const query = useQuery(contractsQueryOptions(kind))
  const [offering, setOffering] = useState<ContractDownline>()
  const [last, setLast] = useState<ContractAction>()
  const action = useContractAction(kind, {
    mutationConfig: { onSuccess: () => showToast(t`Done.`, 'success') },
  })
  const run = (a: ContractAction) => {
    setLast(a)
    action.mutate(a)
  }
  const lower = lowerRateList(action.error)
  const failure = action.error && !lower ? errorText(i18n, action.error) : undefined

  return (
    <div className="agent-page">
      <AgentStyles />
      <QueryView query={query} lines={6}>
        {(data) => (
          <div aria-busy={query.isFetching || action.isPending}>
            {failure ? <FormError text={failure} /> : null}
            <section className="agent-card" aria-label={t`My contract`}>
              <h4>
                <Trans>My contract</Trans>
              </h4>
              {data.mine ? (
                <>
                  <p className="muted">{data.mine.uplineAccount ?? t`The house`}</p>
                  <TermsTable terms={data.mine.terms} />
                  <Ends contract={data.mine} />
                  {data.mine.endsAt === null ? (
                    <button
                      type="button"
                      className="button"
                      onClick={() => run({ action: 'terminate', contractId: data.mine?.id ?? 0 })}
                    >
                      <Trans>Terminate</Trans>
                    </button>
                  ) : null}
                </>
              ) : (
                <p className="muted">
                  <Trans>You hold no contract of this kind.</Trans>
                </p>
              )}
            </section>
            {data.offers.map((o) => (
              <section key={o.id} className="agent-card" aria-label={t`Offer to me`}>
                <OfferTitle offer={o} />
                <TermsTable terms={o.terms} />
                {lower && last?.action === 'accept' && last.contractId === o.id ? (
                  <div role="alert">
                    <p>{errorCodeText(i18n, 'contract_lower_rate_confirm')}</p>
                    <ul>
                      {lower.map((c) => (
                        <li key={c.id}>{c.downlineAccount}</li>
                      ))}
                    </ul>
                    <button
                      type="button"
                      className="button button-primary"
                      onClick={() => run({ action: 'accept', contractId: o.id, confirmLower: true })}
                    >
                      <Trans>Confirm and accept</Trans>
                    </button>
                  </div>
                ) : (
                  <>
                    <button
                      type="button"
                      className="button button-primary"
                      onClick={() => run({ action: 'accept', contractId: o.id })}
                    >
                      <Trans>Accept</Trans>
                    </button>
                    <button
                      type="button"
                      className="button"
                      onClick={() => run({ action: 'reject', contractId: o.id })}
                    >
                      <Trans>Reject</Trans>
                    </button>
                  </>
                )}
              </section>
            ))}
            <section aria-label={t`My downline agents`}>
              <h4>
                <Trans>My downline agents</Trans>
              </h4>
              {data.downline.list.length === 0 ? (
                <p className="muted">
                  <Trans>No downline agents yet.</Trans>
                </p>
              ) : (
                <ul className="agent-cards">
                  {data.downline.list.map((d) => (
                    <li key={d.id} className="agent-card">
                      <div className="agent-card-head">
                        <strong className="agent-account">{d.account}</strong>
                      </div>
                      {d.contract ? (
                        <TermsTable terms={d.contract.terms} />
                      ) : d.offer ? (
                        <p className="muted">
                          <Trans>Offer waiting</Trans>
                        </p>
                      ) : (
                        <p className="muted">
                          <Trans>No contract</Trans>
                        </p>
                      )}
                      {d.contract ? <Ends contract={d.contract} /> : null}
                      <div className="agent-row-actions">
                        {data.mine ? (
                          <button type="button" className="button" onClick={() => setOffering(d)}>
                            <Trans>Offer</Trans>
                          </button>
                        ) : null}
                        {d.contract && d.contract.endsAt === null ? (
                          <button
                            type="button"
                            className="button"
                            onClick={() => run({ action: 'terminate', contractId: d.contract?.id ?? 0 })}
                          >
                            <Trans>Terminate</Trans>
                          </button>
                        ) : null}
                      </div>
                    </li>
                  ))}
                </ul>
              )}
            </section>
            {offering && data.mine ? (
              <OfferDialog
                kind={kind}
                own={data.mine.terms}
                downline={offering}
                onClose={() => setOffering(undefined)}
              />
            ) : null}
          </div>
        )}
      </QueryView>
      <ContractPayments kind={kind} />
    </div>
  )
}
