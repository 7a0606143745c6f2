/** Server answers for component tests, shaped by the contract. */
import { vi } from 'vitest'
import type { Announcements, Notice } from '#contract/content'
import type { Withdrawal } from '#contract/funds'
import type { Game, VendorLane } from '#contract/games'
import type { MemberInfo } from '#contract/identity'
import type { Promotion } from '#contract/promotions'
import type { ConsolidatedSettings, SystemStatus } from '#contract/system'
import type { Balances } from '#contract/wallet'
import { startSession } from '#src/lib/session.ts'

export const brand: ConsolidatedSettings = {
  merchantCode: 'DEMO',
  brandName: 'Lotus Play',
  shortName: 'Lotus',
  currency: 'USD',
  currencySymbol: '$',
  currencyDecimals: 2,
  defaultLanguage: 'km',
  languages: ['km', 'en', 'zh'],
  themeColor: '#0e7c66',
  backgroundColor: '#ffffff',
  logoUrl: '/brand/logo.svg',
  agentTypes: [1, 2, 41, 42],
  guestTypes: [4],
  passwordExpiryDays: 90,
  minimumAge: 18,
  vipServiceState: 'normal',
  descriptions: {},
  shareImageUrl: null,
  timeZone: 'Asia/Phnom_Penh',
}

export function status(over: Partial<SystemStatus> = {}): SystemStatus {
  return {
    maintenance: false,
    maintenanceMessage: null,
    maintenanceUntil: null,
    regionRestriction: false,
    ipBlocked: false,
    clientIp: '127.0.0.1',
    country: null,
    info: {
      whitelabel: [
        { modId: 'REG3', enabled: '1', childrenNodes: [{ modId: 'MOBILENUMREG3', enabled: '1' }] },
        { modId: 'HOMEPAGE', enabled: '1', childrenNodes: [{ modId: 'LOGINREQUIRED3', enabled: '0' }] },
        { modId: 'FEEDBACK3', enabled: '1' },
        {
          modId: 'AGEPAG',
          enabled: '1',
          childrenNodes: [
            { modId: 'AGEREGDOWN3', enabled: '1' },
            { modId: 'AGEREV3', enabled: '1' },
          ],
        },
      ],
      register: [],
      resources: [],
      customerService: [
        { csType: 'LIVECHAT', title: 'Live chat 24/7', url: 'https://livechat.example.com/x' },
        { csType: 'TELEGRAM', title: 'Telegram', url: 'https://t.me/x' },
      ],
      imageCDNs: ['/media'],
      launchGameCDNs: [],
    },
    ...over,
  }
}

export function notice(id: number, over: Partial<Notice> = {}): Notice {
  return {
    id,
    title: `Announcement ${id}`,
    content: `<p>News item ${id}</p>`,
    date: Date.UTC(2026, 10, 1, 12, 0, 0) + id * 60_000,
    imageUrl: null,
    linkUrl: null,
    ...over,
  }
}

export const announcements: Announcements = {
  banners: [],
  player: [notice(100, { title: 'Welcome', content: 'Welcome to Lotus Play' })],
  popup: Array.from({ length: 9 }, (_, i) => notice(i + 1)),
  promotion: [],
  home: [],
}

const cards = (type: VendorLane['gameType'], codes: string[]) =>
  codes.map((c, i) => ({
    accountTypeId: 100 + i,
    accountTypeName: c,
    vassalage: c,
    gameType: type,
    displayName: `${c} Games`,
    logo: `vendors/${c.toLowerCase()}.svg`,
    isHot: i === 0,
    maintenance: false,
  }))

export const lanes: VendorLane[] = [
  { title: 'LIVE', gameType: 'LIVE', cards: cards('LIVE', ['MKL', 'ANG']) },
  { title: 'RNG', gameType: 'RNG', cards: cards('RNG', ['DSL', 'SPN', 'GLD', 'JAD', 'TIG', 'LUC', 'MON']) },
]

export interface Recorded {
  path: string
  headers: Record<string, string>
}

/** Stubs fetch with the given answers by path; records every request. */
export function stubApi(answers: Record<string, unknown>): Recorded[] {
  const requests: Recorded[] = []
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    const path = new URL(url, 'http://localhost').pathname
    requests.push({ path, headers: (init?.headers ?? {}) as Record<string, string> })
    const value = answers[path]
    const body =
      value === undefined
        ? { success: false, errorCode: 'not_found', message: 'not stubbed' }
        : { success: true, value }
    return new Response(JSON.stringify(body), { status: value === undefined ? 404 : 200 })
  })
  return requests
}

export function defaultAnswers(over: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    '/wps/system/settings/consolidated': brand,
    '/wps/system/status': status(),
    '/wps/relay/GCSGAME_gameVendor': { data: { lanes } },
    '/wps/relay/MCSFE_getListAnnouncements': announcements,
    ...over,
  }
}

export const memberInfo = (over: Partial<MemberInfo> = {}): MemberInfo => ({
  id: 7,
  account: 'member01',
  nickname: 'Dara',
  type: 0,
  toUpline: false,
  clubLabel: null,
  memberLabel: [],
  regDate: Date.UTC(2026, 0, 2),
  mobile: null,
  language: 'en',
  avatar: null,
  avatarType: 'STATIC',
  birthday: null,
  ...over,
})

/** A session, as a login leaves it (storage and the session store). */
export function logIn(): void {
  startSession(
    {
      token: 'tok_0123456789abcdef',
      firstTimeLogin: false,
      passwordExpired: false,
      mustChangePassword: false,
    },
    'member01',
  )
  sessionStorage.setItem('index-notice-seen', '1')
}

export const balances: Balances = {
  sumBalance: '1234.50',
  currency: 'USD',
  currencySymbol: '$',
  currencyDecimals: 2,
  balance: [
    { accountTypeId: 2, accountTypeName: 'Main wallet', availBalance: '1000.00', status: 'OK' },
    { accountTypeId: 100, accountTypeName: 'MKL', availBalance: '234.50', status: 'OK' },
    { accountTypeId: 101, accountTypeName: 'ANG', availBalance: '0.00', status: 'MAINTENANCE' },
  ],
}

export const withdrawal = (over: Partial<Withdrawal> = {}): Withdrawal => ({
  id: 31,
  amount: '100.00',
  status: 'PENDING',
  bankName: 'ABA Bank',
  accountNumberMasked: '**** 6789',
  amountReceived: null,
  createdAt: Date.UTC(2026, 10, 20, 8),
  paidAt: null,
  autoReceiveAt: null,
  ...over,
})

export const emptyPage = { list: [], total: 0, pageNo: 1, pageSize: 20 }

/** A member with no bonus turnover to wager. */
export const noTurnover = { remaining: '0.00', count: 0, required: '0.00', done: '0.00' }

/** The ABA bank's logo as the server gives its address (src/contract/bank-logos.ts). */
export const abaLogoUrl = '/media/banks/DEMO/ABA.webp?v=0123456789ab'

/** Money answers for a member with two vendor wallets, a card and a payment password. */
export function moneyAnswers(over: Record<string, unknown> = {}): Record<string, unknown> {
  return defaultAnswers({
    '/wps/member/info': memberInfo(),
    '/wps/v2/wallets/balance': balances,
    '/wps/relay/GCS_merchantWallet': {
      walletMode: 'MULTI',
      mainAccountTypeId: 2,
      currency: 'USD',
      currencySymbol: '$',
      currencyDecimals: 2,
    },
    '/wps/relay/MCSFE_getWithdrawSettings': {
      minimumAmount: '10.00',
      maximumAmount: '5000.00',
      availableBalance: '1000.00',
      hasPaymentPassword: true,
      maxBankCards: 3,
      autoReceiveMinutes: 60,
      turnover: noTurnover,
      turnoverComplete: null,
      bonusForfeit: null,
      today: {
        count: 0,
        amount: '0.00',
        countLimit: null,
        countLeft: null,
        amountLimit: null,
        amountLeft: null,
      },
      paymentPasswordRule: {
        field: 'paymentPassword',
        enabled: true,
        required: true,
        minLength: 6,
        maxLength: 6,
        acceptedPattern: '^[0-9]+$',
        patternId: 'DIGITS',
      },
    },
    '/wps/relay/getBankCards': [
      {
        id: 5,
        bankCode: 'ABA',
        bankName: 'ABA Bank',
        accountName: 'Dara',
        accountNumberMasked: '**** 6789',
        logoUrl: abaLogoUrl,
      },
    ],
    '/wps/relay/MCSFE_getBanks': [{ code: 'ABA', name: 'ABA Bank' }],
    '/wps/relay/MCSFE_getPaymentConfirmationList': [],
    '/wps/relay/MCSFE_getWithdrawTransactionReport': emptyPage,
    '/wps/relay/MCSFE_getDepositTransactionReport': emptyPage,
    '/wps/relay/MCSFE_getDepositMethods': {
      allowDeposit: true,
      methods: [
        {
          code: 'BANK',
          kind: 'BANK_TRANSFER',
          name: 'Bank transfer',
          minAmount: '10.00',
          maxAmount: '10000.00',
          bank: {
            bankName: 'ABA Bank',
            accountName: 'Lotus Play',
            accountNumber: '000 111 222',
            logoUrl: abaLogoUrl,
          },
          qrPayload: null,
        },
      ],
    },
    '/wps/relay/MCSFE_getDepositReference': { reference: 'K7QM4XP2' },
    '/wps/system/setting/register': [],
    '/wps/relay/ODSFE2_MemTransDet': emptyPage,
    '/wps/relay/ODSFE2_MemBetDet': {
      ...emptyPage,
      totals: { betAmount: '0.00', validBet: '0.00', payout: '0.00', winLoss: '0.00' },
    },
    '/wps/relay/ODSFE2_MemPNLDet': {
      products: [],
      totals: { betAmount: '0.00', validBet: '0.00', payout: '0.00', winLoss: '0.00' },
      deposits: '0.00',
      withdrawals: '0.00',
      bonuses: '0.00',
      profit: '0.00',
    },
    '/wps/relay/MCSFE_getBonusDetails': { ...emptyPage, totalAmount: '0.00' },
    '/wps/relay/MCSFE_getTurnoverInfo': { ...noTurnover, requirements: [] },
    ...over,
  })
}

export interface Sent {
  path: string
  /** The query string's parameters. */
  query: URLSearchParams
  method: string
  headers: Record<string, string>
  body: unknown
}

/** A sent body: JSON, or a form's fields (the form-encoded endpoints). */
function parseBody(body: string): unknown {
  try {
    return JSON.parse(body)
  } catch {
    return Object.fromEntries(new URLSearchParams(body))
  }
}

/**
 * Stubs fetch like stubApi, and lets a path answer through a function: a value, a failure
 * `{ fail: { status, errorCode, value } }`, 'network' for an unreachable network, or a
 * Response as it is (a gateway's page without the platform's envelope).
 */
export function stubMoneyApi(
  answers: Record<string, unknown>,
  handlers: Record<string, (sent: Sent) => unknown> = {},
): Sent[] {
  const sent: Sent[] = []
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    const { pathname: path, searchParams: query } = new URL(url, 'http://localhost')
    const s: Sent = {
      path,
      query,
      method: init?.method ?? 'GET',
      headers: (init?.headers ?? {}) as Record<string, string>,
      body: typeof init?.body === 'string' ? parseBody(init.body) : undefined,
    }
    sent.push(s)
    const handler = handlers[path]
    const value = handler ? handler(s) : answers[path]
    if (value === 'network') throw new TypeError('Failed to fetch')
    if (value instanceof Response) return value
    const fail = (value as { fail?: { status: number; errorCode: string; value?: unknown } } | undefined)
      ?.fail
    if (fail) {
      return new Response(
        JSON.stringify({ success: false, errorCode: fail.errorCode, message: 'refused', value: fail.value }),
        { status: fail.status },
      )
    }
    const body =
      value === undefined
        ? { success: false, errorCode: 'not_found', message: 'not stubbed' }
        : { success: true, value }
    return new Response(JSON.stringify(body), { status: value === undefined ? 404 : 200 })
  })
  return sent
}

/** A catalogue game: `<vendor> Fortune <n>`, a real-money RNG slot unless `over` says otherwise. */
export const game = (vendor: string, n: number, over: Partial<Game> = {}): Game => ({
  gameId: `${vendor}-${n}`,
  gameName: `${vendor} Fortune ${n}`,
  gameType: 'RNG',
  gameClassify: 'SC',
  vassalage: vendor,
  accountTypeId: 100,
  accountTypeName: vendor,
  iconUrl: `games/${vendor}-${n}.svg?v=1`,
  isGame: 'GAME',
  defaultPlayType: 'html5',
  isHot: false,
  isNew: false,
  freeplay: false,
  hasRooms: false,
  maintenance: false,
  ...over,
})

/** A request the games stub saw, with its query. */
export interface GameSent {
  path: string
  method: string
  query: URLSearchParams
  headers: Record<string, string>
  body: unknown
}

/** An answer by path: a value, or a function of the request (maybe a promise) giving one. */
export type GameAnswer = unknown | ((sent: GameSent) => unknown)

/**
 * Stubs fetch for the game lobbies and launches: answers by path (a value, a function of
 * the request, or a failure `{ fail: { status, errorCode, value } }`); records requests.
 */
export function stubGamesApi(answers: Record<string, GameAnswer>): GameSent[] {
  const sent: GameSent[] = []
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    const u = new URL(url, 'http://localhost')
    const one: GameSent = {
      path: u.pathname,
      method: init?.method ?? 'GET',
      query: u.searchParams,
      headers: (init?.headers ?? {}) as Record<string, string>,
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    }
    sent.push(one)
    const a = answers[u.pathname]
    const value: unknown = await (typeof a === 'function' ? (a as (s: GameSent) => unknown)(one) : a)
    const fail = (value as { fail?: { status: number; errorCode: string; value?: unknown } } | undefined)
      ?.fail
    if (fail) {
      return new Response(
        JSON.stringify({ success: false, errorCode: fail.errorCode, message: 'refused', value: fail.value }),
        { status: fail.status },
      )
    }
    const body =
      value === undefined
        ? { success: false, errorCode: 'not_found', message: 'not stubbed' }
        : { success: true, value }
    return new Response(JSON.stringify(body), { status: value === undefined ? 404 : 200 })
  })
  return sent
}

/** A promotion as the list answers it: a daily tap-to-claim $0.50, open to join; `over` changes any field. */
export function promotionFixture(id: number, over: Partial<Promotion> = {}): Promotion {
  return {
    id,
    kind: null,
    category: 'others',
    claimMode: 'claim',
    frequency: 'daily',
    title: `Promotion ${id}`,
    content: '<p>Terms</p>',
    imageUrl: null,
    startsAt: Date.UTC(2026, 0, 1),
    endsAt: null,
    reward: { kind: 'fixed', amount: '0.50', rate: null, cap: null, minimum: null, rates: [] },
    turnover: { multipleTenths: 10, base: 'bonus' },
    state: 'join',
    reason: null,
    progress: null,
    claimId: null,
    amount: null,
    rejectReason: null,
    changesAt: null,
    needsForm: false,
    needsCode: false,
    ...over,
  }
}
