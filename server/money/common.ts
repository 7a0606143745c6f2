/**
 * Pieces every money handler uses: the brand's currency, amounts parsed exactly, images
 * checked by their bytes, and the refusal that carries the current balance.
 */
import { gte, lt } from 'drizzle-orm'
import type { PgColumn } from 'drizzle-orm/pg-core'
import { type imageTypes, maxImageBytes, type ImageUpload } from '#contract/funds'
import { type Currency, minorToMoney, parseAmount } from '#contract/money'
import type { RegisterFieldRule } from '#contract/system'
import { type merchants, uploads } from '../db/schema'
import { AppError } from '../http/errors'
import type { Db, Tx } from '../plugins/external/db'
import type { CleanImage } from './clean-image'
import { InsufficientFunds, type Ledger } from './ledger'

export type MerchantRow = typeof merchants.$inferSelect

/** The brand's currency, which every amount read or written for it goes through. */
export function currencyOf(m: Pick<MerchantRow, 'currencySymbol' | 'currencyDecimals'>): Currency {
  return { symbol: m.currencySymbol, decimals: m.currencyDecimals }
}

/** A positive amount with at most the currency's decimals, or amount_invalid. */
export function amountOrThrow(input: string, m: MerchantRow): bigint {
  const v = parseAmount(input, currencyOf(m))
  if (v === null) {
    throw new AppError(
      'amount_invalid',
      `enter an amount above zero with at most ${m.currencyDecimals} decimals`,
      { decimals: m.currencyDecimals },
    )
  }
  return v
}

export function inRangeOrThrow(amount: bigint, min: bigint, max: bigint, m: MerchantRow): void {
  if (amount < min || amount > max) {
    throw new AppError('amount_out_of_range', 'the amount is outside the limits', {
      min: minorToMoney(min, currencyOf(m)),
      max: minorToMoney(max, currencyOf(m)),
    })
  }
}

/**
 * Runs a movement; when a wallet would go below zero, answers insufficient_balance with
 * that wallet's balance (read after the failed transaction rolled back).
 */
export async function orInsufficient<T>(
  ledger: Ledger,
  db: Db,
  m: MerchantRow,
  work: () => Promise<T>,
): Promise<T> {
  try {
    return await work()
  } catch (err) {
    if (err instanceof InsufficientFunds) {
      const balance = await ledger.balance(db, err.accountId)
      throw new AppError('insufficient_balance', 'the balance is not enough', {
        balance: minorToMoney(balance, currencyOf(m)),
      })
    }
    throw err
  }
}

const signatures: Record<(typeof imageTypes)[number], number[]> = {
  'image/png': [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
  'image/jpeg': [0xff, 0xd8, 0xff],
}

/** Decodes and checks an uploaded image: png or jpg by its bytes, at most 5 MB. */
export function imageOrThrow(image: ImageUpload): Buffer {
  const clean = image.data.replace(/\s+/g, '')
  const bytes = /^[A-Za-z0-9+/]*={0,2}$/.test(clean) ? Buffer.from(clean, 'base64') : Buffer.alloc(0)
  const sig = signatures[image.contentType]
  const matches = bytes.length >= sig.length && sig.every((b, i) => bytes[i] === b)
  if (!matches || bytes.length > maxImageBytes) {
    throw new AppError('image_invalid', 'the image must be a png or jpg file of at most 5 MB', {
      maxBytes: maxImageBytes,
    })
  }
  return bytes
}

/** Stores a picture re-encoded by `cleanImage` (clean-image.ts): never the uploaded bytes. */
export async function storeImage(tx: Tx, memberId: number, image: CleanImage, at: Date) {
  const [row] = await tx
    .insert(uploads)
    .values({
      memberId,
      contentType: image.contentType,
      size: image.size,
      sha256: image.sha256,
      data: image.data,
      createdAt: at,
    })
    .returning({ id: uploads.id })
  if (!row) throw new Error('upload not stored')
  return row.id
}

/** Shows only the last four digits of an account number. */
export function maskAccount(n: string): string {
  const digits = n.replace(/\s+/g, '')
  return `**** ${digits.slice(-4)}`
}

export function ms(d: Date | null | undefined): number | null {
  return d ? d.getTime() : null
}

/** Conditions for an optional [startTime, endTime) range in epoch ms on a timestamp column. */
export function timeRange(
  column: PgColumn,
  input: { startTime?: number | undefined; endTime?: number | undefined },
) {
  return [
    input.startTime === undefined ? undefined : gte(column, new Date(input.startTime)),
    input.endTime === undefined ? undefined : lt(column, new Date(input.endTime)),
  ]
}

/** A person's name as a bank shows it: a transfer's reference, a card's account name. */
export const accountNameRule: RegisterFieldRule = {
  field: 'payeeName',
  enabled: true,
  required: true,
  minLength: 1,
  maxLength: 64,
  acceptedPattern: '*',
  patternId: 'ANY',
}
