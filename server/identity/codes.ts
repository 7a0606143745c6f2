/**
 * One-time codes by SMS (and e-mail): six random digits, stored as a hash, valid for
 * `expiredMinutes`, single use, five tries. Sending is rationed per destination: one a
 * minute and five an hour, then nothing for five minutes (429 with Retry-After).
 */
import { createHash, randomInt } from 'node:crypto'
import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm'
import type { CodeChannel } from '#contract/identity'
import { DeliveryError, type Channel } from '../channels/outbox'
import { verificationCodes, type CodePurpose } from '../db/schema'
import { AppError, retryLater, secondsUntil } from '../http/errors'
import type { Db } from '../plugins/external/db'
import type { Throttle } from './throttle'

export const codePolicy = { expiredMinutes: 5, perMinute: 1, perHour: 5, blockMs: 5 * 60_000, maxAttempts: 5 }

function hashCode(code: string, destination: string, purpose: CodePurpose): string {
  return createHash('sha256').update(`${purpose}:${destination}:${code}`).digest('hex')
}

/** Where a failed delivery's reason goes (the server's logger); the caller only sees the code. */
export interface DeliveryLog {
  warn(obj: object, msg: string): void
}

export function createCodes(
  db: Db,
  channel: Channel,
  throttle: Throttle,
  now: () => Date,
  log: DeliveryLog = { warn: () => undefined },
) {
  return {
    /**
     * Sends a new code; returns its lifetime in minutes. With `known: false` (no account
     * has the destination) the same rationing is counted and nothing is sent, so the
     * answers to a registered and an unregistered destination cannot be told apart.
     */
    async send(p: {
      merchantCode: string
      purpose: CodePurpose
      destination: string
      via: CodeChannel
      text: (code: string, minutes: number) => string
      ip: string
      /** Where the message goes when the destination key is not an address (an e-mail reset). */
      to?: string
      /** The e-mail's subject line. */
      subject?: string
      /** False when no account has the destination: rationed alike, nothing sent. */
      known?: boolean
      /**
       * Sent instead of a code, nothing stored (a registration code asked for a number that
       * has an account: its owner is told, and the asker gets the same answer as for any number).
       */
      instead?: string
    }): Promise<number> {
      const hourKey = `code:hour:${p.destination}`
      const hour = await throttle.peek(hourKey, 60 * 60_000)
      if (hour.blockedUntil) {
        throw retryLater(
          'TOO_MANY_REQUESTS',
          'too many codes to this destination',
          secondsUntil(hour.blockedUntil, now()),
        )
      }
      const minute = await throttle.hit(`code:minute:${p.destination}`, 60_000)
      if (minute.count > codePolicy.perMinute) {
        throw retryLater('TOO_MANY_REQUESTS', 'one code a minute', 60)
      }
      const counted = await throttle.hit(hourKey, 60 * 60_000, codePolicy.perHour + 1, codePolicy.blockMs)
      if (counted.blockedUntil) {
        throw retryLater(
          'TOO_MANY_REQUESTS',
          'too many codes to this destination',
          secondsUntil(counted.blockedUntil, now()),
        )
      }
      const ipCount = await throttle.hit(`code:ip:${p.ip}`, 60 * 60_000)
      if (ipCount.count > 30) {
        throw retryLater('TOO_MANY_REQUESTS', 'too many codes from this address', 300)
      }
      if (p.known === false) {
        // The work of making a code, without storing or sending it.
        hashCode(String(randomInt(0, 1_000_000)).padStart(6, '0'), p.destination, p.purpose)
        return codePolicy.expiredMinutes
      }
      if (p.instead !== undefined) {
        try {
          await channel.send({
            merchantCode: p.merchantCode,
            channel: p.via,
            destination: p.to ?? p.destination,
            ...(p.subject ? { subject: p.subject } : {}),
            body: p.instead,
          })
        } catch (err) {
          if (!(err instanceof DeliveryError)) throw err
          await throttle.clear(`code:minute:${p.destination}`)
          log.warn({ err: err.message, via: p.via, purpose: p.purpose }, 'message not delivered')
          throw new AppError('delivery_failed', 'the message could not be sent; try again later')
        }
        return codePolicy.expiredMinutes
      }
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0')
      const t = now()
      const [row] = await db
        .insert(verificationCodes)
        .values({
          merchantCode: p.merchantCode,
          purpose: p.purpose,
          destination: p.destination,
          codeHash: hashCode(code, p.destination, p.purpose),
          expiresAt: new Date(t.getTime() + codePolicy.expiredMinutes * 60_000),
          createdAt: t,
        })
        .returning({ id: verificationCodes.id })
      try {
        await channel.send({
          merchantCode: p.merchantCode,
          channel: p.via,
          destination: p.to ?? p.destination,
          ...(p.subject ? { subject: p.subject } : {}),
          body: p.text(code, codePolicy.expiredMinutes),
        })
      } catch (err) {
        if (!(err instanceof DeliveryError)) throw err
        // A code nobody received is not kept: it could never be typed, and an older code
        // of the same destination stays the live one. The member may ask again at once.
        if (row) await db.delete(verificationCodes).where(eq(verificationCodes.id, row.id))
        await throttle.clear(`code:minute:${p.destination}`)
        log.warn({ err: err.message, via: p.via, purpose: p.purpose }, 'message not delivered')
        throw new AppError('delivery_failed', 'the message could not be sent; try again later')
      }
      return codePolicy.expiredMinutes
    },

    /**
     * Uses up the newest live code for a destination when it matches. A wrong code counts
     * a try; the fifth wrong try ends the code. Expired and used codes are refused.
     */
    async consume(
      merchantCode: string,
      purpose: CodePurpose,
      destination: string,
      code: string | undefined,
    ): Promise<void> {
      const t = now()
      const [latest] = await db
        .select()
        .from(verificationCodes)
        .where(
          and(
            eq(verificationCodes.merchantCode, merchantCode),
            eq(verificationCodes.purpose, purpose),
            eq(verificationCodes.destination, destination),
            isNull(verificationCodes.usedAt),
          ),
        )
        .orderBy(desc(verificationCodes.createdAt))
        .limit(1)
      if (!latest) throw new AppError('verification_code_invalid', 'send a code first')
      if (latest.expiresAt <= t) throw new AppError('verification_code_expired', 'the code has expired')
      // The try is taken before the code is compared, in one statement that refuses it once
      // the code's tries are used up, so parallel guesses get no more than maxAttempts.
      const [row] = await db
        .update(verificationCodes)
        .set({ attempts: sql`${verificationCodes.attempts} + 1` })
        .where(
          and(
            eq(verificationCodes.id, latest.id),
            isNull(verificationCodes.usedAt),
            gt(verificationCodes.expiresAt, t),
            lt(verificationCodes.attempts, codePolicy.maxAttempts),
          ),
        )
        .returning()
      if (!row) throw new AppError('verification_code_invalid', 'the code can no longer be used')
      if (!code || hashCode(code.trim(), destination, purpose) !== row.codeHash) {
        // The last wrong try ends the code, so an older one never becomes the live one.
        if (row.attempts >= codePolicy.maxAttempts) {
          await db.update(verificationCodes).set({ usedAt: t }).where(eq(verificationCodes.id, row.id))
        }
        throw new AppError('verification_code_invalid', 'the code is wrong')
      }
      const used = await db
        .update(verificationCodes)
        .set({ usedAt: t })
        .where(
          and(
            eq(verificationCodes.id, row.id),
            isNull(verificationCodes.usedAt),
            gt(verificationCodes.expiresAt, t),
          ),
        )
        .returning()
      // Two requests racing with the same code: only one gets it.
      if (used.length === 0) throw new AppError('verification_code_invalid', 'the code was already used')
    },
  }
}

export type Codes = ReturnType<typeof createCodes>
