/**
 * Short messages at the bottom of the screen (a saved form, a failed request, a notice that
 * came live). A burst never buries the screen: the same message again while it shows is
 * counted on it ("×3") and its time starts again, and at most `maxToasts` show at once, the
 * oldest giving way.
 */
import { proxy, useSnapshot } from 'valtio'

export interface Toast {
  id: number
  text: string
  tone: 'info' | 'success' | 'error'
  /** How many times it was shown while on screen. */
  count: number
}

/** The most toasts on screen at once. */
export const maxToasts = 3

const state = proxy({ toasts: [] as Toast[] })
const timers = new Map<number, ReturnType<typeof setTimeout>>()
let nextId = 1

function expireIn(id: number, ms: number): void {
  clearTimeout(timers.get(id))
  timers.delete(id)
  if (ms > 0)
    timers.set(
      id,
      setTimeout(() => dismissToast(id), ms),
    )
}

export function showToast(text: string, tone: Toast['tone'] = 'info', ms = 4000): number {
  const same = state.toasts.find((t) => t.text === text && t.tone === tone)
  if (same) {
    same.count += 1
    expireIn(same.id, ms)
    return same.id
  }
  const id = nextId++
  state.toasts.push({ id, text, tone, count: 1 })
  while (state.toasts.length > maxToasts) {
    const oldest = state.toasts[0]
    if (oldest) dismissToast(oldest.id)
  }
  expireIn(id, ms)
  return id
}

export function dismissToast(id: number): void {
  clearTimeout(timers.get(id))
  timers.delete(id)
  const at = state.toasts.findIndex((t) => t.id === id)
  if (at >= 0) state.toasts.splice(at, 1)
}

export function useToasts(): readonly Toast[] {
  return useSnapshot(state).toasts
}
