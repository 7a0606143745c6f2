import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { TextField } from '../../../components/ui/text-field'
import { errorText } from '../../../lib/error-messages'
import { showToast } from '../../../lib/toast-store'
import { useClaimPromoCode } from '../api/claim'
import { creditedText } from './claimed-text'
import { useBrandCurrency } from './use-brand-currency'

/** The promo code: typed, sent once, and the server's refusal (wrong, used up, too many tries) shown. */
export function CodeForm({ onDone }: { onDone: () => void }) {
  const { t, i18n } = useLingui()
  const currency = useBrandCurrency()
  const [code, setCode] = useState('')
  const [problem, setProblem] = useState<string | null>(null)
  const claim = useClaimPromoCode({
    onSuccess: (r) => {
      showToast(creditedText(i18n, r.claim.amount, currency), 'success')
      onDone()
    },
    onError: (err) => setProblem(errorText(i18n, err)),
  })
  return (
    <form
      className="promotion-form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault()
        const typed = code.trim()
        if (typed === '') {
          setProblem(t`Enter the promo code.`)
          return
        }
        setProblem(null)
        claim.mutate({ code: typed })
      }}
    >
      <TextField
        label={t`Promo code`}
        value={code}
        onChange={(e) => setCode(e.target.value)}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={32}
        required
        error={problem}
        data-autofocus
      />
      <button type="submit" className="button button-primary" disabled={claim.isPending}>
        {claim.isPending ? <Trans>Sending…</Trans> : <Trans>Claim</Trans>}
      </button>
    </form>
  )
}
