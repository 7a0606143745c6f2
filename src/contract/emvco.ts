/**
 * A bank's static QR payload as the EMVCo merchant-presented QR specification writes it
 * (KHQR, PromptPay, VietQR and DuitNow all follow it): a string of tag-length-value fields,
 * two-digit tag, two-digit length, then the value; "000201" first and the CRC field
 * "6304XXXX" last, XXXX being CRC-16/CCITT-FALSE of everything before it in upper-case hex.
 * The operator gives it per deposit method (`payment-method qr`); the page draws it with the
 * qrcode library, so a member's banking app reads it as the bank's own sticker.
 */
import { z } from 'zod/mini'

/** Longest payload taken: a version-10 QR at level M holds more, and no bank's sticker is this long. */
export const maxEmvcoLength = 512

/** CRC-16/CCITT-FALSE (poly 0x1021, init 0xFFFF) of the text's bytes, as 4 upper-case hex digits. */
export function emvcoCrc(text: string): string {
  let crc = 0xffff
  for (const byte of new TextEncoder().encode(text)) {
    crc ^= byte << 8
    for (let i = 0; i < 8; i++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff
  }
  return crc.toString(16).toUpperCase().padStart(4, '0')
}

/** The fields given (tag, value), closed with their CRC: how a payload is written. */
export function emvcoPayload(fields: [string, string][]): string {
  const body = fields
    .map(([tag, value]) => `${tag}${String([...value].length).padStart(2, '0')}${value}`)
    .join('')
  const open = `${body}6304`
  return `${open}${emvcoCrc(open)}`
}

/** What is wrong with a payload, in words; null when it is a well-formed EMVCo payload. */
export function emvcoProblem(payload: string): string | null {
  if (payload.length === 0) return 'the payload is empty'
  if (payload.length > maxEmvcoLength) return `the payload is longer than ${maxEmvcoLength} characters`
  // eslint-disable-next-line no-control-regex -- the pattern names the characters refused
  if (/[\u0000-\u001f\u007f]/.test(payload)) return 'the payload has control characters'
  const chars = [...payload]
  const tags: string[] = []
  let at = 0
  while (at < chars.length) {
    const head = chars.slice(at, at + 4).join('')
    if (!/^\d{4}$/.test(head)) return `no tag and length at character ${at + 1}`
    const tag = head.slice(0, 2)
    const length = Number(head.slice(2))
    if (at + 4 + length > chars.length) return `field ${tag} runs past the end`
    tags.push(tag)
    if (tag === '63' && at + 4 + length !== chars.length) return 'the CRC field (63) is not the last'
    at += 4 + length
  }
  if (tags[0] !== '00' || !payload.startsWith('000201')) return 'the payload does not start with 000201'
  if (tags.at(-1) !== '63' || !/6304[0-9A-Fa-f]{4}$/.test(payload))
    return 'the payload does not end with a CRC field 6304XXXX'
  const crc = payload.slice(-4).toUpperCase()
  const expected = emvcoCrc(payload.slice(0, -4))
  if (crc !== expected) return `the CRC is ${crc}, the payload's is ${expected}`
  return null
}

export const EmvcoPayloadSchema = z
  .string()
  .check(z.refine((v) => emvcoProblem(v) === null, 'not an EMVCo QR payload with a valid CRC'))
