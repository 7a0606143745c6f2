/**
 * Which popups are open. Popups stack: a confirm dialog may open over the member centre.
 */
import { proxy, useSnapshot } from 'valtio'

export type ModalName =
  | 'login'
  | 'register'
  | 'forgotPassword'
  | 'changePassword'
  | 'notice'
  | 'memberCentre'
  | 'agentCentre'
  | 'gamePopup'
  | 'afterLogin'
  | 'needRealAccount'

const state = proxy({
  stack: [] as ModalName[],
  /** The invitation code the register popup was opened with (?referralCode=). */
  referralCode: undefined as string | undefined,
})

export function openModal(name: ModalName, opts: { referralCode?: string } = {}): void {
  if (name === 'register' && opts.referralCode !== undefined) state.referralCode = opts.referralCode
  if (state.stack.includes(name)) return
  state.stack.push(name)
}

export function closeModal(name: ModalName): void {
  const at = state.stack.lastIndexOf(name)
  if (at >= 0) state.stack.splice(at, 1)
}

/** Closes one popup and opens another in its place (login -> register). */
export function switchModal(from: ModalName, to: ModalName): void {
  closeModal(from)
  openModal(to)
}

export function useModals() {
  return useSnapshot(state)
}
