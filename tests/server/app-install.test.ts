/**
 * The install files for /down: the iOS Web Clip profile (parsed back as a plist, every key
 * iOS needs, identifiers stable per brand and different between brands; signed as CMS that
 * openssl verifies when the operator configured a certificate, and a bad certificate
 * refusing to start) and the site's QR.
 */
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import * as plist from 'plist'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { iosProfilePath, siteQrPath } from '#contract/app-install'
import { loadConfig } from '#server/config/env'
import * as schema from '#server/db/schema'
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

    // No certificate configured: the plain plist.
    expect(res.body.startsWith('<?xml')).toBe(true)
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

    const brand = async (code: string) =>
      plist.parse(
        await buildIosProfile({ code, name: code, label: code }, 'https://x.example/index', null),
      ) as Dict
    const [one, other] = [await brand('LOTUS'), await brand('TIGER')]
    expect(other.PayloadUUID).not.toBe(one.PayloadUUID)
    expect(other.PayloadIdentifier).not.toBe(one.PayloadIdentifier)
    expect((other.PayloadContent as Dict[])[0]!.PayloadUUID).not.toBe(
      (one.PayloadContent as Dict[])[0]!.PayloadUUID,
    )
    expect((await brand('LOTUS')).PayloadUUID).toBe(one.PayloadUUID)
    expect(stableUuid('LOTUS', 'webclip')).toMatch(uuid)
  })
})

describe('the site address of the profile and the QR code without PUBLIC_URL', () => {
  let bare: TestServer
  beforeAll(async () => {
    bare = await build()
  })
  afterAll(async () => {
    await bare?.close()
  })
  const clipUrl = async (host: string) => {
    const res = await bare.app.inject({ method: 'GET', url: iosProfilePath, headers: { host } })
    if (res.statusCode !== 200) return res.statusCode
    return ((plist.parse(res.body) as Dict).PayloadContent as Dict[])[0]?.URL
  }
  const qr = (host: string) => bare.app.inject({ method: 'GET', url: siteQrPath, headers: { host } })

  it('takes the brand’s domains: the one asked on when listed, else the first, never the Host named', async () => {
    // The demo lists localhost and 127.0.0.1.
    expect(await clipUrl('localhost:3000')).toBe('http://localhost:3000/index')
    expect(await clipUrl('evil.example')).toMatch(/^https:\/\/(localhost|127\.0\.0\.1)\/index$/)
    const res = await qr('evil.example')
    expect(res.statusCode).toBe(200)
    expect(res.body).not.toContain('evil')
  })

  it('with no domain listed, answers only this machine’s own address, and says what to configure', async () => {
    await bare.db.delete(schema.domains).where(eq(schema.domains.merchantCode, 'DEMO'))
    expect(await clipUrl('evil.example')).toBe(404)
    const res = await qr('evil.example')
    expect([res.statusCode, res.body]).toEqual([
      404,
      "The site's address is not configured: set PUBLIC_URL or add the brand's domains.",
    ])
    // A developer's npm start still gets its profile.
    expect(await clipUrl('localhost:3000')).toBe('http://localhost:3000/index')
    expect(await clipUrl('127.0.0.1:3000')).toBe('http://127.0.0.1:3000/index')
  })
})

describe('the iOS lite profile signed with the operator’s certificate', () => {
  const fixture = (name: string) => readFileSync(new URL(`../fixtures/${name}`, import.meta.url), 'utf8')
  const cert = fixture('ios-profile-cert.pem')
  const key = fixture('ios-profile-key.pem')

  it('is CMS SignedData that openssl verifies, holding the profile with every key', async () => {
    const signed = await build({
      config: { PUBLIC_URL: 'https://play.example', IOS_PROFILE_CERT: cert, IOS_PROFILE_KEY: key } as never,
    })
    const dir = mkdtempSync(path.join(os.tmpdir(), 'portal-profile-'))
    try {
      const res = await signed.app.inject({ method: 'GET', url: iosProfilePath })
      expect(res.statusCode).toBe(200)
      expect(res.headers['content-type']).toMatch(/^application\/x-apple-aspen-config/)
      const der = res.rawPayload
      expect(der[0]).toBe(0x30) // a DER SEQUENCE, not the XML
      const file = path.join(dir, 'profile.mobileconfig')
      const certFile = path.join(dir, 'signer.pem')
      writeFileSync(file, der)
      writeFileSync(certFile, cert)
      // The signature over the content, and the signer being the configured certificate.
      const content = execFileSync(
        'openssl',
        ['cms', '-verify', '-inform', 'DER', '-in', file, '-CAfile', certFile, '-purpose', 'any'],
        { stdio: ['ignore', 'pipe', 'pipe'] },
      ).toString('utf8')
      execFileSync(
        'openssl',
        ['cms', '-verify', '-noverify', '-inform', 'DER', '-in', file, '-signer', path.join(dir, 'out.pem')],
        { stdio: ['ignore', 'ignore', 'pipe'] },
      )
      expect(readFileSync(path.join(dir, 'out.pem'), 'utf8').replace(/\s+/g, '')).toBe(
        cert.replace(/\s+/g, ''),
      )
      const profile = plist.parse(content) as Dict
      expect(profile).toMatchObject({ PayloadType: 'Configuration', PayloadDisplayName: 'Lotus Play' })
      expect((profile.PayloadContent as Dict[])[0]).toMatchObject({
        PayloadType: 'com.apple.webClip.managed',
        URL: 'https://play.example/index',
        Label: 'Lotus',
        FullScreen: true,
        IsRemovable: true,
      })
      expect((profile.PayloadContent as Dict[])[0]!.Icon).toBeDefined()
      // A changed byte of the content breaks the signature.
      const tampered = Buffer.from(der)
      const at = tampered.indexOf(Buffer.from('Lotus Play'))
      tampered[at] = 'X'.charCodeAt(0)
      writeFileSync(file, tampered)
      expect(() =>
        execFileSync('openssl', ['cms', '-verify', '-noverify', '-inform', 'DER', '-in', file], {
          stdio: ['ignore', 'pipe', 'pipe'],
        }),
      ).toThrow()
    } finally {
      rmSync(dir, { recursive: true, force: true })
      await signed.close()
    }
  })

  it('refuses to start with a certificate that cannot sign, saying why', () => {
    const start = (env: Record<string, string>) => () => loadConfig({ ...env })
    expect(start({ IOS_PROFILE_CERT: cert })).toThrow(/IOS_PROFILE_CERT and IOS_PROFILE_KEY go together/)
    expect(start({ IOS_PROFILE_CERT: 'not a pem', IOS_PROFILE_KEY: key })).toThrow(
      /IOS_PROFILE_CERT: cannot sign the iOS profile: IOS_PROFILE_CERT holds no PEM certificate/,
    )
    expect(
      start({
        IOS_PROFILE_CERT: cert,
        IOS_PROFILE_KEY: '-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----',
      }),
    ).toThrow(/IOS_PROFILE_KEY is not a readable PEM private key/)
    const otherKey = fixture('push-service-key.pem')
    expect(start({ IOS_PROFILE_CERT: cert, IOS_PROFILE_KEY: otherKey })).toThrow(
      /IOS_PROFILE_KEY is not the key of IOS_PROFILE_CERT/,
    )
    expect(start({ IOS_PROFILE_CHAIN: cert })).toThrow(/IOS_PROFILE_CHAIN: is the chain of IOS_PROFILE_CERT/)
    // One-line PEM, as many deployment tools hold it, is taken.
    const oneLine = (pem: string) => pem.trim().replace(/\n/g, '\\n')
    expect(
      loadConfig({ IOS_PROFILE_CERT: oneLine(cert), IOS_PROFILE_KEY: oneLine(key) }).IOS_PROFILE_CERT,
    ).toBeDefined()
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
