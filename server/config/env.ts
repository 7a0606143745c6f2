/**
 * Server configuration, parsed once from the environment with zod. A bad value stops the
 * start with one line per field instead of a surprise later.
 */
import path from 'node:path'
import { z } from 'zod'
import { profileSigner } from '../http/profile-signing'

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off', ''])
  .transform((v) => ['true', '1', 'yes', 'on'].includes(v))

/** An optional URL: unset and empty both mean none. */
const optionalUrl = (protocols: string[]) =>
  z
    .string()
    .url()
    .refine((v) => URL.canParse(v) && protocols.includes(new URL(v).protocol), {
      message: `must be a ${protocols.map((p) => `${p}//`).join(' or ')} URL`,
    })
    .optional()
    .or(z.literal('').transform(() => undefined))

const optionalText = z
  .string()
  .optional()
  .transform((v) => (v?.trim() ? v.trim() : undefined))

/** An OpenID issuer: https, or plain http only on this machine (a local test provider). */
const issuerUrl = z
  .string()
  .url()
  .refine(
    (v) => {
      if (!URL.canParse(v)) return false
      const u = new URL(v)
      return u.protocol === 'https:' || (u.protocol === 'http:' && isLoopback(u.hostname))
    },
    { message: 'must be an https:// URL (http:// only for localhost)' },
  )

/** A host name of this machine. */
export function isLoopback(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(hostname)
}

/**
 * The gateway secret earlier releases printed here as their default. Anyone can read it,
 * so it is refused as PAYMENT_GATEWAY_SECRET in every mode.
 */
export const publishedGatewaySecret = 'demo-gateway-secret-not-for-production'

/** An https URL, or plain http on this machine only. */
const secureUrl = (what: string) =>
  z
    .string()
    .url()
    .refine(
      (v) => {
        if (!URL.canParse(v)) return false
        const u = new URL(v)
        return u.protocol === 'https:' || (u.protocol === 'http:' && isLoopback(u.hostname))
      },
      { message: `${what} must be an https:// URL (http:// only for localhost)` },
    )

/** The VAPID subject outside production; refused in production. */
export const placeholderPushContact = 'mailto:operator@localhost'

const EnvSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    /**
     * Demo mode: the demo brand with its published accounts, its demo content and the demo
     * payment gateway. On by default outside production; refused in production.
     */
    DEMO: bool.optional(),
    PORT: z.coerce.number().int().min(0).max(65535).default(8080),
    HOST: z.string().min(1).default('0.0.0.0'),
    /** Embedded PGlite lives here; the server also leaves its operator-API address here. */
    DATA_DIR: z.string().min(1).default('./data'),
    /** PostgreSQL connection string; when set it wins over the embedded database. */
    DATABASE_URL: z
      .string()
      .url()
      .optional()
      .or(z.literal('').transform(() => undefined)),
    /** The brand this deployment serves when a request names none. */
    MERCHANT_CODE: z
      .string()
      .regex(/^[A-Z0-9_]{2,32}$/)
      .default('DEMO'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /**
     * Trust X-Forwarded-For/-Proto from a load balancer: true, false, or a comma list of
     * addresses/CIDRs. Required in production (see the refinement below); false elsewhere.
     */
    TRUST_PROXY: z.string().optional(),
    /** Header a CDN or load balancer sets with the caller's ISO country (region restriction). */
    COUNTRY_HEADER: z.string().default('cf-ipcountry'),
    /** Where the built PWA is served from. */
    STATIC_DIR: z.string().default('dist'),
    /** Skip the automatic PWA build at start (a CDN serves it, or it was built in CI). */
    SKIP_BUILD: bool.default(false),
    /** Loopback port of the operator API; 0 picks a free one. */
    OPS_PORT: z.coerce.number().int().min(0).max(65535).default(0),
    /** Developer pages (outbox of SMS and e-mail); never on in production. */
    DEV_TOOLS: bool.default(false),
    /** Seconds the access settings (maintenance, regions, IPs, flags) are cached per process. */
    SETTINGS_TTL_SECONDS: z.coerce.number().min(0).max(60).default(2),
    /** A session ends after this long without a request… */
    SESSION_IDLE_MINUTES: z.coerce.number().int().min(1).max(10_080).default(120),
    /** …and at the latest this long after login. */
    SESSION_MAX_HOURS: z.coerce.number().int().min(1).max(720).default(24),
    /** argon2id memory (KiB) and passes; defaults are OWASP's (19 MiB, 2 passes). */
    ARGON2_MEMORY_KIB: z.coerce.number().int().min(8192).max(1_048_576).default(19_456),
    ARGON2_PASSES: z.coerce.number().int().min(1).max(10).default(2),
    /** E-mail through this SMTP server (smtp:// or smtps://, credentials in the URL); else the outbox. */
    SMTP_URL: optionalUrl(['smtp:', 'smtps:']),
    /** The From of every e-mail; required with SMTP_URL. */
    MAIL_FROM: optionalText,
    /** SMS through this HTTP gateway (POST JSON { to, text }); else the outbox. */
    SMS_GATEWAY_URL: optionalUrl(['http:', 'https:']),
    /** Sent to the gateway as `Authorization: Bearer <token>`. */
    SMS_GATEWAY_TOKEN: optionalText,
    /** The portal's public origin (https://play.example); sign-in callbacks are built on it. */
    PUBLIC_URL: optionalUrl(['http:', 'https:']),
    /** Google sign-in (OpenID Connect, code flow with PKCE); on with GOOGLELOGIN3. */
    GOOGLE_CLIENT_ID: optionalText,
    GOOGLE_CLIENT_SECRET: optionalText,
    GOOGLE_ISSUER: issuerUrl.default('https://accounts.google.com'),
    /** Facebook sign-in (OpenID Connect, code flow with PKCE); on with FACEBOOKLOGIN3. */
    FACEBOOK_CLIENT_ID: optionalText,
    FACEBOOK_CLIENT_SECRET: optionalText,
    FACEBOOK_ISSUER: issuerUrl.default('https://www.facebook.com'),
    /** Telegram login widget: the bot's token and its username; on with TELEGRAMLOGIN3. */
    TELEGRAM_BOT_TOKEN: optionalText,
    TELEGRAM_BOT_USERNAME: optionalText,
    /** PostgreSQL connections per server process. */
    DB_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
    /**
     * Shared secret of the online payment gateway's signed callbacks (HMAC-SHA-256). Unset
     * in demo mode, the demo gateway uses a random secret made for this install.
     */
    PAYMENT_GATEWAY_SECRET: optionalText.pipe(
      z
        .string()
        .min(16, 'must be at least 16 characters')
        .refine((v) => v !== publishedGatewaySecret, {
          message: 'is the example value published in the source; set a secret of your own',
        })
        .optional(),
    ),
    /**
     * The real online gateway's payment page; the member is sent there with ?order=<order>.
     * Online deposit methods exist only with it (or in demo mode, with the demo gateway).
     */
    PAYMENT_GATEWAY_URL: z
      .literal('')
      .transform(() => undefined)
      .or(secureUrl('the gateway page'))
      .optional(),
    /** How often (seconds) paid withdrawals past their confirmation time count as received. */
    AUTO_RECEIVE_INTERVAL_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
    /**
     * Days the seamless wallet keeps each vendor transaction (replays, late rollbacks) before
     * the hourly job prunes it; a round still open keeps its calls (docs/decisions/012).
     */
    VENDOR_TX_RETENTION_DAYS: z.coerce.number().int().min(7).max(3650).default(90),
    /** How often (seconds) new fund notices are handed to web push. */
    PUSH_SWEEP_SECONDS: z.coerce.number().int().min(1).max(300).default(5),
    /**
     * How the live channel hears of events (server/live): `listen` (LISTEN/NOTIFY, the
     * default) or `poll` (reads the event log every LIVE_POLL_MS; for PgBouncer in
     * transaction mode, which does not carry LISTEN).
     */
    LIVE_FEED: z.enum(['listen', 'poll']).default('listen'),
    LIVE_POLL_MS: z.coerce.number().int().min(100).max(10_000).default(500),
    /** Minutes the event log keeps events for reconnecting tabs. */
    LIVE_KEEP_MINUTES: z.coerce.number().int().min(1).max(1440).default(15),
    /** Open streams one session may hold on one instance (tabs sharing a session). */
    LIVE_STREAMS_PER_SESSION: z.coerce.number().int().min(1).max(20).default(4),
    /** Who push services may contact about this sender (VAPID subject): mailto: or https:. */
    PUSH_CONTACT: z
      .string()
      .regex(/^(mailto:[^\s@]+@[^\s@]+|https:\/\/\S+)$/, 'is a mailto: address or an https: URL')
      .optional(),
    /**
     * Signs the iOS install profile (CMS) with the operator's certificate: the certificate
     * and its unencrypted private key as PEM (line breaks may be written as \n), and the
     * intermediates up to the root. Without them the profile is served unsigned.
     */
    IOS_PROFILE_CERT: z.string().trim().min(1).optional(),
    IOS_PROFILE_KEY: z.string().trim().min(1).optional(),
    IOS_PROFILE_CHAIN: z.string().trim().min(1).optional(),
  })
  .superRefine((c, ctx) => {
    if (!!c.IOS_PROFILE_CERT !== !!c.IOS_PROFILE_KEY) {
      ctx.addIssue({
        code: 'custom',
        path: [c.IOS_PROFILE_CERT ? 'IOS_PROFILE_KEY' : 'IOS_PROFILE_CERT'],
        message: 'IOS_PROFILE_CERT and IOS_PROFILE_KEY go together',
      })
    } else if (c.IOS_PROFILE_CHAIN && !c.IOS_PROFILE_CERT) {
      ctx.addIssue({
        code: 'custom',
        path: ['IOS_PROFILE_CHAIN'],
        message: 'is the chain of IOS_PROFILE_CERT, which is not set',
      })
    } else if (c.IOS_PROFILE_CERT && c.IOS_PROFILE_KEY) {
      try {
        profileSigner({ cert: c.IOS_PROFILE_CERT, key: c.IOS_PROFILE_KEY, chain: c.IOS_PROFILE_CHAIN })
      } catch (err) {
        ctx.addIssue({
          code: 'custom',
          path: ['IOS_PROFILE_CERT'],
          message: `cannot sign the iOS profile: ${err instanceof Error ? err.message : String(err)}`,
        })
      }
    }
    if (c.SMTP_URL && !c.MAIL_FROM) {
      ctx.addIssue({ code: 'custom', path: ['MAIL_FROM'], message: 'is required when SMTP_URL is set' })
    }
    for (const p of ['GOOGLE', 'FACEBOOK'] as const) {
      if (!!c[`${p}_CLIENT_ID`] !== !!c[`${p}_CLIENT_SECRET`]) {
        ctx.addIssue({
          code: 'custom',
          path: [`${p}_CLIENT_SECRET`],
          message: `${p}_CLIENT_ID and ${p}_CLIENT_SECRET go together`,
        })
      }
    }
    if (c.NODE_ENV === 'production' && c.DEMO === true) {
      ctx.addIssue({
        code: 'custom',
        path: ['DEMO'],
        message:
          'demo mode is refused in production (it publishes account passwords and a gateway that pays without money); unset DEMO',
      })
    }
    if (c.NODE_ENV === 'production') {
      // The server speaks plain http: in production a TLS-terminating proxy is in front, and
      // only a trusted X-Forwarded-Proto makes the session cookies Secure (and the callers'
      // addresses real, which the login limits count by).
      const tp = c.TRUST_PROXY?.trim() ?? ''
      if (tp === '' || tp === 'false') {
        ctx.addIssue({
          code: 'custom',
          path: ['TRUST_PROXY'],
          message:
            "is required in production: the addresses of the TLS-terminating proxy in front (or true), so session cookies are Secure and callers' addresses are right",
        })
      }
      if (!c.PUSH_CONTACT || c.PUSH_CONTACT === placeholderPushContact) {
        ctx.addIssue({
          code: 'custom',
          path: ['PUSH_CONTACT'],
          message:
            'is required in production: a mailto: address or https: URL where push services can reach the operator (the VAPID subject)',
        })
      }
    }
    if (c.PAYMENT_GATEWAY_URL && !c.PAYMENT_GATEWAY_SECRET) {
      ctx.addIssue({
        code: 'custom',
        path: ['PAYMENT_GATEWAY_SECRET'],
        message: 'is required with PAYMENT_GATEWAY_URL (the secret the gateway signs its callbacks with)',
      })
    }
    if (!!c.TELEGRAM_BOT_TOKEN !== !!c.TELEGRAM_BOT_USERNAME) {
      ctx.addIssue({
        code: 'custom',
        path: ['TELEGRAM_BOT_USERNAME'],
        message: 'TELEGRAM_BOT_TOKEN and TELEGRAM_BOT_USERNAME go together',
      })
    }
  })
  .transform((c) => ({
    ...c,
    DEMO: c.DEMO ?? c.NODE_ENV !== 'production',
    // Outside production (refused there above): no proxy, and a contact that is clearly a stand-in.
    TRUST_PROXY: c.TRUST_PROXY ?? 'false',
    PUSH_CONTACT: c.PUSH_CONTACT ?? placeholderPushContact,
  }))

export type Config = z.infer<typeof EnvSchema> & {
  dataDir: string
  staticDir: string
  trustProxy: boolean | string[]
}

/**
 * Which online gateway the install pays through: a real one when its page and its own
 * secret are configured, the demo gateway in demo mode, otherwise none (bank transfers only).
 */
export function paymentGatewayKind(
  c: Pick<Config, 'DEMO' | 'PAYMENT_GATEWAY_SECRET'> & Partial<Pick<Config, 'PAYMENT_GATEWAY_URL'>>,
): 'real' | 'demo' | 'none' {
  if (c.PAYMENT_GATEWAY_URL && c.PAYMENT_GATEWAY_SECRET) return 'real'
  return c.DEMO ? 'demo' : 'none'
}

/** Parses the environment; throws an Error whose message lists every bad field. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(env)
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`)
    // One mistake reads as one line; several as a list.
    throw new Error(
      lines.length === 1
        ? `invalid configuration: ${lines[0]}`
        : `invalid configuration:\n${lines.map((l) => `  ${l}`).join('\n')}`,
    )
  }
  const c = parsed.data
  const tp = c.TRUST_PROXY.trim()
  const trustProxy =
    tp === 'true' ? true : tp === 'false' || tp === '' ? false : tp.split(',').map((s) => s.trim())
  return {
    ...c,
    dataDir: path.resolve(c.DATA_DIR),
    staticDir: path.resolve(c.STATIC_DIR),
    trustProxy,
  }
}
