/**
 * The authenticator app (the spec's "Google verification code", decision 031): the member's
 * security settings (`login.securityConfig`), setting up TOTP (RFC 6238) with a first code,
 * recovery codes shown once, and turning it off with a current code or a recovery code.
 * The same codes answer the second step of a login from a new address (identity.loginVerify).
 */
import { z } from 'zod/mini'
import { defineEndpoint } from './endpoint'
import { text } from './text'

/** Digits of an authenticator code, its time step (seconds), and the steps either side accepted. */
export const authenticatorDigits = 6
export const authenticatorPeriod = 30
export const authenticatorDriftSteps = 1

/** Recovery codes made at set-up: each works once, in place of a code. */
export const recoveryCodeCount = 10

/** A recovery code as shown: ten letters and digits in two groups (`K7QX2-9MWRD`). */
export const recoveryCodePattern = /^[0-9A-Z]{5}-[0-9A-Z]{5}$/

/**
 * A typed recovery code the way it is compared: upper case, without spaces and dashes,
 * with the letters people misread (O, I, L) as the digits the alphabet uses.
 */
export function normalizeRecoveryCode(raw: string): string {
  return raw.toUpperCase().replace(/[\s-]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1')
}

/** An authenticator code as typed: digits, spaces allowed between them ("123 456"). */
export function normalizeAuthenticatorCode(raw: string): string {
  return raw.replace(/\s/g, '')
}

export const AuthenticatorStatusSchema = z.object({
  /** The authenticator is set up and confirmed. */
  enabled: z.boolean(),
  /** Recovery codes not yet used (0 when off). */
  recoveryCodesLeft: z.int(),
  /** Epoch ms it was turned on; null when off. */
  enabledAt: z.nullable(z.number()),
})
export type AuthenticatorStatus = z.infer<typeof AuthenticatorStatusSchema>

/** `login.securityConfig`: what protects the account. */
export const SecurityConfigSchema = z.object({
  authenticator: AuthenticatorStatusSchema,
  /** The brand asks for the authenticator's code on withdrawal when the member has it on. */
  authenticatorOnWithdraw: z.boolean(),
})
export type SecurityConfig = z.infer<typeof SecurityConfigSchema>

export const AuthenticatorSetupSchema = z.object({
  /** The secret in base32, for typing into the app by hand. */
  secret: z.string(),
  /** The otpauth:// URI the page shows as a QR code. */
  otpauthUri: z.string(),
  issuer: z.string(),
  accountName: z.string(),
  digits: z.int(),
  period: z.int(),
})
export type AuthenticatorSetup = z.infer<typeof AuthenticatorSetupSchema>

export const RecoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) })

const codeErrors = ['authenticator_code_wrong', 'authenticator_code_used', 'authenticator_locked'] as const

export const authenticatorEndpoints = {
  securityConfig: defineEndpoint({
    name: 'identity.securityConfig',
    method: 'GET',
    path: '/wps/v2/member/securityConfig',
    auth: 'member',
    encrypted: false,
    response: SecurityConfigSchema,
    errors: [],
  }),
  authenticatorSetup: defineEndpoint({
    name: 'identity.authenticatorSetup',
    method: 'POST',
    path: '/wps/v2/member/authenticator/setup',
    auth: 'member',
    encrypted: false,
    response: AuthenticatorSetupSchema,
    errors: ['authenticator_already_on'],
  }),
  authenticatorConfirm: defineEndpoint({
    name: 'identity.authenticatorConfirm',
    method: 'POST',
    path: '/wps/v2/member/authenticator/confirm',
    auth: 'member',
    encrypted: true,
    body: z.object({ code: text(16) }),
    response: RecoveryCodesSchema,
    errors: ['authenticator_already_on', 'authenticator_not_set_up', ...codeErrors],
  }),
  authenticatorDisable: defineEndpoint({
    name: 'identity.authenticatorDisable',
    method: 'POST',
    path: '/wps/v2/member/authenticator/disable',
    auth: 'member',
    encrypted: true,
    /** A current code, or one of the recovery codes. */
    body: z.object({ code: text(16) }),
    response: z.null(),
    errors: ['authenticator_not_set_up', ...codeErrors],
  }),
} as const
