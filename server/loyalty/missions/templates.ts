/**
 * The operator's mission templates (decision 030, section 11): the 7-day sign-in, the six
 * newbie tasks, the rescue task and the weekly milestones, with their text in the five
 * languages. `ops mission create <kind> [--goal <goal>]` makes one; the demo seeds them all.
 * Points are whole points and money whole units of the currency, converted when made.
 */
import type { Locale } from '#contract/locales'
import {
  newbieGoals,
  type MissionKind,
  type MissionRewardKind,
  type MissionRule,
  type NewbieGoal,
} from '#contract/missions'
import type { Eligibility, PromotionFrequency, Turnover } from '#contract/promotions'

type Localized = Record<Locale, string>

export interface MissionTemplate {
  kind: MissionKind
  goal: NewbieGoal | null
  frequency: PromotionFrequency
  /** Amounts in whole points or whole units of money (see `ruleInUnits`). */
  rule: MissionRule
  rewardKind: MissionRewardKind
  turnover: Turnover
  score: number
  eligibility: Eligibility
  titles: Localized
  rules: Localized
  sort: number
}

const noTurnover: Turnover = { multipleTenths: 0, base: 'bonus' }
const newbieWindow: Eligibility = { newMemberDays: 30 }

export const signInTemplate: MissionTemplate = {
  kind: 'signIn',
  goal: null,
  frequency: 'daily',
  rule: { kind: 'signIn', days: [10, 10, 15, 15, 20, 20, 100] },
  rewardKind: 'points',
  turnover: noTurnover,
  score: 1,
  eligibility: {},
  titles: {
    en: '7-day sign-in',
    km: 'ចុះឈ្មោះចូល 7 ថ្ងៃ',
    zh: '7 天签到',
    th: 'เช็กอิน 7 วัน',
    vi: 'Điểm danh 7 ngày',
  },
  rules: {
    en: 'Check in once a day. Days in a row earn more points; day 7 pays 100 points, then it starts again. A missed day starts again at day 1.',
    km: 'ចុះឈ្មោះចូលម្តងក្នុងមួយថ្ងៃ។ ថ្ងៃជាប់គ្នាទទួលបានពិន្ទុច្រើនជាង ថ្ងៃទី 7 ទទួលបាន 100 ពិន្ទុ។ ខកខានមួយថ្ងៃ ចាប់ផ្តើមពីថ្ងៃទី 1 វិញ។',
    zh: '每天签到一次。连续签到积分更多；第 7 天得 100 积分，然后重新开始。中断一天则从第 1 天重新开始。',
    th: 'เช็กอินวันละครั้ง ยิ่งต่อเนื่องยิ่งได้แต้มมาก วันที่ 7 รับ 100 แต้ม แล้วเริ่มใหม่ ขาดหนึ่งวันเริ่มนับวันที่ 1 ใหม่',
    vi: 'Điểm danh mỗi ngày một lần. Càng liên tiếp càng nhiều điểm; ngày 7 nhận 100 điểm rồi bắt đầu lại. Bỏ lỡ một ngày sẽ bắt đầu lại từ ngày 1.',
  },
  sort: 10,
}

const newbieTitles: Record<NewbieGoal, Localized> = {
  profile: {
    en: 'Complete your profile',
    km: 'បំពេញប្រវត្តិរូប',
    zh: '完善个人资料',
    th: 'กรอกโปรไฟล์ให้ครบ',
    vi: 'Hoàn thiện hồ sơ',
  },
  bankCard: {
    en: 'Add a bank card',
    km: 'បន្ថែមកាតធនាគារ',
    zh: '绑定银行卡',
    th: 'เพิ่มบัตรธนาคาร',
    vi: 'Thêm thẻ ngân hàng',
  },
  firstDeposit: {
    en: 'Make your first deposit',
    km: 'ដាក់ប្រាក់លើកដំបូង',
    zh: '完成首次存款',
    th: 'ฝากเงินครั้งแรก',
    vi: 'Nạp tiền lần đầu',
  },
  firstBet: {
    en: 'Place your first bet',
    km: 'ភ្នាល់លើកដំបូង',
    zh: '完成首次投注',
    th: 'วางเดิมพันครั้งแรก',
    vi: 'Đặt cược lần đầu',
  },
  appInstalled: {
    en: 'Install the app',
    km: 'ដំឡើងកម្មវិធី',
    zh: '安装应用',
    th: 'ติดตั้งแอป',
    vi: 'Cài đặt ứng dụng',
  },
  notifications: {
    en: 'Turn on notifications',
    km: 'បើកការជូនដំណឹង',
    zh: '开启通知',
    th: 'เปิดการแจ้งเตือน',
    vi: 'Bật thông báo',
  },
}

const newbieRules: Localized = {
  en: 'A task for your first 30 days. Finish it, then tap Claim.',
  km: 'កិច្ចការសម្រាប់ 30 ថ្ងៃដំបូង។ បញ្ចប់វា រួចចុចទទួល។',
  zh: '注册后 30 天内的任务。完成后点击领取。',
  th: 'ภารกิจสำหรับ 30 วันแรก ทำให้สำเร็จแล้วแตะรับ',
  vi: 'Nhiệm vụ trong 30 ngày đầu. Hoàn thành rồi chạm Nhận.',
}

export function newbieTemplate(goal: NewbieGoal): MissionTemplate {
  const bonus = goal === 'firstDeposit'
  return {
    kind: 'newbie',
    goal,
    frequency: 'once',
    rule: { kind: 'newbie', reward: bonus ? 5 : 50 },
    rewardKind: bonus ? 'bonus' : 'points',
    turnover: bonus ? { multipleTenths: 10, base: 'bonus' } : noTurnover,
    score: 5,
    eligibility: newbieWindow,
    titles: newbieTitles[goal],
    rules: newbieRules,
    sort: 20 + newbieGoals.indexOf(goal),
  }
}

export const rescueTemplate: MissionTemplate = {
  kind: 'rescue',
  goal: null,
  frequency: 'daily',
  rule: { kind: 'rescue', rate: 500, cap: 50, minLoss: 1 },
  rewardKind: 'bonus',
  turnover: { multipleTenths: 10, base: 'bonus' },
  score: 2,
  eligibility: {},
  titles: {
    en: 'Rescue: 5% of yesterday’s loss',
    km: 'ជំនួយ៖ 5% នៃការខាតម្សិលមិញ',
    zh: '救援金：昨日亏损的 5%',
    th: 'เงินช่วยเหลือ: 5% ของยอดเสียเมื่อวาน',
    vi: 'Cứu trợ: 5% số thua hôm qua',
  },
  rules: {
    en: 'Each day claim 5% of yesterday’s net loss as a bonus, up to 50.00, with 1x turnover.',
    km: 'រៀងរាល់ថ្ងៃ ទទួល 5% នៃការខាតសុទ្ធម្សិលមិញជាប្រាក់រង្វាន់ ដល់ 50.00 ជាមួយការភ្នាល់ 1 ដង។',
    zh: '每天可领取昨日净亏损的 5% 作为红利，最高 50.00，1 倍流水。',
    th: 'รับโบนัส 5% ของยอดเสียสุทธิเมื่อวานทุกวัน สูงสุด 50.00 ทำเทิร์น 1 เท่า',
    vi: 'Mỗi ngày nhận 5% số thua ròng hôm qua làm tiền thưởng, tối đa 50.00, cược 1 lần.',
  },
  sort: 40,
}

export const milestoneTemplate: MissionTemplate = {
  kind: 'milestone',
  goal: null,
  frequency: 'weekly',
  rule: {
    kind: 'milestone',
    tiers: [
      { turnover: 1_000, reward: 100 },
      { turnover: 5_000, reward: 500 },
      { turnover: 20_000, reward: 2_500 },
    ],
  },
  rewardKind: 'points',
  turnover: noTurnover,
  score: 10,
  eligibility: {},
  titles: {
    en: 'Weekly milestones',
    km: 'គោលដៅប្រចាំសប្តាហ៍',
    zh: '每周里程碑',
    th: 'เป้าหมายประจำสัปดาห์',
    vi: 'Cột mốc hằng tuần',
  },
  rules: {
    en: 'Reach 1,000, 5,000 and 20,000 of valid bets this week for 100, 500 and 2,500 points. Each tier is claimed on its own.',
    km: 'ភ្នាល់ត្រឹមត្រូវ 1,000 5,000 និង 20,000 ក្នុងសប្តាហ៍នេះ ទទួល 100 500 និង 2,500 ពិន្ទុ។ កម្រិតនីមួយៗទទួលដាច់ដោយឡែក។',
    zh: '本周有效投注达到 1,000、5,000、20,000，分别获得 100、500、2,500 积分。每一档单独领取。',
    th: 'ทำยอดเดิมพันที่ถูกต้อง 1,000 5,000 และ 20,000 ในสัปดาห์นี้ รับ 100 500 และ 2,500 แต้ม แต่ละขั้นรับแยกกัน',
    vi: 'Đạt 1.000, 5.000 và 20.000 cược hợp lệ trong tuần để nhận 100, 500 và 2.500 điểm. Mỗi mốc nhận riêng.',
  },
  sort: 50,
}

/** The template of `kind` (newbie: of `goal`). */
export function templateOf(kind: MissionKind, goal: NewbieGoal | null): MissionTemplate {
  switch (kind) {
    case 'signIn':
      return signInTemplate
    case 'newbie':
      return newbieTemplate(goal ?? 'profile')
    case 'rescue':
      return rescueTemplate
    case 'milestone':
      return milestoneTemplate
  }
}

/** Every template the demo seeds, in the hub's order. */
export function demoTemplates(): MissionTemplate[] {
  return [signInTemplate, ...newbieGoals.map(newbieTemplate), rescueTemplate, milestoneTemplate]
}

/** A rule with each amount passed through `reward` (the reward amounts) or `money` (the others). */
function mapAmounts(
  rule: MissionRule,
  reward: (v: number) => number,
  money: (v: number) => number,
): MissionRule {
  switch (rule.kind) {
    case 'signIn':
      return { ...rule, days: rule.days.map(reward) }
    case 'newbie':
      return { ...rule, reward: reward(rule.reward) }
    case 'rescue':
      return { ...rule, cap: money(rule.cap), minLoss: money(rule.minLoss) }
    case 'milestone':
      return {
        ...rule,
        tiers: rule.tiers.map((t) => ({ turnover: money(t.turnover), reward: reward(t.reward) })),
      }
  }
}

/** How many of the book's units one whole point (100) or one unit of money (10^decimals) is. */
export const unitsPer = (rewardKind: MissionRewardKind, decimals: number) =>
  rewardKind === 'points' ? 100 : 10 ** decimals

/**
 * A rule's amounts from whole points and units to the book's: points to centipoints, money
 * to minor units with `decimals`; the rescue's cap and minimum loss are money.
 */
export function ruleInUnits(rule: MissionRule, rewardKind: MissionRewardKind, decimals: number): MissionRule {
  const money = (v: number) => Math.round(v * 10 ** decimals)
  const reward = (v: number) => Math.round(v * unitsPer(rewardKind, decimals))
  return mapAmounts(rule, reward, money)
}

/** A stored rule's amounts as the operator writes them: whole points and units of money. */
export function ruleInWhole(rule: MissionRule, rewardKind: MissionRewardKind, decimals: number): MissionRule {
  const money = (v: number) => v / 10 ** decimals
  const reward = (v: number) => v / unitsPer(rewardKind, decimals)
  return mapAmounts(rule, reward, money)
}

/**
 * An operator's rule (points and money as written, "12.5" points, "5.00" of money) in the
 * book's units, or the first amount with more decimals than its unit keeps.
 */
export function ruleFromOperator(
  rule: MissionRule,
  rewardKind: MissionRewardKind,
  decimals: number,
): { rule: MissionRule } | { bad: number; decimals: number; points: boolean } {
  let bad: { bad: number; decimals: number; points: boolean } | null = null
  const exact = (scale: number, places: number, points: boolean) => (v: number) => {
    const units = Math.round(v * scale)
    if (Math.abs(units - v * scale) > 1e-6 && !bad) bad = { bad: v, decimals: places, points }
    return units
  }
  const points = rewardKind === 'points'
  const out = mapAmounts(
    rule,
    exact(unitsPer(rewardKind, decimals), points ? 2 : decimals, points),
    exact(10 ** decimals, decimals, false),
  )
  return bad ?? { rule: out }
}

/** A rule's reward amounts moved from one reward kind's units to another's, the written figures kept. */
export function ruleForReward(
  rule: MissionRule,
  from: MissionRewardKind,
  to: MissionRewardKind,
  decimals: number,
): MissionRule {
  const a = unitsPer(from, decimals)
  const b = unitsPer(to, decimals)
  if (a === b) return rule
  return mapAmounts(
    rule,
    (v) => Math.round((v * b) / a),
    (v) => v,
  )
}
