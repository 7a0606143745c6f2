/**
 * The demo brand's lottery games (demo mode only; a production brand adds its own with
 * `npm run ops -- lottery add`): e-lottery every 1, 3 and 5 minutes, a ZY and a SEA 5-digit
 * draw, and four Vietnamese regional draws at their local times.
 */
import type { Locale } from '#contract/locales'
import type { LotterySchedule } from '#contract/lottery'
import type { lotteryGames } from '../db/schema'
import type { Tx } from '../plugins/external/db'
import { createLotteryGamesRepository } from './games-repository'
import { slotsClosing } from './issues'
import { createIssuesRepository } from './issues-repository'
import { defaultBetTypeRules, defaultMaxPayout } from './rules'

type Row = typeof lotteryGames.$inferInsert

interface DemoLotteryGame {
  code: string
  names: Record<Locale, string>
  prizeMode: Row['prizeMode']
  kind: Row['kind']
  groupCode: string
  schedule: LotterySchedule
  isHot: boolean
}

const vnZone = 'Asia/Ho_Chi_Minh'
const every = (seconds: number, timeZone = 'Asia/Phnom_Penh'): LotterySchedule => ({
  type: 'interval',
  seconds,
  timeZone,
})
const daily = (time: string, weekdays: number[]): LotterySchedule => ({
  type: 'daily',
  time,
  timeZone: vnZone,
  weekdays,
})

export const demoLotteryGames: DemoLotteryGame[] = [
  {
    code: 'E5D1',
    names: {
      en: 'Speed 5D 1 min',
      km: 'ល្បឿន 5D 1 នាទី',
      zh: '极速5D 1分钟',
      th: 'สปีด 5D 1 นาที',
      vi: 'Siêu tốc 5D 1 phút',
    },
    prizeMode: 'ELOTT',
    kind: 'D5',
    groupCode: 'ELOTT',
    schedule: every(60),
    isHot: true,
  },
  {
    code: 'E5D3',
    names: {
      en: 'Speed 5D 3 min',
      km: 'ល្បឿន 5D 3 នាទី',
      zh: '极速5D 3分钟',
      th: 'สปีด 5D 3 นาที',
      vi: 'Siêu tốc 5D 3 phút',
    },
    prizeMode: 'ELOTT',
    kind: 'D5',
    groupCode: 'ELOTT',
    schedule: every(180),
    isHot: true,
  },
  {
    code: 'E5D5',
    names: {
      en: 'Speed 5D 5 min',
      km: 'ល្បឿន 5D 5 នាទី',
      zh: '极速5D 5分钟',
      th: 'สปีด 5D 5 นาที',
      vi: 'Siêu tốc 5D 5 phút',
    },
    prizeMode: 'ELOTT',
    kind: 'D5',
    groupCode: 'ELOTT',
    schedule: every(300),
    isHot: false,
  },
  {
    code: 'ZY5D10',
    names: {
      en: 'ZY 5D 10 min',
      km: 'ZY 5D 10 នាទី',
      zh: 'ZY 5D 10分钟',
      th: 'ZY 5D 10 นาที',
      vi: 'ZY 5D 10 phút',
    },
    prizeMode: 'ZY',
    kind: 'D5',
    groupCode: 'ZY',
    schedule: every(600),
    isHot: false,
  },
  {
    code: 'SEA5D',
    names: {
      en: 'SEA 5D 20 min',
      km: 'SEA 5D 20 នាទី',
      zh: '东南亚5D 20分钟',
      th: 'SEA 5D 20 นาที',
      vi: 'SEA 5D 20 phút',
    },
    prizeMode: 'SEA',
    kind: 'D5',
    groupCode: 'SEA',
    schedule: every(1200, 'Asia/Bangkok'),
    isHot: false,
  },
  {
    code: 'VN_MB',
    names: {
      en: 'Northern (Miền Bắc)',
      km: 'ភាគខាងជើង (Miền Bắc)',
      zh: '越南北部',
      th: 'เวียดนามเหนือ',
      vi: 'Miền Bắc',
    },
    prizeMode: 'LOTT',
    kind: 'VN_NORTH',
    groupCode: 'NORTH',
    schedule: daily('18:15', [1, 2, 3, 4, 5, 6, 7]),
    isHot: true,
  },
  {
    code: 'VN_HCM',
    names: {
      en: 'Ho Chi Minh City',
      km: 'ទីក្រុងហូជីមិញ',
      zh: '胡志明市',
      th: 'โฮจิมินห์ซิตี้',
      vi: 'TP.HCM',
    },
    prizeMode: 'LOTT',
    kind: 'VN_SOUTH',
    groupCode: 'SOUTH',
    schedule: daily('16:15', [1, 6]),
    isHot: false,
  },
  {
    code: 'VN_DN',
    names: { en: 'Da Nang', km: 'ដាណាំង', zh: '岘港', th: 'ดานัง', vi: 'Đà Nẵng' },
    prizeMode: 'LOTT',
    kind: 'VN_SOUTH',
    groupCode: 'CENTRAL',
    schedule: daily('17:15', [3, 6]),
    isHot: false,
  },
  {
    code: 'VN_CT',
    names: { en: 'Can Tho', km: 'កានថូ', zh: '芹苴', th: 'เกิ่นเทอ', vi: 'Cần Thơ' },
    prizeMode: 'LOTT',
    kind: 'VN_SOUTH',
    groupCode: 'SOUTH',
    schedule: daily('16:15', [3]),
    isHot: false,
  },
]

/** Adds the demo lottery games to the brand (inside the seed step's transaction). */
export async function seedDemoLottery(
  tx: Tx,
  merchantCode: string,
  decimals: number,
  at: Date,
): Promise<void> {
  const repo = createLotteryGamesRepository(tx)
  let sort = 0
  for (const g of demoLotteryGames) {
    await repo.insert(
      {
        merchantCode,
        code: g.code,
        names: g.names,
        prizeMode: g.prizeMode,
        kind: g.kind,
        groupCode: g.groupCode,
        schedule: g.schedule,
        rules: defaultBetTypeRules(g.kind, decimals),
        maxPayout: defaultMaxPayout(decimals),
        isHot: g.isHot,
        sort: (sort += 10),
        createdAt: at,
      },
      tx,
    )
  }
}

/** How far back the demo's made history reaches: a week of the daily draws, an hour of the rest. */
export function demoHistoryMs(schedule: LotterySchedule): number {
  return schedule.type === 'daily' ? 7 * 86_400_000 : 3_600_000
}

/**
 * Gives the demo brand's lottery games their recent results, so a first visit finds past
 * draws to read (a Vietnamese draw is once a day): the slots that closed in the window,
 * drawn from new seeds and dated at their close. A slot already made is left as it is, and
 * one never made took no bet.
 */
export async function seedDemoLotteryHistory(tx: Tx, merchantCode: string, at: Date): Promise<void> {
  const games = createLotteryGamesRepository(tx)
  const issues = createIssuesRepository(tx)
  for (const g of demoLotteryGames) {
    const game = await games.byCode(merchantCode, g.code, tx)
    if (!game) continue
    const slots = slotsClosing(game.schedule, new Date(at.getTime() - demoHistoryMs(game.schedule)), at)
    await issues.ensureDrawn(game.row, slots, 'close', tx)
  }
}
