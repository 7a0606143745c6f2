import { useEffect, useState } from 'react'

/** How long typing pauses before a game search is sent. */
export const searchDelayMs = 300

/** `value` once it has stayed the same for `ms`. */
export function useDebounced(value: string, ms: number): string {
  const [settled, setSettled] = useState(value)
  useEffect(() => {
    const id = setTimeout(() => setSettled(value), ms)
    return () => clearTimeout(id)
  }, [value, ms])
  return settled
}
