/**
 * The promotion's two forms, each in a dialog whose opening is a search param of the page
 * (`?dialog=apply&promo=9`), as the app's popups are (docs/decisions/003-popups-as-routes.md):
 * Back closes it, a reload keeps it, and Escape or the close button go back the same way.
 */
import { useLingui } from '@lingui/react/macro'
import { useNavigate, useRouter, useSearch } from '@tanstack/react-router'
import { z } from 'zod/mini'
import type { Promotion } from '#contract/promotions'
import { Modal } from '../../../components/ui/modal'
import { ApplyForm } from './apply-form'
import { CodeForm } from './code-form'

const dialogs = ['apply', 'code'] as const
export type PromotionDialog = (typeof dialogs)[number]

const DialogSearchSchema = z.object({
  dialog: z.optional(z.enum(dialogs)),
  promo: z.optional(z.int().check(z.positive(), z.lte(2_147_483_647))),
})
export interface DialogSearch {
  dialog?: PromotionDialog | undefined
  promo?: number | undefined
}

/** The dialog's search params, each dropped when malformed (never an error page). */
export function validateDialogSearch(s: Record<string, unknown>): DialogSearch {
  const promo = typeof s.promo === 'string' && /^\d{1,10}$/.test(s.promo) ? Number(s.promo) : s.promo
  const parsed = DialogSearchSchema.safeParse({ dialog: s.dialog, promo })
  // Undefined keys, not missing ones: the router keeps a raw value a validator leaves out.
  if (!parsed.success || !parsed.data.dialog || !parsed.data.promo)
    return { dialog: undefined, promo: undefined }
  return parsed.data
}

/** Opened by this page: closing goes back to the entry it pushed, so Back and × agree. */
let pushedHere = false

export function useOpenDialog(): (dialog: PromotionDialog, promo: number) => void {
  const navigate = useNavigate()
  return (dialog, promo) => {
    pushedHere = true
    void navigate({ to: '.', search: (prev: Record<string, unknown>) => ({ ...prev, dialog, promo }) })
  }
}

function useCloseDialog(): () => void {
  const navigate = useNavigate()
  const router = useRouter()
  return () => {
    if (pushedHere && router.history.canGoBack()) {
      pushedHere = false
      router.history.back()
      return
    }
    pushedHere = false
    void navigate({
      to: '.',
      replace: true,
      search: (prev: Record<string, unknown>) => ({ ...prev, dialog: undefined, promo: undefined }),
    })
  }
}

/** The open dialog, when the search names one of these promotions. */
export function PromotionDialogs({ promotions }: { promotions: readonly Promotion[] }) {
  const { t } = useLingui()
  const search: DialogSearch = useSearch({ strict: false })
  const close = useCloseDialog()
  const promotion = promotions.find((p) => p.id === search.promo)
  const open = promotion !== undefined && search.dialog !== undefined
  const title = promotion?.title ?? ''
  return (
    <Modal
      open={open}
      onClose={close}
      closeLabel={t`Close`}
      size="small"
      title={search.dialog === 'apply' ? t`Apply: ${title}` : t`Enter your promo code`}
    >
      {promotion && search.dialog === 'apply' ? <ApplyForm promotion={promotion} onDone={close} /> : null}
      {promotion && search.dialog === 'code' ? <CodeForm onDone={close} /> : null}
    </Modal>
  )
}
