/**
 * False on the server and while the page hydrates, true from the commit after: for a part
 * drawn from what only the browser knows (an install offer the browser made before the app
 * started), which must draw as the server did until the page is hydrated.
 */
import { useSyncExternalStore } from 'react'

const noChanges = () => () => undefined

export function useHydrated(): boolean {
  return useSyncExternalStore(
    noChanges,
    () => true,
    () => false,
  )
}
