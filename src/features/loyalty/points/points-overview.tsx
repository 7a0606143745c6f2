/**
 * The points overview (decision 030 section 7): the member's balance shown big, how points
 * are earned now (each game type's rate) and the ways points turn into money, with the
 * button that opens the convert sheet.
 */
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { type Currency, showMoney } from '#contract/money'
import type { PointConversionWire } from '#contract/points'
import { pointConversionTypes } from '#contract/points-values'
import { QueryState } from '../../../components/ui/query-state'
import { pointBalanceQueryOptions, pointConfigQueryOptions, pointConversionsQueryOptions } from './api'
import { useMallSheets } from './mall-search'
import { conversionNames, pointsFigure, rateText } from './points-text'

/** A read's three faces (the shared QueryState), under the name the points pages use. */
export const Loaded = QueryState

function Way({ way, currency }: { way: PointConversionWire; currency: Currency }) {
  const { i18n } = useLingui()
  const money = showMoney(way.moneyPer100Points, currency)
  const min = pointsFigure(i18n.locale, way.minPoints)
  const step = pointsFigure(i18n.locale, way.stepPoints)
  const turnover = way.turnoverMultiple
  return (
    <li className="card points-way">
      <h3>{i18n._(conversionNames[way.type])}</h3>
      <p className="points-rate">
        <Trans>100 points = {money}</Trans>
      </p>
      <p>
        <Trans>
          At least {min} points, in steps of {step}
        </Trans>
      </p>
      {way.type === 'bonus' && Number(turnover) > 0 ? (
        <p>
          <Trans>Bonus turnover {turnover}×</Trans>
        </p>
      ) : null}
    </li>
  )
}

function ConvertButton() {
  const sheets = useMallSheets()
  return (
    <button type="button" className="button button-primary" onClick={() => sheets.open({ convert: 1 })}>
      <Trans>Convert points</Trans>
    </button>
  )
}

export function PointsOverview({ currency }: { currency: Currency }) {
  const { i18n } = useLingui()
  const balance = useQuery(pointBalanceQueryOptions())
  const config = useQuery(pointConfigQueryOptions())
  const ways = useQuery(pointConversionsQueryOptions())
  return (
    <>
      <section className="card points-balance" aria-labelledby="points-balance">
        <h2 id="points-balance">
          <Trans>Your points</Trans>
        </h2>
        <Loaded query={balance} lines={1}>
          {(b) => {
            const figure = pointsFigure(i18n.locale, b.points)
            return (
              <p className="points-figure">
                <Trans>
                  <strong>{figure}</strong> points
                </Trans>
              </p>
            )
          }}
        </Loaded>
        <p className="muted">
          <Trans>Points never expire.</Trans>
        </p>
      </section>
      <section aria-labelledby="points-earn">
        <h2 id="points-earn">
          <Trans>How to earn</Trans>
        </h2>
        <Loaded query={config} lines={3}>
          {(c) =>
            c.enabled && c.rates.length > 0 ? (
              <>
                <p>
                  <Trans>Every settled bet earns points on its valid bet:</Trans>
                </p>
                <ul className="points-rates">
                  {c.rates.map((r) => (
                    <li key={r.productType}>{rateText(i18n, r, currency)}</li>
                  ))}
                </ul>
              </>
            ) : (
              <p>
                <Trans>Points are not being earned now.</Trans>
              </p>
            )
          }
        </Loaded>
      </section>
      <section aria-labelledby="points-use">
        <h2 id="points-use">
          <Trans>Ways to use points</Trans>
        </h2>
        <Loaded query={ways} lines={3}>
          {(w) =>
            w.list.length > 0 ? (
              <>
                <ul className="points-ways">
                  {pointConversionTypes
                    .flatMap((type) => w.list.filter((way) => way.type === type))
                    .map((way) => (
                      <Way key={way.type} way={way} currency={currency} />
                    ))}
                </ul>
                <ConvertButton />
              </>
            ) : (
              <p>
                <Trans>Points cannot be turned into money yet.</Trans>
              </p>
            )
          }
        </Loaded>
      </section>
    </>
  )
}
