/**
 * The service worker's navigation route, taken from the real sw.ts: navigations to app
 * routes get the cached shell, and no server-owned path ever does.
 */
import { beforeAll, describe, expect, it, vi } from 'vitest'
import type * as WorkboxRouting from 'workbox-routing'
import { NavigationRoute } from 'workbox-routing'
import { serverPathPrefixes } from '#contract/server-paths'

const registered = vi.hoisted(() => [] as unknown[])

vi.mock('workbox-precaching', () => ({
  precacheAndRoute: () => undefined,
  cleanupOutdatedCaches: () => undefined,
  createHandlerBoundToURL: () => () => new Response('shell'),
}))
vi.mock('workbox-routing', async (importOriginal) => ({
  ...(await importOriginal<typeof WorkboxRouting>()),
  registerRoute: (route: unknown) => registered.push(route),
}))

let route: NavigationRoute

beforeAll(async () => {
  Object.assign(self, { __WB_MANIFEST: [] })
  await import('#src/sw/sw.ts')
  // The navigation route, the lobby data cache's route (data-cache.test.ts) and the
  // pictures' (image-cache.test.ts).
  expect(registered).toHaveLength(3)
  route = registered.find((r): r is NavigationRoute => r instanceof NavigationRoute)!
})

function answersWithShell(pathAndQuery: string): boolean {
  const url = new URL(pathAndQuery, 'https://portal.example')
  const request = { mode: 'navigate', url: url.href } as Request
  return Boolean(route.match({ url, request, event: {} as ExtendableEvent, sameOrigin: true }))
}

describe('the service worker', () => {
  it.each(['/', '/index', '/pointMall', '/register.html', '/wpsx', '/devices'])(
    'answers a navigation to the app route %s with the shell',
    (url) => {
      expect(answersWithShell(url)).toBe(true)
    },
  )

  it.each(serverPathPrefixes.flatMap((prefix) => [prefix, `${prefix}/x`, `${prefix}?probe=1`]))(
    'leaves a navigation to the server-owned %s to the network',
    (url) => {
      expect(answersWithShell(url)).toBe(false)
    },
  )
})

describe('the lobby data route', () => {
  function matchesDataRoute(method: string, pathAndQuery: string): boolean {
    const url = new URL(pathAndQuery, 'https://portal.example')
    const request = new Request(url, { method })
    // registerRoute(match, handler): the mock keeps the match callback.
    const match = registered.find((r) => typeof r === 'function') as (o: object) => boolean
    return match({ url, request, sameOrigin: true })
  }

  it('takes the GETs of the cached lobby rows only', () => {
    expect(matchesDataRoute('GET', '/wps/relay/GCSGAME_gameVendor')).toBe(true)
    expect(matchesDataRoute('GET', '/wps/relay/MCSFE_getListAnnouncements?types=B')).toBe(true)
    expect(matchesDataRoute('POST', '/wps/relay/GCSGAME_gameVendor')).toBe(false)
    expect(matchesDataRoute('GET', '/wps/relay/MCSFE_getFavoriteGames')).toBe(false)
  })
})
