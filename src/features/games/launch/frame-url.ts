/**
 * Which addresses the /game frame may open: a page the platform server answers on this site
 * (a server path such as /demo-vendor, kept as a path; never the PWA's own pages, so the
 * portal is not framed inside itself), or an https address on one of the brand's launch
 * hosts (status `launchGameCDNs`). Anything else (javascript:, data:, blob:, plain http,
 * another host, credentials in the address) is refused, whatever the launch answered or
 * session storage holds.
 */
import { serverPathPattern } from '#contract/server-paths'

/** The longest address the frame takes. */
const maxLength = 4096

/** Control characters and backslashes are where address parsers disagree: never taken. */
function hasAmbiguousCharacters(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (c < 0x20 || c === 0x7f || c === 0x5c) return true
  }
  return false
}

/** A launch host entry ("https://play.example.com", "play.example.com", "//play.example.com") as host[:port]. */
function hostOf(entry: string): string | null {
  const e = entry.trim()
  if (e === '' || (e.startsWith('/') && !e.startsWith('//'))) return null
  const absolute = /^[a-z][a-z0-9+.-]*:/i.test(e) ? e : e.startsWith('//') ? `https:${e}` : `https://${e}`
  try {
    const u = new URL(absolute)
    return u.protocol === 'https:' && u.host !== '' && !u.username && !u.password ? u.host : null
  } catch {
    return null
  }
}

/** The address to put in the frame, or null when it must not be opened. */
export function safeFrameUrl(
  raw: string,
  launchHosts: readonly string[],
  origin: string = window.location.origin,
): string | null {
  const text = raw.trim()
  if (text === '' || text.length > maxLength || hasAmbiguousCharacters(text)) return null
  let url: URL
  let here: URL
  try {
    here = new URL(origin)
    url = new URL(text, here)
  } catch {
    return null
  }
  if (url.username || url.password) return null
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null
  if (url.origin === here.origin) {
    return serverPathPattern.test(url.pathname) ? `${url.pathname}${url.search}${url.hash}` : null
  }
  if (url.protocol !== 'https:') return null
  const allowed = launchHosts.map(hostOf)
  return allowed.includes(url.host) ? url.href : null
}
