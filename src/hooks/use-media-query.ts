import { useSyncExternalStore } from 'react'

/** The phone layout's breakpoint, as in the CSS (src/components/layout/centre-layout.css). */
export const phoneQuery = '(max-width: 699.98px)'

/** Whether a media query matches now, updated as it changes; false where there is no window. */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (notify) => {
      if (typeof window.matchMedia !== 'function') return () => undefined
      const list = window.matchMedia(query)
      list.addEventListener('change', notify)
      return () => list.removeEventListener('change', notify)
    },
    () => typeof window.matchMedia === 'function' && window.matchMedia(query).matches,
    () => false,
  )
}
