/** Image and game-launch hosts are picked at random from the brand's lists (spec section 9). */
const picked = new Map<string, string>()

/** The host the server's first screen drew its art from (the boot data's `imageHost`). */
let preferred: string | undefined

/**
 * The app draws from the host the server's first screen used, when its list has it, so no
 * picture the first screen showed loads a second time from another host.
 */
export function preferCdn(host: string): void {
  preferred = host
}

/** Forgets the hosts picked (the server, before each render of a page). */
export function resetCdnPicks(): void {
  picked.clear()
  preferred = undefined
}

/** One host per list for the whole visit, so images stay in the browser's cache. */
export function pickCdn(hosts: readonly string[], random: () => number = Math.random): string {
  if (hosts.length === 0) return ''
  const key = hosts.join('|')
  let host = picked.get(key)
  if (host === undefined) {
    host =
      preferred !== undefined && hosts.includes(preferred)
        ? preferred
        : (hosts[Math.floor(random() * hosts.length)] ?? hosts[0] ?? '')
    picked.set(key, host)
  }
  return host
}
