/**
 * Every query of the signed-in member's own data sits under ['member', …]: the auth
 * feature reads the member info, the member feature changes the avatar, and logging out
 * drops them all at once. Shared here because features never import each other.
 */
export const memberKey = ['member'] as const

/** The member info of one session (the token keeps another member's from showing). */
export const memberInfoKey = (token: string | null) => [...memberKey, 'info', token] as const

/**
 * Every money query (balance, wallets, records) sits under ['money', token, …] (the money
 * feature's money-keys.ts): invalidating this refreshes the header balance after a game
 * round or a transfer made outside the money feature.
 */
export const moneyRootKey = ['money'] as const
