/**
 * The session as the spec keeps it: the token and the member's details in sessionStorage
 * (so a closed tab ends it), the logged-in state in a store every screen reads.
 */
import { proxy, useSnapshot } from 'valtio'
import type { Entrance, LoginResponse, MemberInfo } from '#contract/identity'
import { memberTypes } from '#contract/identity-values'

const keys = [
  'token',
  'account',
  'username',
  'nickname',
  'customerId',
  'isAgent',
  'toUpline',
  'memberLabel',
  'entrance',
] as const

/** Where the member logged in: the agent entrance (/agent) or the member's (the popup). */

function read(key: string): string | null {
  try {
    return sessionStorage.getItem(key)
  } catch {
    return null
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) sessionStorage.removeItem(key)
    else sessionStorage.setItem(key, value)
  } catch {
    // Storage refused (private mode): the session lasts for this page only.
  }
}

export interface SessionState {
  token: string | null
  member: MemberInfo | null
  /** The login asked for a password change before anything else. */
  mustChangePassword: boolean
  /** A remembered device is trading its cookie for this tab's session (device-session.ts). */
  resuming: boolean
}

function initial(): SessionState {
  // App start (spec section 4): with no account stored, a leftover token is dropped.
  const token = read('account') ? read('token') : null
  if (!token) write('token', null)
  return { token, member: null, mustChangePassword: false, resuming: false }
}

export const session = proxy<SessionState>(initial())

/**
 * The server draws every page for a visitor (it never knows the session, which lives in
 * this tab's storage), so the browser hydrates it as a visitor too: the stored session is
 * held back until the page is hydrated, then given back, and the member's parts (balance,
 * menu, badge) fill in. Returns the function that gives it back.
 */
export function holdSessionForHydration(): () => void {
  const token = session.token
  session.token = null
  return () => {
    // A login during hydration keeps its own token.
    if (session.token === null) session.token = token
  }
}

export function startSession(login: LoginResponse, account: string, entrance: Entrance = 'member'): void {
  write('token', login.token)
  write('entrance', entrance)
  write('account', account)
  write('username', account)
  session.token = login.token
  session.mustChangePassword = login.mustChangePassword || login.passwordExpired
}

export function setMember(member: MemberInfo): void {
  session.member = member
  write('account', member.account)
  write('nickname', member.nickname)
  write('customerId', String(member.id))
  write('isAgent', String(member.type))
  write('toUpline', String(member.toUpline))
  write('memberLabel', JSON.stringify(member.memberLabel.map((l) => l.labelName)))
}

/**
 * Where a session that ends by itself sends the user back to: the agent entrance for a
 * session that began there, else home.
 */
export function entranceHome(): '/agent' | '/' {
  return read('entrance') === 'agent' ? '/agent' : '/'
}

/** The forced password change is done. */
export function passwordChanged(): void {
  session.mustChangePassword = false
}

/** The token this tab is logging out of, between the logout call and the end of the session. */
let leavingToken: string | null = null

/**
 * The tab is logging out of its session: answers that the session has ended (its own
 * logout reaching the server before a read in flight) are expected, not a killed session.
 */
export function beginLogout(): void {
  leavingToken = session.token ?? read('token')
}

export function isLeaving(token: string): boolean {
  return leavingToken === token
}

export function endSession(): void {
  for (const k of keys) write(k, null)
  try {
    sessionStorage.clear()
  } catch {
    // nothing stored
  }
  session.token = null
  session.member = null
  session.mustChangePassword = false
}

export function isAgentType(type: number | undefined): boolean {
  return type !== undefined && (memberTypes.agentTypes as readonly number[]).includes(type)
}

export function isGuestType(type: number | undefined): boolean {
  return type === memberTypes.guest
}

/**
 * A signed-in member who is not a trial account, once the member's info is in: what the
 * member-only reads (favourites, recent games, the inbox, lottery bets) wait for, so a trial
 * account or a session still loading never asks what the server would refuse.
 */
export function isRealMember(s: { token: string | null; member: { type: number } | null }): boolean {
  return s.token !== null && s.member !== null && !isGuestType(s.member.type)
}

export function useSession() {
  return useSnapshot(session)
}
