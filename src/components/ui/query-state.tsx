import { Trans, useLingui } from '@lingui/react/macro'
import type { UseQueryResult } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { errorText } from '../../lib/error-messages'
import { FormError } from './form-error'
import { Skeleton } from './skeleton'

/** A query's three faces: a skeleton while it loads, a translated error with a retry, the data. */
export function QueryState<T>({
  query,
  lines = 3,
  children,
}: {
  query: UseQueryResult<T>
  lines?: number
  children: (data: T) => ReactNode
}) {
  const { t, i18n } = useLingui()
  if (query.data !== undefined) return <>{children(query.data)}</>
  if (query.isError) {
    return (
      <div>
        <FormError text={errorText(i18n, query.error)} />
        <button type="button" className="button" onClick={() => void query.refetch()}>
          <Trans>Try again</Trans>
        </button>
      </div>
    )
  }
  return <Skeleton lines={lines} label={t`Loading`} />
}
