/** Image and game-launch hosts are picked at random from the brand's lists (spec section 9). */
const picked = new Map<string, string>()

/** One host per list for the whole visit, so images stay in the browser's cache. */
export function pickCdn(hosts: readonly string[], random: () => number = Math.random): string {
  if (hosts.length === 0) return ''
  const key = hosts.join('|')
  let host = picked.get(key)
  if (host === undefined) {
    host = hosts[Math.floor(random() * hosts.length)] ?? hosts[0] ?? ''
    picked.set(key, host)
  }
  return host
}
