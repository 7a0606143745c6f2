/** Members and how they prove who they are: sessions, attempt budgets, captchas, the audit trail, one-time codes, new-address logins and social sign-in. */
import { sql } from 'drizzle-orm'
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import { socialProviders } from '#contract/identity'
import { memberStatuses } from '#contract/identity-values'
import { merchants } from './system'

/** A member's standing: a disabled member cannot sign in. */
export { memberStatuses }
/** What a one-time code proves. */
export const codePurposes = ['register', 'login', 'reset', 'bind'] as const
export type CodePurpose = (typeof codePurposes)[number]

/**
 * Members, agents and trial (guest) accounts. The username is stored trimmed and in lower
 * case, so it is unique whatever case a person types; `account` keeps it as typed.
 */
export const members = pgTable(
  'members',
  {
    id: serial('id').primaryKey(),
    merchantCode: text('merchant_code')
      .notNull()
      .references(() => merchants.code),
    username: text('username').notNull(),
    account: text('account').notNull(),
    passwordHash: text('password_hash').notNull(),
    nickname: text('nickname').notNull(),
    /** 0 member, 1/2/41/42 agent, 4 trial account. */
    type: integer('type').notNull().default(0),
    /** The upline agent, for members and agents who joined through one. */
    parentId: integer('parent_id'),
    /** An agent's invitation code (affiliate code), unique per brand. */
    affiliateCode: text('affiliate_code'),
    toUpline: boolean('to_upline').notNull().default(false),
    mobile: text('mobile'),
    countryDialingCode: text('country_dialing_code'),
    email: text('email'),
    payeeName: text('payee_name'),
    paymentPasswordHash: text('payment_password_hash'),
    contacts: jsonb('contacts').$type<Record<string, string>>().notNull().default({}),
    language: text('language').notNull().default('km'),
    memberLabels: jsonb('member_labels').$type<string[]>().notNull().default([]),
    avatar: text('avatar'),
    /** YYYY-MM-DD, set once by the member (decision 030: the VIP birthday bonus); never changed after. */
    birthday: date('birthday', { mode: 'string' }),
    status: text('status', { enum: memberStatuses }).notNull().default('active'),
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }).notNull().defaultNow(),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    /** When the member's first deposit was credited (kept by the agent area's trigger). */
    firstDepositAt: timestamp('first_deposit_at', { withTimezone: true }),
    registerIp: text('register_ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('members_username').on(t.merchantCode, t.username),
    uniqueIndex('members_affiliate_code').on(t.merchantCode, t.affiliateCode),
    index('members_parent').on(t.parentId),
    // The birthday job's read: the brand's members born on a month and day.
    index('members_birthday')
      .on(t.merchantCode, sql`extract(month from ${t.birthday})`, sql`extract(day from ${t.birthday})`)
      .where(sql`${t.birthday} is not null`),
  ],
)

/** Sessions: only a hash of the opaque token is kept, with idle and absolute expiry. */
export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    loginType: text('login_type').notNull(),
    ip: text('ip').notNull(),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** The remembered device this tab session was opened from (server/identity/devices.ts). */
    deviceId: integer('device_id').references(() => deviceSessions.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('sessions_token').on(t.tokenHash),
    index('sessions_member').on(t.memberId),
    index('sessions_device')
      .on(t.deviceId)
      .where(sql`${t.deviceId} is not null`),
  ],
)

/**
 * Remembered devices ("Stay signed in"): a device holds a rotating refresh token in an
 * HttpOnly cookie and trades it for a tab session without the password, until it expires
 * (the brand's days), is signed out, or its member changes the password.
 */
export const deviceSessions = pgTable(
  'device_sessions',
  {
    id: serial('id').primaryKey(),
    /** The id the member sees and names in a sign-out; never the serial. */
    publicId: text('public_id').notNull(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    /** Where the member signed in: the member login or the agent entrance. */
    entrance: text('entrance').notNull(),
    /** "Chrome on Android", from the user agent at sign-in. */
    name: text('name').notNull(),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull(),
    lastIp: text('last_ip').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** logout, sign_out, sign_out_everywhere, password, reuse, operator */
    revokeReason: text('revoke_reason'),
  },
  (t) => [
    uniqueIndex('device_sessions_public').on(t.publicId),
    index('device_sessions_member').on(t.memberId),
  ],
)

/**
 * The refresh tokens of a device, as SHA-256 hashes: the newest is live; each older one
 * was traded once (replaced_at) and, shown again after a short grace, betrays a copy.
 */
export const deviceTokens = pgTable(
  'device_tokens',
  {
    /** In order of issue: a token's successors have greater ids. */
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull(),
    deviceId: integer('device_id')
      .notNull()
      .references(() => deviceSessions.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    replacedAt: timestamp('replaced_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('device_tokens_hash').on(t.tokenHash), index('device_tokens_device').on(t.deviceId)],
)

/**
 * Throttles and lockouts (login failures per username and address, captcha refreshes,
 * SMS sends): counted in the database so every instance behind a load balancer agrees.
 */
export const throttles = pgTable('throttles', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  /** Attempts taken and still being checked (see throttle.ts `reserve`). */
  pending: integer('pending').notNull().default(0),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
  blockedUntil: timestamp('blocked_until', { withTimezone: true }),
})

/** Image captchas: single use, short-lived, tied to the browser by an HttpOnly cookie. */
export const captchas = pgTable('captchas', {
  id: text('id').primaryKey(),
  answer: text('answer').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
})

/** Every login, failure, lock, registration and password change. */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: serial('id').primaryKey(),
    merchantCode: text('merchant_code').notNull(),
    memberId: integer('member_id'),
    username: text('username'),
    event: text('event').notNull(),
    ip: text('ip').notNull(),
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [index('audit_member').on(t.memberId), index('audit_event').on(t.event)],
)

/** One-time codes sent by SMS or e-mail: only a hash is kept; single use; they expire. */
export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: serial('id').primaryKey(),
    merchantCode: text('merchant_code').notNull(),
    purpose: text('purpose', { enum: codePurposes }).notNull(),
    destination: text('destination').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('verification_lookup').on(t.merchantCode, t.purpose, t.destination)],
)

/** Addresses a member has logged in from; a new one asks for a second step (LOGINIPVERF3). */
export const knownIps = pgTable(
  'known_ips',
  {
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    ip: text('ip').notNull(),
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.ip] })],
)

/** A password login from a new address, waiting for its second step. */
export const pendingLogins = pgTable('pending_logins', {
  tokenHash: text('token_hash').primaryKey(),
  memberId: integer('member_id')
    .notNull()
    .references(() => members.id),
  ip: text('ip').notNull(),
  attempts: integer('attempts').notNull().default(0),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
})

/**
 * Accounts at a sign-in provider (google, facebook, telegram) linked to a member: a
 * provider's subject signs into exactly one account of a brand.
 */
export const socialIdentities = pgTable(
  'social_identities',
  {
    id: serial('id').primaryKey(),
    merchantCode: text('merchant_code').notNull(),
    provider: text('provider', { enum: socialProviders }).notNull(),
    /** The provider's stable id of the person (OpenID `sub`, Telegram `id`). */
    subject: text('subject').notNull(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    email: text('email'),
    displayName: text('display_name'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('social_identities_subject').on(t.merchantCode, t.provider, t.subject),
    index('social_identities_member').on(t.memberId),
  ],
)

/**
 * One social sign-in in progress, tied to the browser by an HttpOnly cookie (only its hash
 * is kept): the OpenID state, PKCE verifier and nonce until the provider comes back, then
 * the one-time hand-off code the PWA exchanges for a session. Single use, short-lived.
 */
export const socialFlows = pgTable(
  'social_flows',
  {
    idHash: text('id_hash').primaryKey(),
    merchantCode: text('merchant_code').notNull(),
    provider: text('provider', { enum: socialProviders }).notNull(),
    state: text('state').notNull(),
    codeVerifier: text('code_verifier'),
    nonce: text('nonce'),
    redirectUri: text('redirect_uri').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** The provider came back (successfully or not): the state cannot be used again. */
    returnedAt: timestamp('returned_at', { withTimezone: true }),
    memberId: integer('member_id').references(() => members.id),
    handoffHash: text('handoff_hash'),
    handoffExpiresAt: timestamp('handoff_expires_at', { withTimezone: true }),
    handoffUsedAt: timestamp('handoff_used_at', { withTimezone: true }),
  },
  (t) => [index('social_flows_expires').on(t.expiresAt)],
)
