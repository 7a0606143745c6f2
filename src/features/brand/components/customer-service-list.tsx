import { Trans } from '@lingui/react/macro'
import type { CustomerService } from '#contract/system'
import './customer-service-list.css'

/** Customer-service entries (24 hours), opened in a new window. */
export function CustomerServiceList({ entries }: { entries: CustomerService[] }) {
  return (
    <section aria-labelledby="cs-title" className="card">
      <h2 id="cs-title">
        <Trans>Customer service, 24 hours</Trans>
      </h2>
      {entries.length === 0 ? (
        <p>
          <Trans>No customer-service channel is set up yet.</Trans>
        </p>
      ) : (
        <ul className="cs-list">
          {entries.map((e) => (
            <li key={`${e.csType}-${e.url}`}>
              <a href={e.url} target="_blank" rel="noopener noreferrer">
                {e.title}
              </a>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
