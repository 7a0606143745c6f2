/** The members' Favourites tab in ?page= (lower case, so no vendor code can clash). */
export const favoritesTab = 'favorites'

/** A vendor code (or the Favourites tab) from the URL: kept only when it looks like one. */
export function parseVendorParam(raw: unknown): string | undefined {
  if (raw === favoritesTab) return raw
  return typeof raw === 'string' && /^[A-Z0-9_]{1,16}$/.test(raw) ? raw : undefined
}
