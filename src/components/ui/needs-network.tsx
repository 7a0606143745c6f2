import { Trans } from '@lingui/react/macro'

/**
 * Why an action is disabled while offline; shown next to it, tied to it with
 * aria-describedby (the action reads `useOnline()` from src/lib/network.ts).
 */
export function NeedsNetwork({ id, online }: { id: string; online: boolean }) {
  if (online) return null
  return (
    <p id={id} className="field-hint" role="status">
      <Trans>You are offline. This needs an internet connection.</Trans>
    </p>
  )
}
