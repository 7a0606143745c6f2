import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { warmFirstScreenArt } from '#server/http/art-warmup'
import { build, type TestServer } from '../build-server'
import { appRenderer } from '../ssr'

let server: TestServer

beforeAll(async () => {
  server = await build({ renderer: await appRenderer() })
})
afterAll(async () => {
  await server?.close()
})

describe('the first screens’ art rendered after a start', () => {
  it('renders the banners, the lobby’s vendor logos and its first tiles, not the lazy ones', async () => {
    const warmed = await warmFirstScreenArt(server.app)
    expect(warmed.filter((u) => u.startsWith('/media/banners/')).length).toBeGreaterThan(1)
    expect(warmed.filter((u) => u.startsWith('/media/logos/')).length).toBeGreaterThan(1)
    const warmedTiles = warmed.filter((u) => u.startsWith('/media/games/'))
    // Each lobby's six tiles asked for at high priority (decision 013), of the 60 it draws.
    expect(warmedTiles.length % 6).toBe(0)
    expect(warmedTiles.length).toBeGreaterThanOrEqual(6)
    const rng = await server.app.inject({ method: 'GET', url: '/rng', headers: { accept: 'text/html' } })
    const tiles = (pattern: RegExp) =>
      [...rng.body.matchAll(/<img\s[^>]*>/g)]
        .filter(([tag]) => pattern.test(tag))
        .map(([tag]) => /\ssrc="(\/media\/games\/[^"]+)"/.exec(tag)?.[1])
        .filter((src): src is string => src !== undefined)
    const eager = tiles(/\sfetchpriority="high"/i)
    expect(eager).toHaveLength(6)
    for (const src of eager) expect(warmed).toContain(src)
    const lazy = tiles(/\sloading="lazy"/)
    expect(lazy.length).toBeGreaterThan(0)
    for (const src of lazy) expect(warmed).not.toContain(src)
  })

  it('stops when the server is closing, without an error', async () => {
    expect(await warmFirstScreenArt(server.app, () => true)).toEqual([])
    let asked = 0
    const warmed = await warmFirstScreenArt(server.app, () => ++asked > 2)
    expect(warmed).toEqual([])
  })
})
