import { dismissToast, useToasts } from '../../lib/toast-store'

/** The toast stack, announced politely to screen readers. */
export function Toasts({ dismissLabel }: { dismissLabel: string }) {
  const toasts = useToasts()
  return (
    <div className="toasts" role="status" aria-live="polite">
      {toasts.map((t) => (
        <div key={t.id} className={`toast toast-${t.tone}`}>
          <span>{t.text}</span>
          <button
            type="button"
            className="icon-button"
            aria-label={dismissLabel}
            onClick={() => dismissToast(t.id)}
          >
            <span aria-hidden="true">×</span>
          </button>
        </div>
      ))}
    </div>
  )
}
