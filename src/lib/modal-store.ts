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

/** The member centre's pages, in the order of its menu (spec section 2). */
export const memberCentrePages = [
  'securityCenter',
  'transferFund',
  'depositv2',
  'withdraw',
  'transferUpline',
  'personalHistoryCopy',
  'transactionHistory',
  'personalProfit',
  'bonusDetails',
  'rewardCenter',
  'referral',
  'missionLeaderboard',
  'messageV2',
] as const
export type MemberCentrePage = (typeof memberCentrePages)[number]

const state = proxy({
  stack: [] as ModalName[],
  /** The invitation code the register popup was opened with (?referralCode=). */
  referralCode: undefined as string | undefined,
  /** The page the member centre opens on (the header's deposit and withdraw shortcuts). */
  memberCentrePage: 'securityCenter' as MemberCentrePage,
})

export interface OpenModalOptions {
  referralCode?: string
  page?: MemberCentrePage
}

export function openModal(name: ModalName, opts: OpenModalOptions = {}): void {
  if (name === 'register' && opts.referralCode !== undefined) state.referralCode = opts.referralCode
  if (name === 'memberCentre') state.memberCentrePage = opts.page ?? 'securityCenter'
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
