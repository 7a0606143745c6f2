/**
 * The authenticator app (decision 031): TOTP (RFC 6238) through otplib, never by hand.
 * Set-up stores a sealed secret that counts only once a first code confirms it; confirming
 * makes ten recovery codes, shown once and kept as keyed hashes. Every code check takes an
 * attempt from the member's budget first (5 wrong in 15 minutes lock it for 15 minutes, as
 * the payment password), accepts exactly one step either side of now, and records the step
 * it accepted in one conditional update, so a code is used once even by 20 requests at once.
 */
import { randomInt } from 'node:crypto'
import { generateSecret } from '@otplib/core'
import { base32 } from '@otplib/plugin-base32-scure'
import { crypto } from '@otplib/plugin-crypto-node'
import { verify } from '@otplib/totp'
import { generateTOTP } from '@otplib/uri'
import { and, count, eq, isNotNull, isNull, lt, or } from 'drizzle-orm'
import {
  authenticatorDigits,
  authenticatorDriftSteps,
  authenticatorPeriod,
  normalizeAuthenticatorCode,
  normalizeRecoveryCode,
  recoveryCodeCount,
  type AuthenticatorSetup,
  type AuthenticatorStatus,
} from '#contract/authenticator'
import { authenticatorRecoveryCodes, memberAuthenticators } from '../db/schema'
import { AppError, retryLater, secondsUntil } from '../http/errors'
import type { Db, Tx } from '../plugins/external/db'
import type { AuthenticatorKeys } from './authenticator-seal'
import type { Throttle } from './throttle'

const minute = 60_000

/** Wrong codes (authenticator or recovery): 5 in 15 minutes lock them for 15 minutes. */
export const authenticatorPolicy = { windowMs: 15 * minute, limit: 5, lockMs: 15 * minute }

export function authenticatorThrottleKey(memberId: number): string {
  return `totp:${memberId}`
}

/** Crockford's base32: no I, L, O or U, so a code read aloud or copied by hand survives. */
const recoveryAlphabet = '0123456789ABCDEFGHJKMNPQRSTVWXYZ'

function newRecoveryCode(): string {
  let s = ''
  for (let i = 0; i < 10; i++) s += recoveryAlphabet[randomInt(recoveryAlphabet.length)]
  return `${s.slice(0, 5)}-${s.slice(5)}`
}

/** What a code may be: an authenticator code, a recovery code, or either. */
export type CodeKind = 'totp' | 'recovery' | 'either'

export interface AuthenticatorDeps {
  db: Db
  throttle: Throttle
  keys: () => Promise<AuthenticatorKeys>
  now: () => Date
}

export function createAuthenticator({ db, throttle, keys, now }: AuthenticatorDeps) {
  const locked = (until: Date) =>
    retryLater('authenticator_locked', 'too many wrong codes; try again later', secondsUntil(until, now()))

  async function rowOf(memberId: number) {
    const [row] = await db
      .select()
      .from(memberAuthenticators)
      .where(eq(memberAuthenticators.memberId, memberId))
    return row
  }

  /** The time step the code belongs to (one step either side of now), or null when wrong. */
  async function stepOf(sealed: string, code: string): Promise<number | null> {
    if (!new RegExp(`^\\d{${authenticatorDigits}}$`).test(code)) return null
    const secret = (await keys()).open(sealed)
    const r = await verify({
      secret,
      token: code,
      crypto,
      base32,
      digits: authenticatorDigits,
      period: authenticatorPeriod,
      epoch: Math.floor(now().getTime() / 1000),
      epochTolerance: authenticatorDriftSteps * authenticatorPeriod,
    })
    return r.valid ? r.timeStep : null
  }

  /**
   * Checks one code on an attempt taken from the member's budget. `accept` runs only for a
   * right code and says whether it may still be used (false: used already, a replay).
   */
  async function guarded(memberId: number, check: () => Promise<'right' | 'wrong' | 'used'>) {
    let found = 'wrong' as 'right' | 'wrong' | 'used'
    const checked = await throttle.guard(
      {
        key: authenticatorThrottleKey(memberId),
        windowMs: authenticatorPolicy.windowMs,
        limit: authenticatorPolicy.limit,
        blockMs: authenticatorPolicy.lockMs,
      },
      async () => {
        found = await check()
        // A replayed code is no guess: 20 identical requests at once must not lock the member.
        return found !== 'wrong'
      },
    )
    if (checked.outcome === 'refused') throw locked(checked.until)
    if (checked.outcome === 'wrong') {
      if (checked.blockedUntil) throw locked(checked.blockedUntil)
      throw new AppError('authenticator_code_wrong', 'the code is wrong', {
        attemptsLeft: Math.max(0, authenticatorPolicy.limit - checked.count),
      })
    }
    if (found === 'used') throw new AppError('authenticator_code_used', 'this code has been used')
  }

  /**
   * Takes a step for good: true when no code of this step or a later one was accepted before.
   * In `tx` when given: a second transaction taking the same step waits for the first on the
   * member's row, then finds it taken.
   */
  async function takeStep(memberId: number, step: number, ex: Db | Tx = db): Promise<boolean> {
    const taken = await ex
      .update(memberAuthenticators)
      .set({ lastStep: step })
      .where(
        and(
          eq(memberAuthenticators.memberId, memberId),
          isNotNull(memberAuthenticators.confirmedAt),
          or(isNull(memberAuthenticators.lastStep), lt(memberAuthenticators.lastStep, step)),
        ),
      )
      .returning({ memberId: memberAuthenticators.memberId })
    return taken.length > 0
  }

  async function useRecoveryCode(memberId: number, raw: string): Promise<boolean> {
    const normalized = normalizeRecoveryCode(raw)
    if (normalized.length !== 10) return false
    const used = await db
      .update(authenticatorRecoveryCodes)
      .set({ usedAt: now() })
      .where(
        and(
          eq(authenticatorRecoveryCodes.memberId, memberId),
          eq(authenticatorRecoveryCodes.codeHash, (await keys()).recoveryHash(normalized)),
          isNull(authenticatorRecoveryCodes.usedAt),
        ),
      )
      .returning({ id: authenticatorRecoveryCodes.id })
    return used.length > 0
  }

  const api = {
    async status(memberId: number): Promise<AuthenticatorStatus> {
      const row = await rowOf(memberId)
      if (!row?.confirmedAt) return { enabled: false, recoveryCodesLeft: 0, enabledAt: null }
      const [left] = await db
        .select({ n: count() })
        .from(authenticatorRecoveryCodes)
        .where(
          and(eq(authenticatorRecoveryCodes.memberId, memberId), isNull(authenticatorRecoveryCodes.usedAt)),
        )
      return { enabled: true, recoveryCodesLeft: Number(left?.n ?? 0), enabledAt: row.confirmedAt.getTime() }
    },

    async isOn(memberId: number): Promise<boolean> {
      return (await rowOf(memberId))?.confirmedAt != null
    },

    /**
     * Begins set-up: a new secret, stored sealed and not yet in force. Beginning again
     * before confirming replaces it (the QR code shown last is the one that counts).
     */
    async setup(memberId: number, issuer: string, accountName: string): Promise<AuthenticatorSetup> {
      const secret = generateSecret({ crypto, base32 })
      const sealed = (await keys()).seal(secret)
      const stored = await db
        .insert(memberAuthenticators)
        .values({ memberId, secretSealed: sealed, createdAt: now() })
        .onConflictDoUpdate({
          target: memberAuthenticators.memberId,
          set: { secretSealed: sealed, createdAt: now(), lastStep: null },
          setWhere: isNull(memberAuthenticators.confirmedAt),
        })
        .returning({ memberId: memberAuthenticators.memberId })
      if (stored.length === 0) throw new AppError('authenticator_already_on', 'the authenticator is on')
      return {
        secret,
        otpauthUri: generateTOTP({
          issuer,
          label: accountName,
          secret,
          digits: authenticatorDigits,
          period: authenticatorPeriod,
        }),
        issuer,
        accountName,
        digits: authenticatorDigits,
        period: authenticatorPeriod,
      }
    },

    /**
     * Confirms set-up with a first code: the authenticator is on from then, and the recovery
     * codes are answered this once. Of identical confirmations at once, one turns it on.
     */
    async confirm(memberId: number, rawCode: string): Promise<string[]> {
      const code = normalizeAuthenticatorCode(rawCode)
      const row = await rowOf(memberId)
      if (!row) throw new AppError('authenticator_not_set_up', 'begin the set-up first')
      if (row.confirmedAt) throw new AppError('authenticator_already_on', 'the authenticator is on')
      const k = await keys()
      const codes = Array.from({ length: recoveryCodeCount }, newRecoveryCode)
      await guarded(memberId, async () => {
        const step = await stepOf(row.secretSealed, code)
        if (step === null) return 'wrong'
        return db.transaction(async (tx) => {
          const on = await tx
            .update(memberAuthenticators)
            .set({ confirmedAt: now(), lastStep: step })
            .where(
              and(
                eq(memberAuthenticators.memberId, memberId),
                isNull(memberAuthenticators.confirmedAt),
                eq(memberAuthenticators.secretSealed, row.secretSealed),
              ),
            )
            .returning({ memberId: memberAuthenticators.memberId })
          if (on.length === 0) return 'used'
          await tx.delete(authenticatorRecoveryCodes).where(eq(authenticatorRecoveryCodes.memberId, memberId))
          await tx
            .insert(authenticatorRecoveryCodes)
            .values(codes.map((c) => ({ memberId, codeHash: k.recoveryHash(normalizeRecoveryCode(c)) })))
          return 'right'
        })
      })
      return codes
    },

    /**
     * Checks a code of a member whose authenticator is on, and uses it: an authenticator
     * code's step, or a recovery code, is never accepted again.
     */
    async check(memberId: number, rawCode: string, kind: CodeKind): Promise<'totp' | 'recovery'> {
      const row = await rowOf(memberId)
      if (!row?.confirmedAt) throw new AppError('authenticator_not_set_up', 'the authenticator is off')
      const code = normalizeAuthenticatorCode(rawCode)
      const asTotp = kind === 'totp' || (kind === 'either' && /^\d+$/.test(code))
      await guarded(memberId, async () => {
        if (!asTotp) return (await useRecoveryCode(memberId, code)) ? 'right' : 'wrong'
        const step = await stepOf(row.secretSealed, code)
        if (step === null) return 'wrong'
        return (await takeStep(memberId, step)) ? 'right' : 'used'
      })
      return asTotp ? 'totp' : 'recovery'
    },

    /**
     * Checks a current authenticator code (not a recovery code) for an action that uses it in
     * its own transaction (a withdrawal under WDGOOGLECODE3): the attempt is taken from the
     * member's budget here, and a wrong code, or a step accepted before, refused here. The
     * answer is the code's step, for `useStep` in the action's transaction, so an action
     * refused later leaves the code unused.
     */
    async stepFor(memberId: number, rawCode: string): Promise<number> {
      const row = await rowOf(memberId)
      if (!row?.confirmedAt) throw new AppError('authenticator_not_set_up', 'the authenticator is off')
      const code = normalizeAuthenticatorCode(rawCode)
      let step = -1
      await guarded(memberId, async () => {
        const s = await stepOf(row.secretSealed, code)
        if (s === null) return 'wrong'
        step = s
        return row.lastStep !== null && row.lastStep >= s ? 'used' : 'right'
      })
      return step
    },

    /**
     * Uses a step `stepFor` answered, in the action's transaction: of identical requests at
     * once, the first to commit uses it and the others find it used.
     */
    async useStep(tx: Tx, memberId: number, step: number): Promise<void> {
      if (!(await takeStep(memberId, step, tx))) {
        throw new AppError('authenticator_code_used', 'this code has been used')
      }
    },

    /** Turns the authenticator off after a current code or a recovery code. */
    async disable(memberId: number, rawCode: string): Promise<void> {
      await api.check(memberId, rawCode, 'either')
      await api.remove(memberId)
    },

    /**
     * Removes the authenticator and its recovery codes (turned off, or reset by an operator
     * for a lost phone), and lifts its lock. True when there was one.
     */
    async remove(memberId: number): Promise<boolean> {
      return db.transaction(async (tx) => {
        await tx.delete(authenticatorRecoveryCodes).where(eq(authenticatorRecoveryCodes.memberId, memberId))
        const gone = await tx
          .delete(memberAuthenticators)
          .where(eq(memberAuthenticators.memberId, memberId))
          .returning({ confirmedAt: memberAuthenticators.confirmedAt })
        await throttle.clear(authenticatorThrottleKey(memberId), tx)
        return gone.some((g) => g.confirmedAt !== null)
      })
    },
  }
  return api
}

export type Authenticator = ReturnType<typeof createAuthenticator>
