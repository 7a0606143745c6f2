/**
 * The banks' logos (src/contract/bank-logos.ts). The operator gives a bank a picture
 * (`bank logo <CODE> <file>`): png, jpeg or webp by its first bytes and by what it decodes
 * as, at most 2 MB, then decoded and encoded again by sharp as a 96 × 96 WebP (the whole
 * picture fitted in, on a clear background), so what is stored and served is pixels the
 * server wrote itself: an SVG (a script could ride in it), a file that only starts like a
 * picture, or whatever else a file carried after its picture is left behind or refused.
 * A bank without a picture gets a monogram the server draws: its initials on a colour of
 * its code, like the vendors' logos (server/games/art.ts).
 */
import { createHash } from 'node:crypto'
import { readFile, stat } from 'node:fs/promises'
import path from 'node:path'
import { bankInitials, bankLogoSize, bankLogoUrl } from '#contract/bank-logos'
import { hashOf } from '../db/seed-games'
import { lazyModule } from '../lazy-module'
import { limiter } from '../limiter'
import type { Db } from '../plugins/external/db'
import type { AuditNote } from '../system/audit'
import { setBankLogoRow } from './deposit-methods-repository'

/** The largest picture taken: a logo needs far less, and a bigger file is a mistake. */
export const maxBankLogoBytes = 2 * 1024 * 1024
/** A bomb (a small file that decodes to a vast picture) is refused before it is decoded. */
const maxInputPixels = 25_000_000

export class BankLogoError extends Error {}

const sharpLib = lazyModule('sharp', async () => {
  const { default: sharp } = await import('sharp')
  sharp.cache(false)
  return sharp
})

/** Two decodes at a time: they share libuv's thread pool with password hashing. */
const decoding = limiter(2)

const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest('hex')

/** The address's version: the first 12 hex digits of the SHA-256 of what is served. */
const versionOf = (hash: string) => hash.slice(0, 12)

function escapeXml(s: string): string {
  return s.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`)
}

/** A bank's drawn logo: its initials on a gradient of its code's colours, a rounded square. */
export function bankMonogram(code: string, name: string): string {
  const seed = hashOf(`bank:${code}`)
  const hue = seed % 360
  const second = (hue + 30 + ((seed >>> 9) % 60)) % 360
  const initials = bankInitials(name)
  const size = [...initials].length >= 3 ? 30 : [...initials].length === 2 ? 38 : 46
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 96 96" width="96" height="96">` +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue} 62% 44%)"/><stop offset="1" stop-color="hsl(${second} 68% 30%)"/></linearGradient></defs>` +
    '<rect width="96" height="96" rx="22" fill="url(#g)"/>' +
    '<circle cx="80" cy="14" r="34" fill="#fff" fill-opacity=".1"/>' +
    `<text x="48" y="${48 + Math.round(size * 0.36)}" font-family="system-ui,sans-serif" font-size="${size}" font-weight="800" fill="#fff" text-anchor="middle">${escapeXml(initials)}</text>` +
    '</svg>'
  )
}

export interface BankLogoSource {
  code: string
  name: string
  logoSha256: string | null
}

/** The version of what the bank's logo address serves: its picture's, or its monogram's. */
export function bankLogoVersion(bank: BankLogoSource): string {
  return versionOf(bank.logoSha256 ?? sha256(bankMonogram(bank.code, bank.name)))
}

/** The bank's logo address, kept for good by a browser (its version changes with the picture). */
export function bankLogoUrlOf(merchantCode: string, bank: BankLogoSource): string {
  return bankLogoUrl(merchantCode, bank.code, bankLogoVersion(bank))
}

/**
 * The brand's bank that a deposit method's bank names (by the bank's name or code, in any
 * case), if it is one of them.
 */
export function bankNamed<B extends { code: string; name: string }>(
  banks: readonly B[],
  given: string,
): B | undefined {
  const wanted = given.trim().toLowerCase()
  return (
    banks.find((b) => b.name.trim().toLowerCase() === wanted) ??
    banks.find((b) => b.code.toLowerCase() === wanted)
  )
}

type Format = 'png' | 'jpeg' | 'webp'

/** What the first bytes say the file is: png, jpeg or webp, else null. */
function formatByBytes(bytes: Buffer): Format | null {
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png'
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg'
  if (
    bytes.subarray(0, 4).toString('latin1') === 'RIFF' &&
    bytes.subarray(8, 12).toString('latin1') === 'WEBP'
  )
    return 'webp'
  return null
}

/**
 * The picture re-encoded as the bank's logo (see the module comment), or a BankLogoError
 * that says why it is refused.
 */
export async function cleanBankLogo(bytes: Buffer): Promise<{ data: Buffer; sha256: string }> {
  if (bytes.length === 0) throw new BankLogoError('the file is empty')
  if (bytes.length > maxBankLogoBytes) throw tooBig(bytes.length)
  const format = formatByBytes(bytes)
  if (!format) throw new BankLogoError('the file is not a png, jpeg or webp picture (an svg is not taken)')
  const sharp = await sharpLib()
  try {
    const data = await decoding(async () => {
      const image = sharp(bytes, { failOn: 'error', limitInputPixels: maxInputPixels })
      const meta = await image.metadata()
      if (meta.format !== format) throw new BankLogoError(`the file starts like a ${format} but is not one`)
      return image
        .rotate()
        .resize(bankLogoSize, bankLogoSize, { fit: 'contain', background: { r: 0, g: 0, b: 0, alpha: 0 } })
        .webp({ quality: 86, effort: 4 })
        .toBuffer()
    })
    return { data, sha256: sha256(data) }
  } catch (err) {
    if (err instanceof BankLogoError) throw err
    // libvips could not read it: not a picture, whatever its first bytes said.
    throw new BankLogoError(`the file does not decode as a ${format} picture`)
  }
}

function tooBig(size: number): BankLogoError {
  return new BankLogoError(
    `the file is ${(size / 1024 / 1024).toFixed(1)} MB; a logo picture is at most ${maxBankLogoBytes / 1024 / 1024} MB`,
  )
}

/**
 * A picture file on this host (a relative path is from the server's folder), read whole
 * once it is known to be a file of at most `max` bytes; a BankLogoError otherwise.
 */
export async function readPictureFile(file: string, max = maxBankLogoBytes): Promise<Buffer> {
  const full = path.resolve(file)
  const info = await stat(full).catch(() => undefined)
  if (!info) throw new BankLogoError(`no file ${full}`)
  if (!info.isFile()) throw new BankLogoError(`${full} is not a file`)
  if (info.size > max) throw tooBig(info.size)
  const bytes = await readFile(full).catch(() => {
    throw new BankLogoError(`${full} could not be read`)
  })
  if (bytes.length > max) throw tooBig(bytes.length)
  return bytes
}

/**
 * Sets (or, with null, takes away) the bank's picture; the audit entry names the pictures'
 * hashes before and after. A BankLogoError when the brand has no such bank.
 */
export async function setBankLogo(
  deps: { db: Db; audit?: ((note: AuditNote) => void) | undefined },
  merchantCode: string,
  code: string,
  logo: { data: Buffer; sha256: string } | null,
): Promise<void> {
  const was = await setBankLogoRow(deps.db, merchantCode, code, logo)
  if (!was) throw new BankLogoError(`no bank ${code} (see: bank list)`)
  deps.audit?.({
    target: `bank ${code}`,
    before: { logoSha256: was.logoSha256 },
    after: { logoSha256: logo?.sha256 ?? null },
  })
}
