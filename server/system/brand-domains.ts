/**
 * The brand's addresses (the `domains` rows): whether an address a page was opened on is
 * one of them, and which origin a link to the brand is built on. A brand that lists no
 * domain (an install that names only PUBLIC_URL, or none) takes any address.
 */

/** The host of a domain as a browser or an operator writes it: no scheme, port or path, lower case. */
export function hostOf(domain: string): string {
  const bare = domain
    .trim()
    .toLowerCase()
    .replace(/^[a-z][a-z0-9+.-]*:\/\//, '')
  const host = bare.split(/[/?#]/)[0] ?? ''
  // [::1]:8080 keeps its brackets; example.com:8080 loses the port.
  if (host.startsWith('[')) return host.slice(0, host.indexOf(']') + 1)
  return host.replace(/:\d+$/, '')
}

/** True when the address is one of the brand's, or the brand lists none. */
export function isBrandHost(listed: readonly string[], domain: string): boolean {
  if (listed.length === 0) return true
  const host = hostOf(domain)
  return host !== '' && listed.some((d) => hostOf(d) === host)
}

/**
 * The origin a link to the brand is built on: PUBLIC_URL when the install names one, else
 * the address the request came to when it is the brand's, else the brand's first domain.
 */
export function brandOrigin(opts: {
  publicUrl: string | undefined
  listed: readonly string[]
  request: { protocol: string; host: string }
}): string {
  if (opts.publicUrl) return opts.publicUrl.replace(/\/+$/, '')
  const { protocol, host } = opts.request
  const first = opts.listed.find((d) => hostOf(d) !== '')
  if (isBrandHost(opts.listed, host) || !first) return `${protocol}://${host}`
  return `https://${hostOf(first)}`
}
