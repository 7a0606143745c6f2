/**
 * Identity's plain values, apart from its schemas and rows (src/contract/identity.ts
 * re-exports them): the header and the session read them on every page, and importing them
 * from here keeps the identity schemas out of a visitor's first page.
 */

/** The platform's member kinds (memberInfo.type). */
/** An account's state: a disabled account cannot log in. */
export const memberStatuses = ['active', 'disabled'] as const
export type MemberStatus = (typeof memberStatuses)[number]

export const memberTypes = { member: 0, agentTypes: [1, 2, 41, 42], guest: 4 } as const

/** The static avatars the PWA ships as public/avatars/<id>.svg; a member picks one of them. */
export const staticAvatars = ['01', '02', '03', '04', '05', '06', '07', '08'] as const
export type StaticAvatar = (typeof staticAvatars)[number]
/** The avatar of a member who has not chosen one. */
export const defaultAvatar: StaticAvatar = '01'

/** Where a static avatar's image is, relative to the PWA's own origin. */
export function staticAvatarUrl(id: StaticAvatar): string {
  return `/avatars/${id}.svg`
}
