/**
 * The install files for /down: the iOS Web Clip profile (parsed back as a plist, every key
 * iOS needs, identifiers stable per brand and different between brands) and the site's QR.
 */
import * as plist from 'plist'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { iosProfilePath, siteQrPath } from '#contract/app-install'
import { buildIosProfile, stableUuid } from '#server/http/app-install'
import { build, type TestServer } from '../build-server'

let server: TestServer

beforeAll(async () => {
  server = await build({ config: { PUBLIC_URL: 'https://play.example' } as never })
})
afterAll(async () => {
  await server?.close()
})

type Dict = Record<string, unknown>
const uuid = /^[0-9A-F]{8}-[0-9A-F]{4}-5[0-9A-F]{3}-[89AB][0-9A-F]{3}-[0-9A-F]{12}$/

function pngSize(png: Buffer): { width: number; height: number } {
  expect(png.subarray(1, 4).toString('latin1')).toBe('PNG')
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) }
}

describe('the iOS lite profile', () => {
  it('is a Web Clip configuration profile of the brand with every key iOS needs', async () => {
    const res = await server.app.inject({ method: 'GET', url: iosProfilePath })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toMatch(/^application\/x-apple-aspen-config/)
    expect(res.headers['content-disposition']).toMatch(/attachment; filename=".+\.mobileconfig"/)

    const profile = plist.parse(res.body) as Dict
    expect(profile).toMatchObject({
      PayloadType: 'Configuration',
      PayloadVersion: 1,
      PayloadDisplayName: 'Lotus Play',
      PayloadRemovalDisallowed: false,
    })
    expect(profile.PayloadUUID).toMatch(uuid)
    expect(typeof profile.PayloadIdentifier).toBe('string')

    const [clip, ...more] = profile.PayloadContent as Dict[]
    expect(more).toHaveLength(0)
    expect(clip).toMatchObject({
      PayloadType: 'com.apple.webClip.managed',
      PayloadVersion: 1,
      URL: 'https://play.example/index',
      Label: 'Lotus',
      FullScreen: true,
      IsRemovable: true,
    })
    expect(clip!.PayloadUUID).toMatch(uuid)
    expect(clip!.PayloadUUID).not.toBe(profile.PayloadUUID)
    expect(clip!.PayloadIdentifier).toMatch(new RegExp(`^${String(profile.PayloadIdentifier)}\\.`))
    const icon = pngSize(Buffer.from(clip!.Icon as Uint8Array))
    expect(icon.width).toBeLessThanOrEqual(400)
    expect(icon.height).toBeLessThanOrEqual(400)
  })

  it('keeps its identifiers on every download, and another brand gets its own', async () => {
    const again = async () =>
      plist.parse((await server.app.inject({ method: 'GET', url: iosProfilePath })).body) as Dict
    const [a, b] = [await again(), await again()]
    expect(b.PayloadUUID).toBe(a.PayloadUUID)
    expect((b.PayloadContent as Dict[])[0]!.PayloadUUID).toBe((a.PayloadContent as Dict[])[0]!.PayloadUUID)

    const brand = (code: string) =>
      plist.parse(buildIosProfile({ code, name: code, label: code }, 'https://x.example/index', null)) as Dict
    const [one, other] = [brand('LOTUS'), brand('TIGER')]
    expect(other.PayloadUUID).not.toBe(one.PayloadUUID)
    expect(other.PayloadIdentifier).not.toBe(one.PayloadIdentifier)
    expect((other.PayloadContent as Dict[])[0]!.PayloadUUID).not.toBe(
      (one.PayloadContent as Dict[])[0]!.PayloadUUID,
    )
    expect(brand('LOTUS').PayloadUUID).toBe(one.PayloadUUID)
    expect(stableUuid('LOTUS', 'webclip')).toMatch(uuid)
  })
})

describe('the site QR code', () => {
  it('is an SVG', async () => {
    const res = await server.app.inject({ method: 'GET', url: siteQrPath })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/)
    expect(res.body).toMatch(/^<svg[^>]*viewBox/)
    expect(res.body).toContain('<path')
  })
})
