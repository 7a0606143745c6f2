import { useLingui } from '@lingui/react/macro'
import { FormError } from '../../../components/ui/form-error'

/** Shown instead of results while a custom range is incomplete or reversed. */
export function RangeError() {
  const { t } = useLingui()
  return <FormError text={t`Choose a start and an end date, the end not before the start.`} />
}
