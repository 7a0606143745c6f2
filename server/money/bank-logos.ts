/**
 * The banks' logos (src/contract/bank-logos.ts). The operator gives a bank a picture
 * (`bank logo <CODE> <file>`): png, jpeg or webp of at most 2 MB (operator-pictures.ts),
 * decoded and encoded again by sharp as a 96 × 96 WebP (the whole picture fitted in, on a
 * clear background), so what is stored and served is pixels the server wrote itself:
 * whatever else a file carried after its picture is left behind.
 * A bank without a picture gets a monogram the server draws: its initials on a colour of
 * its code, like the vendors' logos (server/games/art.ts).
 */
import { createHash } from 'node:crypto'
import { bankInitials, bankLogoSize, bankLogoUrl } from '#contract/bank-logos'
import { hashOf } from '../db/seed-games'
import type { Db } from '../plugins/external/db'
import type { AuditNote } from '../system/audit'
import { setBankLogoRow } from './deposit-methods-repository'
import { decodePicture } from './operator-pictures'

/** Refused: the brand has no such bank. */
export class BankLogoError extends Error {}

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

/** The picture re-encoded as the bank's logo (see the module comment), or a PictureError. */
export async function cleanBankLogo(bytes: Buffer): Promise<{ data: Buffer; sha256: string }> {
  const data = await decodePicture(bytes, (image) =>
    image
      .resize(bankLogoSize, bankLogoSize, { fit: 'contain', background: { r: 0, g: 0, b: 0, alpha: 0 } })
      .webp({ quality: 86, effort: 4 })
      .toBuffer(),
  )
  return { data, sha256: sha256(data) }
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
