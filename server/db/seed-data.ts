/**
 * The demo brand a fresh install starts with. Operators replace it with their own brand
 * through the operator CLI and their own seed; nothing here is read at run time except by
 * the seed itself.
 */
import { emvcoPayload } from '#contract/emvco'
import type { DepositMethodKind } from '#contract/funds'
import { locales, type Locale } from '#contract/locales'

export const demoMerchant = {
  code: 'DEMO',
  name: 'Lotus Play',
  shortName: 'Lotus',
  currency: 'USD',
  currencySymbol: '$',
  currencyDecimals: 2,
  defaultLanguage: 'km',
  timeZone: 'Asia/Phnom_Penh',
  languages: [...locales],
  themeColor: '#0e7c66',
  backgroundColor: '#ffffff',
  logoUrl: '/brand/logo.svg?v=1',
  passwordExpiryDays: 90,
  minimumAge: 18,
  vipServiceState: 'normal',
  /** Games play from the main wallet through the seamless API (`npm run ops -- wallet-mode MULTI` for one wallet per vendor). */
  walletMode: 'SINGLE' as const,
  /** Members may give up their open bonuses to withdraw (`npm run ops -- turnover forfeit off`). */
  bonusForfeit: true,
}

/**
 * The demo's limits on agents' transfers down to their team (`agent limits`), in the brand's
 * currency: the most per transfer or red envelope, and per agent per day. A brand made at
 * go-live starts without limits; its operator sets its own.
 */
export const demoTransferLimits = { perTransfer: '5000.00', perDay: '20000.00' }

/** [modId, parent, enabled]: the white-label feature tree (api-reference.md's flags). */
export const demoWhitelabel: [string, string | null, boolean][] = [
  ['HOMEPAGE', null, true],
  ['PWDEXPFORCECHANGE3', 'HOMEPAGE', true],
  ['MOBILELOGIN3', 'HOMEPAGE', true],
  ['COMM3', null, true],
  ['REG3', null, true],
  ['USERNAMEREG3', 'REG3', true],
  ['MOBILENUMREG3', 'REG3', true],
  ['REGMOBVERF3', 'REG3', false],
  ['MOBILENUMPASSREG3', 'REG3', true],
  ['DIRECTREG3', 'REG3', true],
  ['AFFMAN3', 'REG3', true],
  // Captchas guard login as well as registration, so they hang off no other feature.
  ['CAPTCHA3', null, true],
  ['DISPLAYLOCATION3', 'REG3', true],
  ['LOGIN3', null, true],
  ['MOBILEVERCODELOGIN3', 'LOGIN3', true],
  ['LOGINIPVERF3', 'LOGIN3', true],
  ['VERIFICATION3', 'LOGIN3', true],
  ['FREEPLAY3', 'LOGIN3', true],
  ['CHNGPASSVERIF3', 'LOGIN3', true],
  ['PWRESETSMS3', 'LOGIN3', true],
  ['PASS3', 'LOGIN3', true],
  ['GOOGLELOGIN3', 'LOGIN3', false],
  ['FACEBOOKLOGIN3', 'LOGIN3', false],
  ['TELEGRAMLOGIN3', 'LOGIN3', false],
  ['GAMELO3', null, true],
  ['GAMELOFAV3', 'GAMELO3', true],
  ['GAMELOHOT3', 'GAMELO3', true],
  ['GAMELOREC3', 'GAMELO3', true],
  ['FUNDTRANS3', null, true],
  ['PAYMENTPASS3', 'FUNDTRANS3', true],
  ['MEMTRANS3', 'FUNDTRANS3', true],
  ['INBOX3', null, true],
  ['PTSYS3', null, true],
  ['REWCEN3', null, true],
  ['FEEDBACK3', null, true],
  ['PROFPIC3', null, true],
  ['AGEANNOUNCE3', null, true],
  ['AGEPAG', null, true],
  ['AGEINFO3', 'AGEPAG', true],
  ['REGCEN', 'AGEPAG', true],
  ['AGEREGDOWN3', 'AGEPAG', true],
  ['DOWNMAN', 'AGEPAG', true],
  ['TRANSBETREPMEM3', 'AGEPAG', true],
  ['TEAMBETTING3', 'AGEPAG', true],
  ['AGETEAMPNL3', 'AGEPAG', true],
  ['AGEREV3', 'AGEPAG', true],
  ['AGEDOWNTRANS3', 'AGEPAG', true],
  ['AGETRANSFERUP3', 'AGEPAG', true],
  ['SIGNCONDIV3', 'AGEPAG', true],
  ['DAILYSALCONT3', 'AGEPAG', true],
  ['HOURSAL3', 'AGEPAG', false],
  ['RTSALARY3', 'AGEPAG', true],
  ['enableCt', 'AGEPAG', true],
  ['salary', 'AGEPAG', true],
  ['hourSalary', 'AGEPAG', false],
]

type Rule = [
  field: string,
  enabled: boolean,
  required: boolean,
  min: number,
  max: number,
  pattern: string,
  patternId: string,
]

export const demoRegisterRules: Rule[] = [
  ['username', true, true, 6, 12, '^[A-Za-z][A-Za-z0-9]*$', 'LETTER_FIRST_ALNUM'],
  ['password', true, true, 6, 20, '^(?=.*[A-Za-z])(?=.*[0-9])[A-Za-z0-9]+$', 'MIX_LETTERS_DIGITS'],
  ['payeeName', true, false, 2, 50, '*', 'ANY'],
  ['paymentPassword', false, false, 6, 6, '^[0-9]+$', 'DIGITS'],
  ['qqNum', false, false, 5, 12, '^[0-9]+$', 'DIGITS'],
  ['line', false, false, 4, 20, '^\\S+$', 'NO_SPACES'],
  ['whatsapp', false, false, 6, 15, '^[0-9]+$', 'DIGITS'],
  ['facebook', false, false, 4, 50, '^\\S+$', 'NO_SPACES'],
  ['wechat', false, false, 4, 20, '^\\S+$', 'NO_SPACES'],
  ['idNumber', false, false, 6, 20, '^[A-Za-z0-9]+$', 'ALNUM_NO_CHINESE'],
  ['email', true, false, 5, 64, '^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$', 'EMAIL'],
  ['mobileNum', true, false, 6, 15, '^[0-9]+$', 'DIGITS'],
  ['affiliateCode', true, false, 4, 16, '^[A-Za-z0-9]+$', 'ALNUM_NO_CHINESE'],
  ['captcha', true, true, 4, 4, '^[A-Za-z0-9]+$', 'ALNUM_NO_CHINESE'],
  ['recommenderId', false, false, 4, 16, '^[A-Za-z0-9]+$', 'ALNUM_NO_CHINESE'],
]

/** [ISO code, dialling code, name, min digits, max digits] */
export const demoCountries: [string, string, string, number, number][] = [
  ['KH', '855', 'Cambodia', 8, 9],
  ['TH', '66', 'Thailand', 9, 9],
  ['VN', '84', 'Vietnam', 9, 10],
  ['CN', '86', 'China', 11, 11],
  ['LA', '856', 'Laos', 8, 10],
  ['MM', '95', 'Myanmar', 7, 10],
  ['MY', '60', 'Malaysia', 9, 10],
  ['SG', '65', 'Singapore', 8, 8],
  ['PH', '63', 'Philippines', 10, 10],
  ['ID', '62', 'Indonesia', 9, 12],
  ['US', '1', 'United States', 10, 10],
]

/** A display name in each of the demo brand's languages. */
export type DemoNames = Record<Locale, string>

const sameInEvery = (name: string): DemoNames => ({ km: name, en: name, zh: name, th: name, vi: name })

/** [csType, title (English), url, title per language]. */
export const demoCustomerService: [string, string, string, DemoNames][] = [
  [
    'LIVECHAT',
    'Live chat 24/7',
    'https://livechat.example.com/lotus',
    {
      km: 'ជជែកផ្ទាល់ 24/7',
      en: 'Live chat 24/7',
      zh: '24/7 在线客服',
      th: 'แชทสด 24/7',
      vi: 'Chat trực tuyến 24/7',
    },
  ],
  ['TELEGRAM', 'Telegram', 'https://t.me/lotusplay_support', sameInEvery('Telegram')],
  ['MESSENGER', 'Messenger', 'https://m.me/lotusplay', sameInEvery('Messenger')],
  [
    'VIP',
    'VIP service',
    'https://t.me/lotusplay_vip',
    { km: 'សេវាកម្ម VIP', en: 'VIP service', zh: 'VIP 专属客服', th: 'บริการ VIP', vi: 'Dịch vụ VIP' },
  ],
]

export const demoResources: [string, string, string | null][] = [
  ['PWA', '/down', null],
  ['IOS_LITE', '/down#ios', null],
]

export const demoDomains = ['localhost', '127.0.0.1']

export const demoCdns: ['image' | 'launchGame', string][] = [
  ['image', '/media'],
  ['launchGame', '/'],
]

export type Localized = Record<Locale, string>

/** [accountTypeId, vassalage, game type, name, logo path under the image CDN, hot] */
export const demoVendors: [number, string, string, string, string, boolean][] = [
  [100, 'LTO', 'LOTT', 'Lotus Lotto', 'logos/lto.webp?v=1', true],
  [101, 'SEA', 'LOTT', 'SEA Lotto', 'logos/sea.webp?v=1', false],
  [102, 'ELT', 'ELOTT', 'Quick Lotto', 'logos/elt.webp?v=1', true],
  [103, 'MKL', 'LIVE', 'Mekong Live', 'logos/mkl.webp?v=1', true],
  [104, 'ANG', 'LIVE', 'Angkor Live', 'logos/ang.webp?v=1', false],
  [105, 'RUB', 'LIVE', 'Ruby Casino', 'logos/rub.webp?v=1', false],
  [106, 'KSP', 'SPORTS', 'Khmer Sports', 'logos/ksp.webp?v=1', true],
  [107, 'GSP', 'SPORTS', 'Goal Sports', 'logos/gsp.webp?v=1', false],
  [108, 'ESX', 'ESPORTS', 'eSports X', 'logos/esx.webp?v=1', false],
  [109, 'DSL', 'RNG', 'Demo Slots', 'logos/dsl.webp?v=1', true],
  [110, 'SPN', 'RNG', 'Spin Garden', 'logos/spn.webp?v=1', true],
  [111, 'GLD', 'RNG', 'Golden Reels', 'logos/gld.webp?v=1', false],
  [112, 'JAD', 'RNG', 'Jade Slots', 'logos/jad.webp?v=1', false],
  [113, 'TIG', 'RNG', 'Tiger Spin', 'logos/tig.webp?v=1', false],
  [114, 'LUC', 'RNG', 'Lucky Seven', 'logos/luc.webp?v=1', false],
  [115, 'MON', 'RNG', 'Monsoon Games', 'logos/mon.webp?v=1', false],
  [116, 'STR', 'RNG', 'Star Reels', 'logos/str.webp?v=1', false],
  [117, 'OCN', 'FISH', 'Ocean King', 'logos/ocn.webp?v=1', true],
  [118, 'REF', 'FISH', 'Reef Hunter', 'logos/ref.webp?v=1', false],
  [119, 'CRD', 'PVP', 'Card Club', 'logos/crd.webp?v=1', true],
  [120, 'TEX', 'PVP', "Hold'em Hall", 'logos/tex.webp?v=1', false],
  [121, 'CKF', 'COCKFIGHT', 'Arena Live', 'logos/ckf.webp?v=1', false],
]

/**
 * Planned maintenance windows of demo vendors, in hours from the seed: [vassalage, game type,
 * from, until]. Star Reels stays under maintenance, so the lobby's "under maintenance" state
 * and its suggestions can be seen.
 */
export const demoVendorMaintenance: [string, string, number, number][] = [['STR', 'RNG', -1, 24 * 365 * 10]]

/** Flags added after the first release of the demo brand: [modId, parent, enabled]. */
export const demoWhitelabelAdditions: [string, string | null, boolean][] = [
  // "Logged-in users go to home page": visitors are sent to /login from every other route.
  ['LOGINREQUIRED3', 'HOMEPAGE', false],
  // The agent centre's red envelope: one transfer shared between several downline members.
  ['AGENTRANSMULTDOWN3', 'AGEPAG', true],
  // The agent centre's announcements (the operator's `announcement add --audience agent`).
  ['AGENTANNOUNCE3', 'AGEPAG', true],
]

/**
 * What a brand made at go-live starts with: the feature tree and the registration rules
 * (settings the operator changes, not demo content).
 */
export const brandStartingFeatures: [string, string | null, boolean][] = [
  ...demoWhitelabel,
  ...demoWhitelabelAdditions,
]
export const brandStartingRegisterRules = demoRegisterRules

/** What a shared link to the demo brand previews with (`brand share`). */
export const demoShare: { shareImageUrl: string; descriptions: Localized } = {
  shareImageUrl: '/brand/share.jpg?v=1',
  descriptions: {
    km: 'ឆ្នោត កាស៊ីណូផ្ទាល់ កីឡា ស្លត់ បាញ់ត្រី និងល្បែងបៀ នៅកន្លែងតែមួយ។ ចុះឈ្មោះ ហើយលេងលើទូរស័ព្ទរបស់អ្នក។',
    en: 'Lottery, live casino, sports, slots, fish and card games in one place. Register and play on your phone.',
    zh: '彩票、真人娱乐场、体育、老虎机、捕鱼和棋牌游戏，一站畅玩。立即注册，用手机随时游戏。',
    th: 'หวย คาสิโนสด กีฬา สล็อต ยิงปลา และเกมไพ่ ครบในที่เดียว สมัครแล้วเล่นบนมือถือได้เลย',
    vi: 'Xổ số, sòng bài trực tuyến, thể thao, slot, bắn cá và game bài ở cùng một nơi. Đăng ký và chơi ngay trên điện thoại.',
  },
}

/** Demo accounts, printed at start: [username, password, type, note, options]. */
export const demoAccounts: {
  username: string
  password: string
  type: number
  note: string
  affiliateCode?: string
  upline?: string
  email?: string
  toUpline?: boolean
  mustChangePassword?: boolean
}[] = [
  {
    username: 'agent01',
    password: 'lotus123',
    type: 1,
    note: 'agent, invitation code LOTUS01',
    affiliateCode: 'LOTUS01',
  },
  {
    username: 'player01',
    password: 'lotus123',
    type: 0,
    note: "member in agent01's downline",
    upline: 'agent01',
    toUpline: true,
  },
  { username: 'member01', password: 'lotus123', type: 0, note: 'member' },
  {
    username: 'member02',
    password: 'lotus123',
    type: 0,
    note: 'member with e-mail member02@example.com (password recovery)',
    email: 'member02@example.com',
  },
  {
    username: 'newbie01',
    password: 'welcome1',
    type: 0,
    note: 'member who must change the default password',
    mustChangePassword: true,
  },
]

/** Deposit methods: [code, kind, name, min, max (minor units), bank details]. */
export const demoDepositMethods: {
  code: string
  kind: DepositMethodKind
  /** The name as first given (English). */
  name: string
  names: DemoNames
  min: bigint
  max: bigint
  bank?: { bankName: string; accountName: string; accountNumber: string }
  /** The bank's static QR (EMVCo): a KHQR-like payload naming a demo account. */
  qr?: string
}[] = [
  {
    code: 'BANK',
    kind: 'BANK_TRANSFER',
    name: 'Bank transfer',
    names: {
      km: 'ផ្ទេរតាមធនាគារ',
      en: 'Bank transfer',
      zh: '银行转账',
      th: 'โอนผ่านธนาคาร',
      vi: 'Chuyển khoản ngân hàng',
    },
    min: 1_000n,
    max: 5_000_000n,
    bank: {
      bankName: 'Lotus Demo Bank',
      accountName: 'Lotus Play Co., Ltd.',
      accountNumber: '001 234 567 890',
    },
    qr: emvcoPayload([
      ['00', '01'],
      ['01', '11'],
      ['29', '0015lotus_play@demo'],
      ['52', '5999'],
      ['53', '840'],
      ['58', 'KH'],
      ['59', 'Lotus Play Co Ltd'],
      ['60', 'Phnom Penh'],
    ]),
  },
  {
    code: 'DEMOPAY',
    kind: 'ONLINE',
    name: 'Online payment (demo gateway)',
    names: {
      km: 'ទូទាត់តាមអនឡាញ (សាកល្បង)',
      en: 'Online payment (demo gateway)',
      zh: '在线支付（演示通道）',
      th: 'ชำระเงินออนไลน์ (ระบบทดลอง)',
      vi: 'Thanh toán trực tuyến (cổng thử nghiệm)',
    },
    min: 500n,
    max: 1_000_000n,
  },
]

/**
 * Banks members can withdraw to: [code, name]. Each shows the monogram the server draws (no
 * picture ships with the demo); the last is the demo bank transfer's, so its deposit method
 * shows that bank's logo.
 */
export const demoBanks: [string, string][] = [
  ['ABA', 'ABA Bank'],
  ['ACLEDA', 'ACLEDA Bank'],
  ['WING', 'Wing Bank'],
  ['CANADIA', 'Canadia Bank'],
  ['KBANK', 'Kasikornbank'],
  ['VCB', 'Vietcombank'],
  ['LOTUS', 'Lotus Demo Bank'],
]

/** Welcome bonuses credited to the demo accounts through the ledger (minor units). */
export const demoWelcomeBonuses: [string, bigint][] = [
  ['agent01', 100_000n],
  ['player01', 20_000n],
  ['member01', 50_000n],
  ['member02', 50_000n],
]
