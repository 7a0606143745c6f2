/**
 * The install files made from the brand in the database, for the /down page:
 *
 * - `GET /wps/app/ios.mobileconfig`: an iOS configuration profile holding one managed Web
 *   Clip (the "iOS lite" app: the site full screen from the home screen). Its
 *   PayloadIdentifiers and PayloadUUIDs are derived from the brand code, so a new download
 *   replaces the installed profile instead of adding a second one, and two brands never
 *   collide. When the operator configured a certificate (IOS_PROFILE_CERT, IOS_PROFILE_KEY,
 *   IOS_PROFILE_CHAIN) the profile is signed with it, as CMS SignedData holding the plist
 *   (server/http/profile-signing.ts); otherwise it is the plain plist, which iOS shows as
 *   "Not Signed" but installs.
 * - `GET /wps/app/qr.svg`: the site's address as a QR code (SVG), to open it on a phone.
 *
 * The site's address is PUBLIC_URL when set, else one of the brand's domains (the one the
 * request came to when it is listed, else the first), else the request's own origin only when
 * that is this machine (a developer's `npm start`). Never an address the request merely names
 * in its Host header: a profile or QR code sent to a phone must not point at another site.
 * With none of them, both answer 404 and say what to configure.
 */
import { createHash } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { PlistValue } from 'plist'
import { iosProfileContentType, iosProfilePath, siteQrPath } from '#contract/app-install'
import { lazyModule } from '../lazy-module'
import { brandOrigin, hostOf } from '../system/brand-domains'
import type { SystemRepository } from '../system/system-repository'
import type { ProfileSigner } from './profile-signing'

// Loaded on the first download or QR code, not at start.
const plistLib = lazyModule('plist', () => import('plist'))
const qrLib = lazyModule('qrcode', () => import('qrcode'))

/** A UUID made from the brand code and a purpose: the same for the brand on every download. */
export function stableUuid(brandCode: string, purpose: string): string {
  const h = createHash('sha256').update(`portal-webclip:${brandCode}:${purpose}`).digest()
  h[6] = (h[6]! & 0x0f) | 0x50 // version 5 (name-based)
  h[8] = (h[8]! & 0x3f) | 0x80 // RFC 4122 variant
  const x = h.subarray(0, 16).toString('hex').toUpperCase()
  return `${x.slice(0, 8)}-${x.slice(8, 12)}-${x.slice(12, 16)}-${x.slice(16, 20)}-${x.slice(20, 32)}`
}

/** This machine's own names: a developer's start with no address configured. */
function isLoopback(host: string): boolean {
  const h = hostOf(host)
  return h === 'localhost' || h.endsWith('.localhost') || h === '[::1]' || /^127(\.\d{1,3}){3}$/.test(h)
}

export interface WebClipBrand {
  code: string
  name: string
  label: string
}

/** The profile's plist (XML): one com.apple.webClip.managed payload. */
export async function buildIosProfile(
  brand: WebClipBrand,
  siteUrl: string,
  icon: Buffer | null,
): Promise<string> {
  const id = `com.portal.${brand.code.toLowerCase().replace(/[^a-z0-9-]/g, '-')}`
  const clip: Record<string, PlistValue> = {
    PayloadType: 'com.apple.webClip.managed',
    PayloadVersion: 1,
    PayloadIdentifier: `${id}.webclip`,
    PayloadUUID: stableUuid(brand.code, 'webclip'),
    PayloadDisplayName: brand.name,
    Label: brand.label,
    URL: siteUrl,
    FullScreen: true,
    IsRemovable: true,
    Precomposed: true,
    ...(icon ? { Icon: icon } : {}),
  }
  const plist = await plistLib()
  return plist.build({
    PayloadType: 'Configuration',
    PayloadVersion: 1,
    PayloadIdentifier: id,
    PayloadUUID: stableUuid(brand.code, 'profile'),
    PayloadDisplayName: brand.name,
    PayloadOrganization: brand.name,
    PayloadDescription: `Adds ${brand.name} to the home screen.`,
    PayloadRemovalDisallowed: false,
    PayloadContent: [clip],
  })
}

/** The brand icon (192×192 PNG, within the 400×400 iOS takes): the built copy, else the source. */
function loadIcon(staticDir: string): Buffer | null {
  let root = path.dirname(fileURLToPath(import.meta.url))
  while (!existsSync(path.join(root, 'package.json')) && path.dirname(root) !== root)
    root = path.dirname(root)
  for (const file of [
    path.join(staticDir, 'brand/icon-192.png'),
    path.join(root, 'public/brand/icon-192.png'),
  ]) {
    if (existsSync(file)) return readFileSync(file)
  }
  return null
}

export function registerAppInstall(
  app: FastifyInstance,
  repo: SystemRepository,
  opts: {
    merchantCode: string
    publicUrl: string | undefined
    staticDir: string
    /** Signs the profile with the operator's certificate, when one is configured. */
    signer?: ProfileSigner | undefined
  },
): void {
  const icon = loadIcon(opts.staticDir)
  async function siteUrl(req: FastifyRequest): Promise<string | null> {
    if (opts.publicUrl) return opts.publicUrl.replace(/\/+$/, '')
    const listed = await repo.domains(opts.merchantCode)
    if (listed.length > 0) return brandOrigin({ publicUrl: undefined, listed, request: req })
    return isLoopback(req.host) ? `${req.protocol}://${req.host}` : null
  }
  const unknownSite = (reply: FastifyReply) =>
    reply
      .code(404)
      .type('text/plain; charset=utf-8')
      .send("The site's address is not configured: set PUBLIC_URL or add the brand's domains.")

  app.get(iosProfilePath, async (req, reply) => {
    const m = await repo.merchant(opts.merchantCode)
    const brand = {
      code: opts.merchantCode,
      name: m?.name ?? 'Portal',
      label: m?.shortName ?? m?.name ?? 'Portal',
    }
    const site = await siteUrl(req)
    if (site === null) return unknownSite(reply)
    const xml = await buildIosProfile(brand, `${site}/index`, icon)
    const body = opts.signer ? opts.signer(Buffer.from(xml, 'utf8')) : xml
    return reply
      .type(iosProfileContentType)
      .header('content-disposition', `attachment; filename="${opts.merchantCode.toLowerCase()}.mobileconfig"`)
      .header('cache-control', 'no-cache')
      .send(body)
  })

  app.get(siteQrPath, async (req, reply) => {
    const site = await siteUrl(req)
    if (site === null) return unknownSite(reply)
    const { default: QRCode } = await qrLib()
    const svg = await QRCode.toString(`${site}/index`, {
      type: 'svg',
      margin: 2,
      errorCorrectionLevel: 'M',
    })
    return reply.type('image/svg+xml').header('cache-control', 'public, max-age=3600').send(svg)
  })
}
