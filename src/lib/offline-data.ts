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

/** The lobby reads the worker keeps (src/sw/cache-rules.ts): games, content, lottery, winners. */
function refetchLobby(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({
    predicate: ({ queryKey: [area, name] }) =>
      area === 'games' ||
      area === 'content' ||
      area === 'lottery' ||
      (area === 'play' && name === 'winnerBoard'),
  })
}

/**
 * The lobby areas refetch when the worker reports a refreshed answer, and when a worker
 * first takes the page (the first visit: the reads made before it went past its store, so
 * they are asked again through it and the page opens offline later). Returns the unsubscribe.
 */
export function listenForRefreshedData(queryClient: QueryClient): () => void {
  const container = 'serviceWorker' in navigator ? navigator.serviceWorker : undefined
  if (!container) return () => undefined
  const onMessage = (event: MessageEvent) => {
    const msg = WorkerToPageSchema.safeParse(event.data)
    if (!msg.success || msg.data.type !== 'DATA_REFRESHED') return
    refetchLobby(queryClient)
  }
  let hadWorker = !!container.controller
  const onControllerChange = () => {
    if (!hadWorker && container.controller) refetchLobby(queryClient)
    hadWorker = !!container.controller
  }
  container.addEventListener('message', onMessage)
  container.addEventListener('controllerchange', onControllerChange)
  return () => {
    container.removeEventListener('message', onMessage)
    container.removeEventListener('controllerchange', onControllerChange)
  }
}
