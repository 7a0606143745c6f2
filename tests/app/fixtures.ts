/** Server answers for component tests, shaped by the contract. */
import type { Announcements, Notice } from '#contract/content'
import type { VendorLane } from '#contract/games'
import type { ConsolidatedSettings, SystemStatus } from '#contract/system'
import { vi } from 'vitest'

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
