/**
 * Results: the recent draws of a game with each draw's verification (the commitment
 * published before the issue opened and the seed published with the result), and the
 * Vietnamese results table (ĐB, G1…G8).
 */
import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import type { DrawResult } from '#contract/lottery'
import { brandDateTime } from '../../../lib/date-format'
import { ResultBalls } from '../home/draw-parts'
import { pickNames, tierLabels } from '../labels'

/**
 * A draw's or a bet's moment: the language's one date-and-time form, on the game's clock
 * (its schedule's zone, the brand's) with that clock named, as the schedule's times are.
 */
export function formatDrawTime(at: number, locale: string, timeZone: string): string {
  return brandDateTime(locale, at, timeZone)
}

/** A Vietnamese draw's prizes, one row per tier; the special prize stands out. */
export function VnResultTable({ result }: { result: DrawResult }) {
  const { t } = useLingui()
  return (
    <table className="vn-table">
      <caption className="visually-hidden">{t`${result.name}, issue ${result.numero}`}</caption>
      <tbody>
        {result.prizes.map((p) => (
          <tr key={p.prize} className={p.prize === 'DB' ? 'vn-row-db' : undefined}>
            <th scope="row">{tierLabels[p.prize]}</th>
            <td>
              <span className="vn-numbers">
                {p.numbers.map((n, i) => (
                  <span key={i} className="vn-number">
                    {n}
                  </span>
                ))}
              </span>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}

/** How to check a draw, and the two values it takes. */
export function DrawVerify({ result }: { result: DrawResult }) {
  return (
    <div className="lott-verify">
      <dl>
        <dt>
          <Trans>Commitment (published before betting opened)</Trans>
        </dt>
        <dd>
          <code>{result.commitment}</code>
        </dd>
        <dt>
          <Trans>Seed (published with the result)</Trans>
        </dt>
        <dd>
          <code>{result.seed ?? '—'}</code>
        </dd>
      </dl>
      <p className="field-hint">
        <Trans>
          SHA-256 of the seed equals the commitment, so the result was fixed before the first bet and could
          not be chosen afterwards.
        </Trans>
      </p>
    </div>
  )
}

/** `timeZone`: the game's schedule's, whose clock the draw times are on. */
export function ResultsList({ results, timeZone }: { results: readonly DrawResult[]; timeZone: string }) {
  const { i18n } = useLingui()
  const [open, setOpen] = useState<string | null>(null)
  if (results.length === 0) {
    return (
      <p className="lott-empty">
        <Trans>No results yet.</Trans>
      </p>
    )
  }
  return (
    <ol className="lott-results">
      {results.map((r) => {
        const key = `${r.lottoGameCode}-${r.numero}`
        const expanded = open === key
        return (
          <li key={key} className="lott-result">
            <div className="lott-result-head">
              <span className="lott-result-meta">
                <span className="lott-result-numero">{r.numero}</span>
                <span className="lott-result-time">
                  {formatDrawTime(r.drawnAt ?? r.closeAt, i18n.locale, timeZone)}
                </span>
              </span>
              <span className="lott-result-draw">
                {r.status === 'VOID' ? (
                  <span className="lott-void">
                    <Trans>Void, refunded</Trans>
                  </span>
                ) : (
                  <ResultBalls main={r.main} size={r.kind === 'D5' ? 'normal' : 'small'} />
                )}
                {r.kind === 'D5' && r.main ? <SumTags main={r.main} /> : null}
              </span>
              <button
                type="button"
                className="lott-result-toggle"
                aria-expanded={expanded}
                aria-controls={`draw-${key}`}
                onClick={() => setOpen(expanded ? null : key)}
              >
                {expanded ? <Trans>Hide</Trans> : <Trans>Details</Trans>}
                <span className="visually-hidden"> {r.numero}</span>
              </button>
            </div>
            {expanded ? (
              <div id={`draw-${key}`} className="lott-result-detail">
                {r.kind !== 'D5' && r.prizes.length ? <VnResultTable result={r} /> : null}
                {r.kind === 'D5' && r.main ? (
                  <p>
                    <Trans>Sum {[...r.main].reduce((s, d) => s + Number(d), 0)}</Trans>
                  </p>
                ) : null}
                <DrawVerify result={r} />
              </div>
            ) : null}
          </li>
        )
      })}
    </ol>
  )
}

/** A five-digit draw's sum and what it makes for Big/Small and Odd/Even. */
function SumTags({ main }: { main: string }) {
  const { i18n } = useLingui()
  const sum = [...main].reduce((n, d) => n + Number(d), 0)
  return (
    <span className="lott-sum">
      <Trans>Sum {sum}</Trans>
      <span className={sum >= 23 ? 'lott-tag lott-tag-big' : 'lott-tag'}>
        {i18n._(pickNames[sum >= 23 ? 'BIG' : 'SMALL'])}
      </span>
      <span className={sum % 2 === 1 ? 'lott-tag lott-tag-big' : 'lott-tag'}>
        {i18n._(pickNames[sum % 2 === 1 ? 'ODD' : 'EVEN'])}
      </span>
    </span>
  )
}
