/**
 * System endpoints: brand, white-label feature tree, status, registration rules and the
 * brand's content. All public; read before login.
 */
import { z } from 'zod/mini'
import { defineEndpoint } from './endpoint'
import { LocaleSchema } from './locales'
import { CurrencyDecimalsSchema } from './money'
import { text } from './text'

export interface WhitelabelNode {
  modId: string
  enabled: '0' | '1'
  childrenNodes?: WhitelabelNode[]
}

export const WhitelabelNodeSchema: z.ZodMiniType<WhitelabelNode> = z.object({
  modId: z.string(),
  enabled: z.enum(['0', '1']),
  get childrenNodes() {
    return z.optional(z.array(WhitelabelNodeSchema))
  },
})

export const WhitelabelSchema = z.object({ childrenNodes: z.array(WhitelabelNodeSchema) })

/** The registration fields whose rules the server sets (spec section 5). */
export const registerFields = [
  'username',
  'password',
  'payeeName',
  'paymentPassword',
  'qqNum',
  'line',
  'whatsapp',
  'facebook',
  'wechat',
  'idNumber',
  'email',
  'mobileNum',
  'affiliateCode',
  'captcha',
  'recommenderId',
] as const
export const RegisterFieldSchema = z.enum(registerFields)
export type RegisterField = z.infer<typeof RegisterFieldSchema>

/** Pattern ids: each has a translated message in the PWA (spec section 5's list). */
export const patternIds = [
  'ANY',
  'LETTER_FIRST_ALNUM',
  'LETTERS_CHINESE',
  'EMAIL',
  'ALNUM_NO_CHINESE',
  'MIX_LETTERS_DIGITS',
  'DIGITS',
  'ALNUM_ONE_UPPER',
  'LETTERS_SPACES',
  'NO_SPACES',
  'CHINESE_SYMBOLS',
  'DATE_YMD',
  'DATE_MDY',
  'KOREAN',
  'THAI',
  'THAI_ENGLISH_SPACES',
  'UPPER_SPACES',
  'LETTERS_DIGITS_SYMBOLS',
  'STRONG_PASSWORD',
  'FULL_NAME',
  'FULLWIDTH_JAPANESE',
  'UPPER_NO_SPACES',
] as const
export const PatternIdSchema = z.enum(patternIds)
export type PatternId = z.infer<typeof PatternIdSchema>

export const RegisterFieldRuleSchema = z.object({
  field: RegisterFieldSchema,
  enabled: z.boolean(),
  required: z.boolean(),
  minLength: z.int().check(z.nonnegative()),
  maxLength: z.int().check(z.nonnegative()),
  /** A regular expression source, or `*` for any text. */
  acceptedPattern: z.string(),
  patternId: PatternIdSchema,
})
export type RegisterFieldRule = z.infer<typeof RegisterFieldRuleSchema>

export const csTypes = ['MESSENGER', 'TELEGRAM', 'LIVECHAT', 'VIP'] as const
export const CustomerServiceSchema = z.object({
  csType: z.enum(csTypes),
  title: z.string(),
  url: z.string(),
})
export type CustomerService = z.infer<typeof CustomerServiceSchema>

export const ResourceSchema = z.object({
  resourceType: z.string(),
  url: z.string(),
  qrCodeUrl: z.nullable(z.string()),
})
export type Resource = z.infer<typeof ResourceSchema>

export const StatusSchema = z.object({
  maintenance: z.boolean(),
  maintenanceMessage: z.nullable(z.string()),
  /** Epoch ms when maintenance is planned to end, when known. */
  maintenanceUntil: z.nullable(z.number()),
  regionRestriction: z.boolean(),
  ipBlocked: z.boolean(),
  clientIp: z.string(),
  country: z.nullable(z.string()),
  info: z.object({
    whitelabel: z.array(WhitelabelNodeSchema),
    register: z.array(RegisterFieldRuleSchema),
    resources: z.array(ResourceSchema),
    customerService: z.array(CustomerServiceSchema),
    imageCDNs: z.array(z.string()),
    launchGameCDNs: z.array(z.string()),
  }),
})
export type SystemStatus = z.infer<typeof StatusSchema>

export const DomainRouteSchema = z.object({
  customerService: z.array(CustomerServiceSchema),
  domainList: z.array(z.string()),
  resources: z.array(ResourceSchema),
})

export const CountrySchema = z.object({
  countryCode: z.string(),
  countryDialingCode: z.string(),
  name: z.string(),
  /** The national number's digit count, without the dialling code. */
  minDigits: z.int(),
  maxDigits: z.int(),
})
export type Country = z.infer<typeof CountrySchema>

export const HelpArticleSchema = z.object({
  id: z.int(),
  category: z.string(),
  title: z.string(),
  /** HTML from the operator: sanitize before rendering. */
  content: z.string(),
})
export type HelpArticle = z.infer<typeof HelpArticleSchema>

export const TemplateSchema = z.object({
  code: z.string(),
  title: z.string(),
  /** HTML from the operator: sanitize before rendering. */
  content: z.string(),
})
export type Template = z.infer<typeof TemplateSchema>

export const ConsolidatedSettingsSchema = z.object({
  merchantCode: z.string(),
  brandName: z.string(),
  shortName: z.string(),
  currency: z.string(),
  currencySymbol: z.string(),
  /** Minor units per major unit as a power of ten (2 for cents). */
  currencyDecimals: CurrencyDecimalsSchema,
  defaultLanguage: LocaleSchema,
  languages: z.array(LocaleSchema),
  themeColor: z.string(),
  backgroundColor: z.string(),
  logoUrl: z.string(),
  agentTypes: z.array(z.int()),
  guestTypes: z.array(z.int()),
  passwordExpiryDays: z.int(),
  minimumAge: z.int(),
  vipServiceState: z.string(),
  /** The brand's one-line description per language (link previews); may lack a language. */
  descriptions: z.record(z.string(), z.string()),
  /** The picture shared links preview with: an absolute address or a path on the site; null for the icon. */
  shareImageUrl: z.nullable(z.string()),
  /** The brand's IANA time zone: every date and time a player reads is on its clock. */
  timeZone: z.string(),
})
export type ConsolidatedSettings = z.infer<typeof ConsolidatedSettingsSchema>

export const encryptionAlg = 'RSA-OAEP-256+A256GCM'
export const PublicKeySchema = z.object({
  kid: z.string(),
  alg: z.literal(encryptionAlg),
  /** base64 of the DER SubjectPublicKeyInfo of an RSA 2048+ key. */
  spki: z.string(),
})
export type PublicKey = z.infer<typeof PublicKeySchema>

export const HealthSchema = z.object({ status: z.literal('ok'), database: z.literal('ok') })

const host = z.optional(text(253))

export const systemEndpoints = {
  whitelabel: defineEndpoint({
    name: 'system.whitelabel',
    method: 'GET',
    path: '/wps/system/whitelabel',
    auth: 'public',
    encrypted: false,
    hotRead: true,
    alwaysAvailable: true,
    response: WhitelabelSchema,
    errors: [],
  }),
  status: defineEndpoint({
    name: 'system.status',
    method: 'GET',
    path: '/wps/system/status',
    auth: 'public',
    encrypted: false,
    alwaysAvailable: true,
    query: z.object({ host }),
    response: StatusSchema,
    errors: [],
  }),
  domainRoute: defineEndpoint({
    name: 'system.domainRoute',
    method: 'GET',
    path: '/wps/system/domainRoute',
    auth: 'public',
    encrypted: false,
    hotRead: true,
    alwaysAvailable: true,
    query: z.object({ host }),
    response: DomainRouteSchema,
    errors: [],
  }),
  registerSettings: defineEndpoint({
    name: 'system.registerSettings',
    method: 'GET',
    path: '/wps/system/setting/register',
    auth: 'public',
    encrypted: false,
    hotRead: true,
    modId: 'REG3',
    response: z.array(RegisterFieldRuleSchema),
    errors: ['feature_disabled'],
  }),
  country: defineEndpoint({
    name: 'system.country',
    method: 'GET',
    path: '/wps/system/country',
    auth: 'public',
    encrypted: false,
    hotRead: true,
    response: z.array(CountrySchema),
    errors: [],
  }),
  helpCenter: defineEndpoint({
    name: 'system.helpCenter',
    method: 'GET',
    path: '/wps/system/helpCenter',
    auth: 'public',
    encrypted: false,
    hotRead: true,
    alwaysAvailable: true,
    query: z.object({ category: z.optional(text(64)) }),
    response: z.array(HelpArticleSchema),
    errors: [],
  }),
  templates: defineEndpoint({
    name: 'system.templates',
    method: 'GET',
    path: '/wps/system/templates',
    auth: 'public',
    encrypted: false,
    hotRead: true,
    alwaysAvailable: true,
    query: z.object({ code: z.optional(text(64)) }),
    response: z.array(TemplateSchema),
    errors: [],
  }),
  consolidatedSettings: defineEndpoint({
    name: 'system.consolidatedSettings',
    method: 'GET',
    path: '/wps/system/settings/consolidated',
    auth: 'public',
    encrypted: false,
    hotRead: true,
    alwaysAvailable: true,
    response: ConsolidatedSettingsSchema,
    errors: [],
  }),
  publicKey: defineEndpoint({
    name: 'system.publicKey',
    method: 'GET',
    path: '/wps/system/publicKey',
    auth: 'public',
    encrypted: false,
    alwaysAvailable: true,
    response: PublicKeySchema,
    errors: [],
  }),
  health: defineEndpoint({
    name: 'system.health',
    method: 'GET',
    path: '/healthz',
    auth: 'public',
    encrypted: false,
    alwaysAvailable: true,
    response: HealthSchema,
    errors: ['service_unavailable'],
  }),
} as const

/**
 * Every white-label flag the contract's rows and the PWA read, each with the node it hangs
 * under (null: a top node). A brand made before a flag existed may lack its row; the
 * operator's `flag set` adds it from here, under its parent.
 */
export const featureFlags = {
  HOMEPAGE: null,
  LOGINREQUIRED3: 'HOMEPAGE',
  COMM3: null,
  CAPTCHA3: null,
  REG3: null,
  AFFMAN3: 'REG3',
  MOBILENUMREG3: 'REG3',
  LOGIN3: null,
  MOBILEVERCODELOGIN3: 'LOGIN3',
  LOGINIPVERF3: 'LOGIN3',
  FREEPLAY3: 'LOGIN3',
  CHNGPASSVERIF3: 'LOGIN3',
  PASS3: 'LOGIN3',
  GOOGLELOGIN3: 'LOGIN3',
  FACEBOOKLOGIN3: 'LOGIN3',
  TELEGRAMLOGIN3: 'LOGIN3',
  GAMELO3: null,
  GAMELOFAV3: 'GAMELO3',
  GAMELOHOT3: 'GAMELO3',
  GAMELOREC3: 'GAMELO3',
  FUNDTRANS3: null,
  PAYMENTPASS3: 'FUNDTRANS3',
  /** A withdrawal asks for the authenticator's code when the member has it on (decision 031). */
  WDGOOGLECODE3: 'FUNDTRANS3',
  MEMTRANS3: 'FUNDTRANS3',
  INBOX3: null,
  REWCEN3: null,
  PTSYS3: null,
  FEEDBACK3: null,
  PROFPIC3: null,
  AGEANNOUNCE3: null,
  AGEPAG: null,
  AGEINFO3: 'AGEPAG',
  REGCEN: 'AGEPAG',
  AGEREGDOWN3: 'AGEPAG',
  CREATEAFF3: 'AGEPAG',
  DOWNMAN: 'AGEPAG',
  TEAMBETTING3: 'AGEPAG',
  AGETEAMPNL3: 'AGEPAG',
  AGEREV3: 'AGEPAG',
  AGEDOWNTRANS3: 'AGEPAG',
  AGENTRANSMULTDOWN3: 'AGEPAG',
  AGENTANNOUNCE3: 'AGEPAG',
  RTSALARY3: 'AGEPAG',
  enableCt: 'AGEPAG',
  salary: 'AGEPAG',
  hourSalary: 'AGEPAG',
} as const satisfies Record<string, string | null>

export type FeatureFlag = keyof typeof featureFlags

/** Whether a typed name is one of the flags the contract knows. */
export function isFeatureFlag(modId: string): modId is FeatureFlag {
  return Object.hasOwn(featureFlags, modId)
}

/** Whether a white-label flag and every node above it are on (an absent flag is off). */
export function isFlagEnabled(tree: readonly WhitelabelNode[], modId: FeatureFlag): boolean {
  const walk = (nodes: readonly WhitelabelNode[]): boolean | undefined => {
    for (const n of nodes) {
      if (n.modId === modId) return n.enabled === '1'
      if (n.childrenNodes) {
        const below = walk(n.childrenNodes)
        if (below !== undefined) return n.enabled === '1' && below
      }
    }
    return undefined
  }
  return walk(tree) ?? false
}

/** Routes a visitor may open while the brand requires login (LOGINREQUIRED3). */
export const openWithoutLogin = [
  '/login',
  '/agent',
  '/register',
  '/register.html',
  '/helpmc',
  '/down',
  '/download',
] as const
