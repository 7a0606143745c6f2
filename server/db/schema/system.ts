/** The brand and its system data: features, access, register rules, content, keys, seeds. */
import { sql } from 'drizzle-orm'
import {
  bigint,
  boolean,
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
import { announcementExecutions, announcementTypes } from '#contract/content'
import { walletModes } from '#contract/wallet-values'

/** A brand (white-label operator). Everything brand-specific hangs off its code. */
export const merchants = pgTable('merchants', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
  shortName: text('short_name').notNull(),
  currency: text('currency').notNull(),
  currencySymbol: text('currency_symbol').notNull(),
  currencyDecimals: integer('currency_decimals').notNull(),
  defaultLanguage: text('default_language').notNull(),
  /** The brand's IANA time zone (e.g. Asia/Phnom_Penh), named at go-live. */
  timeZone: text('time_zone').notNull().default('UTC'),
  languages: jsonb('languages').$type<string[]>().notNull(),
  themeColor: text('theme_color').notNull(),
  backgroundColor: text('background_color').notNull(),
  logoUrl: text('logo_url').notNull(),
  /** The web app manifest's screenshots of this brand (`brand screenshot add`); checked when read. */
  screenshots: jsonb('screenshots')
    .$type<unknown[]>()
    .notNull()
    .default(sql`'[]'::jsonb`),
  passwordExpiryDays: integer('password_expiry_days').notNull().default(0),
  /** How long "Stay signed in" keeps a device signed in (server/identity/devices.ts). */
  deviceSessionDays: integer('device_session_days').notNull().default(30),
  /** SINGLE: games draw on the main wallet; MULTI: one wallet per vendor. */
  walletMode: text('wallet_mode', { enum: walletModes }).notNull().default('MULTI'),
  withdrawMin: bigint('withdraw_min', { mode: 'bigint' })
    .notNull()
    .default(sql`1000`),
  withdrawMax: bigint('withdraw_max', { mode: 'bigint' })
    .notNull()
    .default(sql`5000000`),
  /** A paid withdrawal the member has not confirmed counts as received after this long. */
  withdrawAutoReceiveMinutes: integer('withdraw_auto_receive_minutes').notNull().default(1440),
  maxBankCards: integer('max_bank_cards').notNull().default(5),
  minimumAge: integer('minimum_age').notNull().default(18),
  vipServiceState: text('vip_service_state').notNull().default('normal'),
  /**
   * The picture a shared link to the brand previews with (Open Graph og:image): an https
   * address or a path on the site; none shows the brand's icon (`brand share image`).
   */
  shareImageUrl: text('share_image_url'),
  /** The brand's one-line description per language, for link previews (`brand share description`). */
  descriptions: jsonb('descriptions')
    .$type<Record<string, string>>()
    .notNull()
    .default(sql`'{}'::jsonb`),
  /** The most an agent may send down in one transfer or red envelope, in minor units; null: no limit. */
  downlineTransferMax: bigint('downline_transfer_max', { mode: 'bigint' }),
  /**
   * The most an agent may send down in a day of the brand's time zone, all its transfers and
   * red envelopes together, in minor units; null: no limit.
   */
  downlineTransferDailyMax: bigint('downline_transfer_daily_max', { mode: 'bigint' }),
  /** The days an agent contract offer waits for its answer before it expires. */
  contractOfferDays: integer('contract_offer_days').notNull().default(7),
  /**
   * A member may give up the bonuses still waiting for their turnover to withdraw now
   * (decision 026, `turnover forfeit on|off`).
   */
  bonusForfeit: boolean('bonus_forfeit').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
})

/** The white-label feature tree: each node a modId switched on or off. */
export const whitelabelNodes = pgTable(
  'whitelabel_nodes',
  {
    merchantCode: text('merchant_code')
      .notNull()
      .references(() => merchants.code),
    modId: text('mod_id').notNull(),
    parentModId: text('parent_mod_id'),
    enabled: boolean('enabled').notNull(),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.merchantCode, t.modId] })],
)

/**
 * What operators did: one row per operator command that changed something, written in the
 * same transaction as its effect (server/system/audit.ts). The back office reads the same rows.
 */
export const operatorActions = pgTable(
  'operator_actions',
  {
    id: serial('id').primaryKey(),
    merchantCode: text('merchant_code').notNull(),
    operator: text('operator').notNull(),
    /** The command and its first word: `maintenance on`, `deposits approve`. */
    action: text('action').notNull(),
    words: jsonb('words').$type<string[]>().notNull(),
    target: text('target'),
    before: jsonb('before'),
    after: jsonb('after'),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [index('operator_actions_brand').on(t.merchantCode, t.id)],
)

/**
 * Access settings an operator switches at run time: maintenance and region restriction.
 * One row per brand; `version` lets every server process notice a change cheaply.
 */
export const accessSettings = pgTable('access_settings', {
  merchantCode: text('merchant_code')
    .primaryKey()
    .references(() => merchants.code),
  maintenance: boolean('maintenance').notNull().default(false),
  maintenanceMessage: text('maintenance_message'),
  maintenanceUntil: timestamp('maintenance_until', { withTimezone: true }),
  blockedCountries: jsonb('blocked_countries').$type<string[]>().notNull().default([]),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})

/** Blocked client addresses (single IPs or CIDR ranges), for every brand. */
export const ipBlocks = pgTable('ip_blocks', {
  cidr: text('cidr').primaryKey(),
  note: text('note'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
})

export const registerFieldRules = pgTable(
  'register_field_rules',
  {
    merchantCode: text('merchant_code')
      .notNull()
      .references(() => merchants.code),
    field: text('field').notNull(),
    enabled: boolean('enabled').notNull(),
    required: boolean('required').notNull(),
    minLength: integer('min_length').notNull(),
    maxLength: integer('max_length').notNull(),
    acceptedPattern: text('accepted_pattern').notNull(),
    patternId: text('pattern_id').notNull(),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.merchantCode, t.field] })],
)

export const countries = pgTable('countries', {
  countryCode: text('country_code').primaryKey(),
  dialingCode: text('dialing_code').notNull(),
  name: text('name').notNull(),
  minDigits: integer('min_digits').notNull(),
  maxDigits: integer('max_digits').notNull(),
  sort: integer('sort').notNull().default(0),
})

export const customerService = pgTable('customer_service', {
  id: serial('id').primaryKey(),
  merchantCode: text('merchant_code')
    .notNull()
    .references(() => merchants.code),
  csType: text('cs_type').notNull(),
  /** The title as first given; shown in a language that `titles` lacks (and by rows older than it). */
  title: text('title').notNull(),
  /** The title per language (km, en, zh, th, vi), as the operator gave it. */
  titles: jsonb('titles')
    .$type<Record<string, string>>()
    .notNull()
    .default(sql`'{}'::jsonb`),
  url: text('url').notNull(),
  sort: integer('sort').notNull().default(0),
})

/** Downloadable apps and other brand links (Android, iOS lite profile, H5). */
export const domainResources = pgTable('domain_resources', {
  id: serial('id').primaryKey(),
  merchantCode: text('merchant_code')
    .notNull()
    .references(() => merchants.code),
  resourceType: text('resource_type').notNull(),
  url: text('url').notNull(),
  qrCodeUrl: text('qr_code_url'),
  sort: integer('sort').notNull().default(0),
})

export const domains = pgTable(
  'domains',
  {
    merchantCode: text('merchant_code')
      .notNull()
      .references(() => merchants.code),
    domain: text('domain').notNull(),
  },
  (t) => [primaryKey({ columns: [t.merchantCode, t.domain] })],
)

/** Image and game-launch CDN hosts; the PWA picks one at random per list. */
export const cdnHostKinds = ['image', 'launchGame'] as const

export const cdnHosts = pgTable(
  'cdn_hosts',
  {
    merchantCode: text('merchant_code')
      .notNull()
      .references(() => merchants.code),
    kind: text('kind', { enum: cdnHostKinds }).notNull(),
    url: text('url').notNull(),
  },
  (t) => [primaryKey({ columns: [t.merchantCode, t.kind, t.url] })],
)

export const helpArticles = pgTable(
  'help_articles',
  {
    id: serial('id').primaryKey(),
    merchantCode: text('merchant_code')
      .notNull()
      .references(() => merchants.code),
    language: text('language').notNull(),
    category: text('category').notNull(),
    title: text('title').notNull(),
    content: text('content').notNull(),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [index('help_articles_lookup').on(t.merchantCode, t.language, t.category)],
)

/** Content pages (terms, privacy, about, join us) per language. */
export const templates = pgTable(
  'templates',
  {
    id: serial('id').primaryKey(),
    merchantCode: text('merchant_code')
      .notNull()
      .references(() => merchants.code),
    code: text('code').notNull(),
    language: text('language').notNull(),
    title: text('title').notNull(),
    content: text('content').notNull(),
  },
  (t) => [uniqueIndex('templates_code_lang').on(t.merchantCode, t.code, t.language)],
)

/** Announcements: banners (B), marquee (PL), popups (PU), promotion (PR), home (H). */
export const announcements = pgTable(
  'announcements',
  {
    id: serial('id').primaryKey(),
    merchantCode: text('merchant_code')
      .notNull()
      .references(() => merchants.code),
    type: text('type', { enum: announcementTypes }).notNull(),
    execution: text('execution', { enum: announcementExecutions }).notNull().default('B'),
    language: text('language').notNull(),
    title: text('title').notNull(),
    content: text('content').notNull(),
    imageUrl: text('image_url'),
    linkUrl: text('link_url'),
    sort: integer('sort').notNull().default(0),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
  },
  (t) => [index('announcements_lookup').on(t.merchantCode, t.type, t.language)],
)

/** RSA key pairs for encrypted payloads; the newest unretired one is current. */
export const serverKeys = pgTable('server_keys', {
  kid: text('kid').primaryKey(),
  spki: text('spki').notNull(),
  pkcs8: text('pkcs8').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  retiredAt: timestamp('retired_at', { withTimezone: true }),
})

/**
 * Secrets this install made for itself (the demo gateway's callback secret when none is
 * configured), shared by every instance on the database and never printed in the source.
 */
export const installSecrets = pgTable('install_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
})

/** One row per applied seed, so a restart never seeds twice. */
export const seedRuns = pgTable('seed_runs', {
  name: text('name').primaryKey(),
  appliedAt: timestamp('applied_at', { withTimezone: true }).notNull().defaultNow(),
  rows: bigint('rows', { mode: 'number' }).notNull(),
})
