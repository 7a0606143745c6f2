/**
 * What the page knows of the service worker's lobby data cache (src/sw/data-cache.ts):
 * when the answers on screen were stored (the api client reports each answer's
 * `X-Cache-Stored-At`), a way to empty the cache at logout, and the worker's word that a
 * stored answer was refreshed.
 */
import type { QueryClient } from '@tanstack/react-query'
import { useSyncExternalStore } from 'react'
import { WorkerToPageSchema } from '../sw/messages'

/** Per endpoint row: when the last answer shown was stored by the worker (absent: fresh). */
const storedAtByRow = new Map<string, number>()
const listeners = new Set<() => void>()
let oldest: number | null = null

export function noteAnswer(row: string, storedAt: number | null): void {
  if (storedAt === null) storedAtByRow.delete(row)
  else storedAtByRow.set(row, storedAt)
  const next = storedAtByRow.size ? Math.min(...storedAtByRow.values()) : null
  if (next === oldest) return
  oldest = next
  for (const l of listeners) l()
}

function subscribe(cb: () => void): () => void {
  listeners.add(cb)
  return () => listeners.delete(cb)
}

/** When the oldest stored answer on screen was fetched (epoch ms), or null when all are fresh. */
export function useOldestStoredAt(): number | null {
  return useSyncExternalStore(
    subscribe,
    () => oldest,
    () => null,
  )
}

/** Empties the worker's lobby cache (logout). Without a worker there is nothing to empty. */
export function clearDataCache(): void {
  for (const row of [...storedAtByRow.keys()]) noteAnswer(row, null)
  try {
    navigator.serviceWorker?.controller?.postMessage({ type: 'CLEAR_DATA_CACHE' })
  } catch {
    // No worker in control: no cache to clear.
  }
}

/** The lobby areas refetch when the worker reports a refreshed answer; returns the unsubscribe. */
export function listenForRefreshedData(queryClient: QueryClient): () => void {
  const container = 'serviceWorker' in navigator ? navigator.serviceWorker : undefined
  if (!container) return () => undefined
  const onMessage = (event: MessageEvent) => {
    const msg = WorkerToPageSchema.safeParse(event.data)
    if (!msg.success || msg.data.type !== 'DATA_REFRESHED') return
    void queryClient.invalidateQueries({
      predicate: (q) =>
        q.queryKey[0] === 'games' || q.queryKey[0] === 'content' || q.queryKey[0] === 'lottery',
    })
  }
  container.addEventListener('message', onMessage)
  return () => container.removeEventListener('message', onMessage)
}
