/**
 * The one Drizzle schema, for PGlite and PostgreSQL alike. Migrations in ./migrations
 * are generated from it with `npm run db:generate` and applied at start.
 */
import { sql } from 'drizzle-orm'
import {
  bigint,
  bigserial,
  boolean,
  check,
  customType,
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

/** A brand (white-label operator). Everything brand-specific hangs off its code. */
export const merchants = pgTable('merchants', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
  shortName: text('short_name').notNull(),
  currency: text('currency').notNull(),
  currencySymbol: text('currency_symbol').notNull(),
  currencyDecimals: integer('currency_decimals').notNull().default(2),
  defaultLanguage: text('default_language').notNull(),
  /** The brand's IANA time zone (e.g. Asia/Phnom_Penh), named at go-live. */
  timeZone: text('time_zone').notNull().default('UTC'),
  languages: jsonb('languages').$type<string[]>().notNull(),
  themeColor: text('theme_color').notNull(),
  backgroundColor: text('background_color').notNull(),
  logoUrl: text('logo_url').notNull(),
  passwordExpiryDays: integer('password_expiry_days').notNull().default(0),
  /** SINGLE: games draw on the main wallet; MULTI: one wallet per vendor. */
  walletMode: text('wallet_mode').$type<'SINGLE' | 'MULTI'>().notNull().default('MULTI'),
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
  title: text('title').notNull(),
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
export const cdnHosts = pgTable(
  'cdn_hosts',
  {
    merchantCode: text('merchant_code')
      .notNull()
      .references(() => merchants.code),
    kind: text('kind').$type<'image' | 'launchGame'>().notNull(),
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
    type: text('type').$type<'B' | 'PL' | 'PU' | 'PR' | 'H'>().notNull(),
    execution: text('execution').$type<'B' | 'A' | 'F'>().notNull().default('B'),
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

/** Game vendors: each a wallet (accountTypeId) and a vendor code (vassalage) per game type. */
export const vendors = pgTable(
  'vendors',
  {
    merchantCode: text('merchant_code')
      .notNull()
      .references(() => merchants.code),
    accountTypeId: integer('account_type_id').notNull(),
    vassalage: text('vassalage').notNull(),
    gameType: text('game_type').notNull(),
    name: text('name').notNull(),
    logo: text('logo').notNull(),
    isHot: boolean('is_hot').notNull().default(false),
    maintenance: boolean('maintenance').notNull().default(false),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.merchantCode, t.gameType, t.vassalage] })],
)

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
    clubLabel: text('club_label'),
    memberLabels: jsonb('member_labels').$type<string[]>().notNull().default([]),
    avatar: text('avatar'),
    status: text('status').$type<'active' | 'disabled'>().notNull().default('active'),
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }).notNull().defaultNow(),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    registerIp: text('register_ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('members_username').on(t.merchantCode, t.username),
    uniqueIndex('members_affiliate_code').on(t.merchantCode, t.affiliateCode),
    index('members_parent').on(t.parentId),
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
  },
  (t) => [uniqueIndex('sessions_token').on(t.tokenHash), index('sessions_member').on(t.memberId)],
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

/**
 * Messages to members (SMS and e-mail). The default channel delivers into this table,
 * which the developer page shows when DEV_TOOLS is on; real providers are configuration.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: serial('id').primaryKey(),
    merchantCode: text('merchant_code').notNull(),
    channel: text('channel').$type<'sms' | 'email'>().notNull(),
    destination: text('destination').notNull(),
    subject: text('subject'),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('outbox_destination').on(t.destination)],
)

/** One-time codes sent by SMS or e-mail: only a hash is kept; single use; they expire. */
export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: serial('id').primaryKey(),
    merchantCode: text('merchant_code').notNull(),
    purpose: text('purpose').$type<'register' | 'login' | 'reset'>().notNull(),
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

// ---------------------------------------------------------------------------------------
// Money. Amounts are bigint minor units. Balances change only in the database transaction
// that writes their postings (server/money/ledger.ts); see docs/ARCHITECTURE.md "Money".

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
})

/**
 * Ledger accounts: each member wallet (main, and one per vendor accountTypeId) and the
 * house accounts (deposits, withdrawals in flight, paid out, bonuses, adjustments, trial
 * credit). A member wallet can never go below zero: the database refuses it.
 */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: serial('id').primaryKey(),
    merchantCode: text('merchant_code')
      .notNull()
      .references(() => merchants.code),
    /** member:<id>:<accountTypeId> or house:<kind>. */
    code: text('code').notNull(),
    memberId: integer('member_id').references(() => members.id),
    accountTypeId: integer('account_type_id'),
    balance: bigint('balance', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    /** House accounts may be negative (money the brand holds elsewhere); wallets may not. */
    allowNegative: boolean('allow_negative').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ledger_accounts_code').on(t.merchantCode, t.code),
    index('ledger_accounts_member').on(t.memberId),
    check('ledger_accounts_non_negative', sql`${t.allowNegative} or ${t.balance} >= 0`),
  ],
)

/** One money movement: its postings sum to zero. Never updated, never deleted. */
export const ledgerTransactions = pgTable(
  'ledger_transactions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    merchantCode: text('merchant_code').notNull(),
    type: text('type').notNull(),
    /** The member the movement is for, when there is one. */
    memberId: integer('member_id'),
    /** What it settles: deposit:<id>, withdrawal:<id>, ... */
    reference: text('reference'),
    memo: text('memo'),
    /** member, operator or system. */
    actor: text('actor').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('ledger_transactions_member').on(t.memberId, t.createdAt)],
)

export const ledgerPostings = pgTable(
  'ledger_postings',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    transactionId: bigint('transaction_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerTransactions.id),
    accountId: integer('account_id')
      .notNull()
      .references(() => ledgerAccounts.id),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    balanceAfter: bigint('balance_after', { mode: 'bigint' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('ledger_postings_account').on(t.accountId, t.id),
    index('ledger_postings_transaction').on(t.transactionId),
    check('ledger_postings_non_zero', sql`${t.amount} <> 0`),
  ],
)

/**
 * Idempotency keys of money mutations, written in the same transaction as the movement:
 * a retry with the same key replays `response`; another body with it is refused.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    memberId: integer('member_id').notNull(),
    key: text('key').notNull(),
    endpoint: text('endpoint').notNull(),
    requestHash: text('request_hash').notNull(),
    response: jsonb('response'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.key] })],
)

/** Uploaded images (deposit receipts, proofs that a withdrawal did not arrive). */
export const uploads = pgTable('uploads', {
  id: serial('id').primaryKey(),
  memberId: integer('member_id')
    .notNull()
    .references(() => members.id),
  contentType: text('content_type').notNull(),
  size: integer('size').notNull(),
  sha256: text('sha256').notNull(),
  data: bytea('data').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
})

export const depositMethods = pgTable(
  'deposit_methods',
  {
    merchantCode: text('merchant_code')
      .notNull()
      .references(() => merchants.code),
    code: text('code').notNull(),
    kind: text('kind').$type<'BANK_TRANSFER' | 'ONLINE'>().notNull(),
    name: text('name').notNull(),
    minAmount: bigint('min_amount', { mode: 'bigint' }).notNull(),
    maxAmount: bigint('max_amount', { mode: 'bigint' }).notNull(),
    bank: jsonb('bank').$type<{ bankName: string; accountName: string; accountNumber: string }>(),
    enabled: boolean('enabled').notNull().default(true),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.merchantCode, t.code] })],
)

export const deposits = pgTable(
  'deposits',
  {
    id: serial('id').primaryKey(),
    merchantCode: text('merchant_code').notNull(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    methodCode: text('method_code').notNull(),
    kind: text('kind').$type<'BANK_TRANSFER' | 'ONLINE'>().notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    status: text('status').$type<'PENDING' | 'CREDITED' | 'FAILED'>().notNull(),
    reference: text('reference'),
    receiptId: integer('receipt_id').references(() => uploads.id),
    /** The online gateway's order number. */
    gatewayOrder: text('gateway_order'),
    creditTransactionId: bigint('credit_transaction_id', { mode: 'number' }),
    note: text('note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [
    index('deposits_member').on(t.memberId, t.createdAt),
    index('deposits_status').on(t.merchantCode, t.status),
    uniqueIndex('deposits_gateway_order').on(t.gatewayOrder),
  ],
)

export const banks = pgTable(
  'banks',
  {
    merchantCode: text('merchant_code')
      .notNull()
      .references(() => merchants.code),
    code: text('code').notNull(),
    name: text('name').notNull(),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.merchantCode, t.code] })],
)

export const bankCards = pgTable(
  'bank_cards',
  {
    id: serial('id').primaryKey(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    bankCode: text('bank_code').notNull(),
    bankName: text('bank_name').notNull(),
    accountName: text('account_name').notNull(),
    accountNumber: text('account_number').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    index('bank_cards_member').on(t.memberId),
    uniqueIndex('bank_cards_live')
      .on(t.memberId, t.bankCode, t.accountNumber)
      .where(sql`${t.deletedAt} is null`),
  ],
)

export const withdrawals = pgTable(
  'withdrawals',
  {
    id: serial('id').primaryKey(),
    merchantCode: text('merchant_code').notNull(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    cardId: integer('card_id')
      .notNull()
      .references(() => bankCards.id),
    bankName: text('bank_name').notNull(),
    accountName: text('account_name').notNull(),
    accountNumber: text('account_number').notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    status: text('status')
      .$type<
        'PENDING' | 'PAID' | 'REJECTED' | 'RECEIVED' | 'PARTLY_RECEIVED' | 'NOT_RECEIVED' | 'AUTO_RECEIVED'
      >()
      .notNull(),
    amountReceived: bigint('amount_received', { mode: 'bigint' }),
    proofId: integer('proof_id').references(() => uploads.id),
    note: text('note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  },
  (t) => [
    index('withdrawals_member').on(t.memberId, t.createdAt),
    index('withdrawals_status').on(t.merchantCode, t.status),
  ],
)

/** Deposit and withdrawal outcomes for the member (a later capability pushes them). */
export const fundNotices = pgTable(
  'fund_notices',
  {
    id: serial('id').primaryKey(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    kind: text('kind')
      .$type<'deposit_credited' | 'deposit_failed' | 'withdrawal_approved' | 'withdrawal_rejected'>()
      .notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    reference: text('reference').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [index('fund_notices_member').on(t.memberId, t.id)],
)

/** Bets reported by game vendors (fed by game rounds once games land). */
export const betRecords = pgTable(
  'bet_records',
  {
    id: serial('id').primaryKey(),
    merchantCode: text('merchant_code').notNull(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    betNo: text('bet_no').notNull(),
    productType: text('product_type').notNull(),
    accountTypeId: integer('account_type_id').notNull(),
    vendorName: text('vendor_name').notNull(),
    gameName: text('game_name').notNull(),
    betAmount: bigint('bet_amount', { mode: 'bigint' }).notNull(),
    validBet: bigint('valid_bet', { mode: 'bigint' }).notNull(),
    payout: bigint('payout', { mode: 'bigint' }).notNull(),
    status: text('status').$type<'UNSETTLED' | 'SETTLED' | 'CANCELLED'>().notNull(),
    betTime: timestamp('bet_time', { withTimezone: true }).notNull(),
    settledTime: timestamp('settled_time', { withTimezone: true }),
  },
  (t) => [
    index('bet_records_member').on(t.memberId, t.betTime),
    uniqueIndex('bet_records_no').on(t.merchantCode, t.accountTypeId, t.betNo),
  ],
)

/**
 * Accounts at a sign-in provider (google, facebook, telegram) linked to a member: a
 * provider's subject signs into exactly one account of a brand.
 */
export const socialIdentities = pgTable(
  'social_identities',
  {
    id: serial('id').primaryKey(),
    merchantCode: text('merchant_code').notNull(),
    provider: text('provider').$type<'google' | 'facebook' | 'telegram'>().notNull(),
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
    provider: text('provider').$type<'google' | 'facebook' | 'telegram'>().notNull(),
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
