/**
 * Short messages at the bottom of the screen (a saved form, a failed request).
 */
import { proxy, useSnapshot } from 'valtio'

export interface Toast {
  id: number
  text: string
  tone: 'info' | 'success' | 'error'
}

const state = proxy({ toasts: [] as Toast[] })
let nextId = 1

export function showToast(text: string, tone: Toast['tone'] = 'info', ms = 4000): number {
  const id = nextId++
  state.toasts.push({ id, text, tone })
  if (ms > 0) setTimeout(() => dismissToast(id), ms)
  return id
}

export function dismissToast(id: number): void {
  const at = state.toasts.findIndex((t) => t.id === id)
  if (at >= 0) state.toasts.splice(at, 1)
}

export function useToasts(): readonly Toast[] {
  return useSnapshot(state).toasts
}
