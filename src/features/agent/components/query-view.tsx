import { Trans, useLingui } from '@lingui/react/macro'
import type { UseQueryResult } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { FormError } from '../../../components/ui/form-error'
import { Skeleton } from '../../../components/ui/skeleton'
import { errorText } from '../../../lib/error-messages'

/** A query's three faces: a skeleton while it loads, a translated error with a retry, the data. */
export function QueryView<T>({
  query,
  lines = 4,
  children,
}: {
  query: UseQueryResult<T>
  lines?: number
  children: (data: T) => ReactNode
}) {
  const { t, i18n } = useLingui()
  if (query.isError && !query.isFetching) {
    return (
      <div className="agent-query-error">
        <FormError text={errorText(i18n, query.error)} />
        <button type="button" className="button" onClick={() => void query.refetch()}>
          <Trans>Try again</Trans>
        </button>
      </div>
    )
  }
  if (query.data !== undefined) return <>{children(query.data)}</>
  return <Skeleton lines={lines} label={t`Loading`} />
}
