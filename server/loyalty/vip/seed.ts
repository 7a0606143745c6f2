/**
 * The demo brand's VIP levels (decision 030 section 11; demo mode only, a seed step of
 * db/seed.ts): Bronze (the base), Silver, Gold, Platinum and Diamond with rising thresholds,
 * level-up and birthday bonuses, rebate extras of 0, 0.1, 0.2, 0.3 and 0.5 % and withdrawal
 * limits per day; player01 is Silver (an operator's change by the seed), with this month's
 * valid bets part of the way to Gold and a birthday (seedDemoVipProgress).
 */
import { and, eq } from 'drizzle-orm'
import type { Locale } from '#contract/locales'
import { betRecords, members, vipLevels } from '../../db/schema'
import type { Ledger } from '../../money/ledger'
import type { Tx } from '../../plugins/external/db'
import { merchantByCode } from '../../system/brands-repository'
import { createVipRepository } from './vip-repository'
import { monthOf } from './vip-service'

type Names = Record<Locale, string>

interface DemoLevel {
  names: Names
  /** Whole units of the currency: monthly valid bets and deposits, total ones, the keeping bets. */
  month: [number, number]
  total: [number, number]
  keep: number
  bonus: number
  birthday: number
  rebateExtraBp: number
  withdraw: [count: number | null, max: number | null]
  vipService: boolean
  benefits: Names
}

const same = (en: string, km: string, zh: string, th: string, vi: string): Names => ({ en, km, zh, th, vi })

export const demoVipLevels: DemoLevel[] = [
  {
    names: same('Bronze', 'សំរិទ្ធ', '青铜', 'บรอนซ์', 'Đồng'),
    month: [0, 0],
    total: [0, 0],
    keep: 0,
    bonus: 0,
    birthday: 0,
    rebateExtraBp: 0,
    // The base level keeps the brand's own limits (no daily count or maximum).
    withdraw: [null, null],
    vipService: false,
    benefits: same(
      'Welcome to the club',
      'សូមស្វាគមន៍មកកាន់ក្លឹប',
      '欢迎加入俱乐部',
      'ยินดีต้อนรับสู่คลับ',
      'Chào mừng đến câu lạc bộ',
    ),
  },
  {
    names: same('Silver', 'ប្រាក់', '白银', 'ซิลเวอร์', 'Bạc'),
    month: [5_000, 500],
    total: [50_000, 5_000],
    keep: 2_000,
    bonus: 10,
    birthday: 10,
    rebateExtraBp: 10,
    withdraw: [5, 5_000],
    vipService: false,
    benefits: same('Faster withdrawals', 'ការដកប្រាក់លឿនជាង', '更快提款', 'ถอนเงินเร็วขึ้น', 'Rút tiền nhanh hơn'),
  },
  {
    names: same('Gold', 'មាស', '黄金', 'โกลด์', 'Vàng'),
    month: [20_000, 2_000],
    total: [200_000, 20_000],
    keep: 8_000,
    bonus: 38,
    birthday: 28,
    rebateExtraBp: 20,
    withdraw: [8, 20_000],
    vipService: false,
    benefits: same('Monthly gift', 'អំណោយប្រចាំខែ', '每月礼物', 'ของขวัญรายเดือน', 'Quà hằng tháng'),
  },
  {
    names: same('Platinum', 'ប្លាទីន', '铂金', 'แพลทินัม', 'Bạch kim'),
    month: [80_000, 8_000],
    total: [800_000, 80_000],
    keep: 30_000,
    bonus: 88,
    birthday: 58,
    rebateExtraBp: 30,
    withdraw: [10, 50_000],
    vipService: true,
    benefits: same(
      'VIP customer service',
      'សេវាអតិថិជន VIP',
      'VIP 专属客服',
      'บริการลูกค้า VIP',
      'Chăm sóc khách hàng VIP',
    ),
  },
  {
    names: same('Diamond', 'ពេជ្រ', '钻石', 'ไดมอนด์', 'Kim cương'),
    month: [300_000, 30_000],
    total: [3_000_000, 300_000],
    keep: 100_000,
    bonus: 288,
    birthday: 188,
    rebateExtraBp: 50,
    withdraw: [null, null],
    vipService: true,
    benefits: same(
      'Personal account manager',
      'អ្នកគ្រប់គ្រងគណនីផ្ទាល់ខ្លួន',
      '专属客户经理',
      'ผู้จัดการบัญชีส่วนตัว',
      'Quản lý tài khoản riêng',
    ),
  },
]

export async function seedDemoVip(tx: Tx, merchantCode: string, at: Date): Promise<void> {
  const m = await merchantByCode(tx, merchantCode)
  if (!m) throw new Error(`no brand ${merchantCode}`)
  const unit = 10n ** BigInt(m.currencyDecimals)
  const minor = (v: number) => BigInt(v) * unit
  const repo = createVipRepository(tx)
  for (const [i, l] of demoVipLevels.entries()) {
    await repo.addLevel(
      {
        merchantCode,
        rank: i + 1,
        names: l.names,
        badgeUrl: null,
        monthlyTurnover: minor(l.month[0]),
        monthlyDeposit: minor(l.month[1]),
        totalTurnover: minor(l.total[0]),
        totalDeposit: minor(l.total[1]),
        keepTurnover: minor(l.keep),
        levelUpBonus: minor(l.bonus),
        birthdayBonus: minor(l.birthday),
        bonusTurnoverTenths: 10,
        rebateExtraBp: l.rebateExtraBp,
        withdrawDailyCount: l.withdraw[0],
        withdrawDailyMax: l.withdraw[1] === null ? null : minor(l.withdraw[1]),
        vipService: l.vipService,
        benefits: Object.fromEntries(Object.entries(l.benefits).map(([k, v]) => [k, [v]])),
      },
      tx,
    )
  }
  const [p] = await tx
    .select({ id: members.id })
    .from(members)
    .where(and(eq(members.merchantCode, merchantCode), eq(members.username, 'player01')))
  if (p) await repo.set(tx, merchantCode, p.id, 1, 2, at, 'seed', 'demo member')
}

/** player01's birthday in the demo (the birthday bonus; set once, as a member would). */
export const demoBirthday = '1995-06-15'

/** Rounds of 100.00 player01 played this brand month (valid bets 8,500.00: part of Gold's 20,000.00). */
const progressRounds = 85

/**
 * player01's progress toward Gold (decision 030 section 11) and birthday: rounds this brand
 * month settled through the ledger (each stake paid back, so the balance stays), dated just
 * before `now` and so before the demo's point rates come into force; and the base level back
 * to the brand's own withdrawal limits where an older seed gave it some. Demo mode only.
 */
export async function seedDemoVipProgress(tx: Tx, ledger: Ledger, merchantCode: string, now: Date) {
  const m = await merchantByCode(tx, merchantCode)
  if (!m) throw new Error(`no brand ${merchantCode}`)
  await tx
    .update(vipLevels)
    .set({ withdrawDailyCount: null, withdrawDailyMax: null })
    .where(and(eq(vipLevels.merchantCode, merchantCode), eq(vipLevels.rank, 1)))
  const [p] = await tx
    .update(members)
    .set({ birthday: demoBirthday })
    .where(and(eq(members.merchantCode, merchantCode), eq(members.username, 'player01')))
    .returning({ id: members.id })
  if (!p) return
  const wallet = await ledger.memberAccount(merchantCode, p.id, undefined, tx)
  const house = await ledger.houseAccount(merchantCode, 'history', tx)
  const stake = 100n * 10n ** BigInt(m.currencyDecimals)
  const monthStart = monthOf(m.timeZone, now).period.start.getTime()
  const first = Math.max(monthStart, now.getTime() - 2 * 3_600_000)
  for (let r = 0; r < progressRounds; r += 1) {
    const at = new Date(Math.min(first + r * 60_000, now.getTime() - 1_000))
    for (const [type, from, to] of [
      ['BET', wallet, house],
      ['PAYOUT', house, wallet],
    ] as const) {
      await ledger.post(tx, {
        merchantCode,
        type,
        memberId: p.id,
        memo: 'Lotus Slots',
        actor: 'system',
        at,
        postings: [
          { accountId: from, amount: -stake },
          { accountId: to, amount: stake },
        ],
      })
    }
    await tx.insert(betRecords).values({
      merchantCode,
      memberId: p.id,
      betNo: `DEMO-VIP-${p.id}-${r}`,
      productType: 'RNG',
      accountTypeId: 2,
      vendorName: 'Lotus Slots',
      gameName: 'Lotus Slots',
      betAmount: stake,
      validBet: stake,
      payout: stake,
      status: 'SETTLED',
      betTime: at,
      settledTime: at,
    })
  }
}
