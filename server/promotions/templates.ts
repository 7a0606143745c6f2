/**
 * The operator's promotion templates: each kind the demo brand offers, with its rule, its
 * eligibility, its turnover and its text in the five languages. `ops promotion create
 * <template>` makes one from them (amounts in the brand's currency); the demo seeds one of
 * each. Amounts here are in the currency's whole units and converted with its decimals.
 */
import type { Locale } from '#contract/locales'
import type {
  ClaimMode,
  Eligibility,
  PromotionCategory,
  PromotionFrequency,
  PromotionKind,
  RewardRule,
  Turnover,
} from '#contract/promotions'

type Localized = Record<Locale, string>

export interface Template {
  category: PromotionCategory
  claimMode: ClaimMode
  frequency: PromotionFrequency
  /** The rule with amounts in whole units of the currency (converted when made). */
  rule: RewardRule
  eligibility: Eligibility
  turnover: Turnover
  code?: string
  codeUses?: number
  titles: Localized
  contents: Localized
  imageUrl: string | null
  sort: number
}

export const templateNames = [
  'firstDeposit',
  'reload',
  'newbie',
  'dailyLogin',
  'appDownload',
  'rebate',
  'rescue',
  'promoCode',
  'apply',
  'signUp',
] as const
export type TemplateName = (typeof templateNames)[number]

const p = (t: string) => `<p>${t}</p>`

export const templates: Record<TemplateName, Template> = {
  firstDeposit: {
    category: 'deposit',
    claimMode: 'auto',
    frequency: 'once',
    rule: { kind: 'depositPercent', rate: 10_000, cap: 100, minDeposit: 10 },
    eligibility: { firstDeposit: true },
    turnover: { multipleTenths: 100, base: 'depositAndBonus' },
    titles: {
      km: 'ប្រាក់រង្វាន់ស្វាគមន៍ 100%',
      en: '100% welcome bonus',
      zh: '100% 首存红利',
      th: 'โบนัสต้อนรับ 100%',
      vi: 'Thưởng chào mừng 100%',
    },
    contents: {
      km: p(
        'ជ្រើសរើសប្រាក់រង្វាន់នេះនៅពេលដាក់ប្រាក់លើកដំបូង យើងបន្ថែមប្រាក់ស្មើនឹងចំនួនដែលអ្នកដាក់ ដល់ 100។ ភ្នាល់ 10 ដងនៃប្រាក់ដាក់ និងប្រាក់រង្វាន់ មុនពេលដកប្រាក់។',
      ),
      en: p(
        'Choose this bonus with your first deposit and we add the same amount, up to 100. Wager 10 times the deposit and bonus before you withdraw.',
      ),
      zh: p('首次存款时选择此红利，即可获得等额奖金，最高 100。提款前需完成存款加红利 10 倍的流水。'),
      th: p('เลือกโบนัสนี้เมื่อฝากเงินครั้งแรก รับเพิ่มเท่ากับยอดฝาก สูงสุด 100 ทำยอดเทิร์น 10 เท่าของยอดฝากและโบนัสก่อนถอน'),
      vi: p(
        'Chọn thưởng này khi nạp lần đầu, chúng tôi cộng thêm số tiền bằng số nạp, tối đa 100. Cược đủ 10 lần tiền nạp và thưởng trước khi rút.',
      ),
    },
    imageUrl: '/media/banners/welcome.webp?v=1',
    sort: 10,
  },
  reload: {
    category: 'deposit',
    claimMode: 'auto',
    frequency: 'daily',
    rule: { kind: 'depositPercent', rate: 1_000, cap: 50, minDeposit: 20 },
    eligibility: {},
    turnover: { multipleTenths: 50, base: 'bonus' },
    titles: {
      km: 'ប្រាក់រង្វាន់ដាក់ប្រាក់ប្រចាំថ្ងៃ 10%',
      en: '10% daily reload bonus',
      zh: '每日续存 10% 红利',
      th: 'โบนัสฝากรายวัน 10%',
      vi: 'Thưởng nạp lại hằng ngày 10%',
    },
    contents: {
      km: p(
        'ម្តងក្នុងមួយថ្ងៃ ជ្រើសរើសប្រាក់រង្វាន់នេះជាមួយការដាក់ប្រាក់ពី 20 ឡើងទៅ ទទួលបាន 10% ដល់ 50។ ភ្នាល់ 5 ដងនៃប្រាក់រង្វាន់។',
      ),
      en: p(
        'Once a day, choose this bonus with a deposit of 20 or more and get 10%, up to 50. Wager the bonus 5 times.',
      ),
      zh: p('每天一次，存款 20 或以上时选择此红利，可得 10%，最高 50。红利需完成 5 倍流水。'),
      th: p('วันละครั้ง เลือกโบนัสนี้เมื่อฝาก 20 ขึ้นไป รับ 10% สูงสุด 50 ทำเทิร์นโบนัส 5 เท่า'),
      vi: p(
        'Mỗi ngày một lần, chọn thưởng này khi nạp từ 20 trở lên để nhận 10%, tối đa 50. Cược tiền thưởng 5 lần.',
      ),
    },
    imageUrl: null,
    sort: 20,
  },
  newbie: {
    category: 'newbie',
    claimMode: 'claim',
    frequency: 'once',
    rule: { kind: 'fixed', amount: 5 },
    eligibility: { newMemberDays: 7 },
    turnover: { multipleTenths: 30, base: 'bonus' },
    titles: {
      km: 'អំណោយសមាជិកថ្មី',
      en: 'New member gift',
      zh: '新人礼金',
      th: 'ของขวัญสมาชิกใหม่',
      vi: 'Quà thành viên mới',
    },
    contents: {
      km: p('ក្នុង 7 ថ្ងៃដំបូងបន្ទាប់ពីចុះឈ្មោះ ចុចទទួលយកអំណោយ 5។ ភ្នាល់ 3 ដងមុនពេលដកប្រាក់។'),
      en: p(
        'In your first 7 days after registering, tap to claim a gift of 5. Wager it 3 times before you withdraw.',
      ),
      zh: p('注册后 7 天内，点击即可领取 5 元礼金。提款前需完成 3 倍流水。'),
      th: p('ภายใน 7 วันแรกหลังสมัคร แตะเพื่อรับของขวัญ 5 ทำเทิร์น 3 เท่าก่อนถอน'),
      vi: p('Trong 7 ngày đầu sau khi đăng ký, chạm để nhận quà 5. Cược 3 lần trước khi rút.'),
    },
    imageUrl: null,
    sort: 30,
  },
  dailyLogin: {
    category: 'others',
    claimMode: 'claim',
    frequency: 'daily',
    rule: { kind: 'fixed', amount: 0.5 },
    eligibility: {},
    turnover: { multipleTenths: 10, base: 'bonus' },
    titles: {
      km: 'រង្វាន់ចូលប្រចាំថ្ងៃ',
      en: 'Daily login reward',
      zh: '每日登录奖励',
      th: 'รางวัลเข้าสู่ระบบรายวัน',
      vi: 'Thưởng đăng nhập hằng ngày',
    },
    contents: {
      km: p('ចូលរៀងរាល់ថ្ងៃ ហើយទទួលយក 0.50 ពីមជ្ឈមណ្ឌលរង្វាន់។ ថ្ងៃថ្មីចាប់ផ្តើមនៅពាក់កណ្តាលអធ្រាត្រ។'),
      en: p('Log in every day and claim 0.50 in the reward centre. A new day starts at midnight.'),
      zh: p('每天登录即可在奖励中心领取 0.50。新的一天从午夜开始。'),
      th: p('เข้าสู่ระบบทุกวันและรับ 0.50 ในศูนย์รางวัล วันใหม่เริ่มเที่ยงคืน'),
      vi: p('Đăng nhập mỗi ngày và nhận 0,50 trong trung tâm phần thưởng. Ngày mới bắt đầu lúc nửa đêm.'),
    },
    imageUrl: null,
    sort: 40,
  },
  appDownload: {
    category: 'appDownload',
    claimMode: 'claim',
    frequency: 'once',
    rule: { kind: 'fixed', amount: 2 },
    eligibility: { installed: true },
    turnover: { multipleTenths: 10, base: 'bonus' },
    titles: {
      km: 'រង្វាន់ដំឡើងកម្មវិធី',
      en: 'App install reward',
      zh: '下载 App 奖励',
      th: 'รางวัลติดตั้งแอป',
      vi: 'Thưởng cài ứng dụng',
    },
    contents: {
      km: p('បន្ថែមកម្មវិធីទៅអេក្រង់ដើមរបស់អ្នក បើកវាពីទីនោះ ហើយទទួលយក 2។ ម្តងក្នុងមួយសមាជិក។'),
      en: p('Add the app to your home screen, open it from there and claim 2. Once per member.'),
      zh: p('将 App 添加到主屏幕，从主屏幕打开即可领取 2。每位会员一次。'),
      th: p('เพิ่มแอปไปที่หน้าจอหลัก เปิดจากที่นั่นแล้วรับ 2 สมาชิกละหนึ่งครั้ง'),
      vi: p('Thêm ứng dụng vào màn hình chính, mở từ đó và nhận 2. Mỗi thành viên một lần.'),
    },
    imageUrl: null,
    sort: 50,
  },
  rebate: {
    category: 'rebate',
    claimMode: 'auto',
    frequency: 'daily',
    rule: {
      kind: 'validBetRate',
      rates: [
        { gameType: 'RNG', rate: 80 },
        { gameType: 'FISH', rate: 80 },
        { gameType: 'LIVE', rate: 50 },
        { gameType: 'SPORTS', rate: 50 },
        { gameType: 'ESPORTS', rate: 50 },
        { gameType: 'PVP', rate: 40 },
        { gameType: 'LOTT', rate: 30 },
        { gameType: 'ELOTT', rate: 30 },
      ],
      cap: 0,
    },
    eligibility: {},
    turnover: { multipleTenths: 10, base: 'bonus' },
    titles: {
      km: 'ប្រាក់បង្វិលសងប្រចាំថ្ងៃ',
      en: 'Daily rebate',
      zh: '每日返水',
      th: 'คืนยอดเสียรายวัน',
      vi: 'Hoàn trả hằng ngày',
    },
    contents: {
      km: p(
        'រាល់ព្រឹក យើងបង់ប្រាក់បង្វិលសងលើការភ្នាល់ត្រឹមត្រូវរបស់ម្សិលមិញ តាមប្រភេទហ្គេម៖ ស្លុត និងត្រី 0.8% កាស៊ីណូផ្ទាល់ និងកីឡា 0.5% ល្បែងបៀ 0.4% ឆ្នោត 0.3%។',
      ),
      en: p(
        'Every morning we pay a rebate on yesterday’s valid bets by game type: slots and fish 0.8%, live casino and sports 0.5%, card games 0.4%, lottery 0.3%.',
      ),
      zh: p('每天早上按游戏类型返还昨日有效投注：老虎机和捕鱼 0.8%，真人和体育 0.5%，棋牌 0.4%，彩票 0.3%。'),
      th: p(
        'ทุกเช้าเราจ่ายคืนจากยอดเดิมพันที่ถูกต้องของเมื่อวานตามประเภทเกม: สล็อตและยิงปลา 0.8% คาสิโนสดและกีฬา 0.5% ไพ่ 0.4% หวย 0.3%',
      ),
      vi: p(
        'Mỗi sáng chúng tôi hoàn trả trên cược hợp lệ hôm qua theo loại trò chơi: slot và bắn cá 0,8%, casino trực tiếp và thể thao 0,5%, game bài 0,4%, xổ số 0,3%.',
      ),
    },
    imageUrl: '/media/banners/slots.webp?v=1',
    sort: 60,
  },
  rescue: {
    category: 'others',
    claimMode: 'claim',
    frequency: 'daily',
    rule: { kind: 'lossPercent', rate: 500, cap: 100, minLoss: 10 },
    eligibility: {},
    turnover: { multipleTenths: 10, base: 'bonus' },
    titles: {
      km: 'ប្រាក់ជំនួយ 5%',
      en: '5% rescue bonus',
      zh: '5% 救援金',
      th: 'โบนัสช่วยเหลือ 5%',
      vi: 'Thưởng cứu trợ 5%',
    },
    contents: {
      km: p('បើអ្នកខាតពី 10 ឡើងទៅកាលពីម្សិលមិញ ទទួលយក 5% នៃការខាតនោះថ្ងៃនេះ ដល់ 100។'),
      en: p('If you lost 10 or more yesterday, claim 5% of that loss today, up to 100.'),
      zh: p('如果您昨天净输 10 或以上，今天可领取亏损的 5%，最高 100。'),
      th: p('หากเมื่อวานคุณเสีย 10 ขึ้นไป วันนี้รับคืน 5% ของยอดเสีย สูงสุด 100'),
      vi: p('Nếu hôm qua bạn thua từ 10 trở lên, hôm nay nhận 5% số thua, tối đa 100.'),
    },
    imageUrl: null,
    sort: 70,
  },
  promoCode: {
    category: 'others',
    claimMode: 'promoCode',
    frequency: 'once',
    rule: { kind: 'fixed', amount: 3 },
    eligibility: {},
    turnover: { multipleTenths: 20, base: 'bonus' },
    code: 'LOTUS3',
    codeUses: 500,
    titles: {
      km: 'លេខកូដប្រូម៉ូសិន',
      en: 'Promo code',
      zh: '优惠码',
      th: 'โค้ดโปรโมชั่น',
      vi: 'Mã khuyến mãi',
    },
    contents: {
      km: p('បញ្ចូលលេខកូដ LOTUS3 ដើម្បីទទួលបាន 3។ សម្រាប់សមាជិក 500 នាក់ដំបូង។'),
      en: p('Enter the code LOTUS3 to get 3. For the first 500 members.'),
      zh: p('输入优惠码 LOTUS3 即可获得 3。限前 500 名会员。'),
      th: p('ใส่โค้ด LOTUS3 รับ 3 สำหรับสมาชิก 500 คนแรก'),
      vi: p('Nhập mã LOTUS3 để nhận 3. Dành cho 500 thành viên đầu tiên.'),
    },
    imageUrl: null,
    sort: 80,
  },
  apply: {
    category: 'slots',
    claimMode: 'apply',
    frequency: 'weekly',
    rule: { kind: 'fixed', amount: 10 },
    eligibility: {},
    turnover: { multipleTenths: 10, base: 'bonus' },
    titles: {
      km: 'ចែករំលែកការឈ្នះធំ',
      en: 'Share your big win',
      zh: '晒出您的大奖',
      th: 'แชร์ชัยชนะครั้งใหญ่',
      vi: 'Khoe chiến thắng lớn',
    },
    contents: {
      km: p(
        'ឈ្នះ 100 ដងនៃការភ្នាល់នៅលើស្លុត? ផ្ញើរូបថតអេក្រង់ (ដល់ 3) ជាមួយកំណត់សម្គាល់ ហើយទទួលបាន 10 បន្ទាប់ពីយើងពិនិត្យ។ ម្តងក្នុងមួយសប្តាហ៍។',
      ),
      en: p(
        'Won 100 times your bet on a slot? Send the screenshots (up to 3) with a remark and get 10 once we have checked it. Once a week.',
      ),
      zh: p('老虎机赢得投注额 100 倍？提交截图（最多 3 张）并附上备注，审核通过后可得 10。每周一次。'),
      th: p('ชนะ 100 เท่าของเดิมพันบนสล็อต? ส่งภาพหน้าจอ (สูงสุด 3 ภาพ) พร้อมหมายเหตุ รับ 10 หลังตรวจสอบ สัปดาห์ละครั้ง'),
      vi: p(
        'Thắng gấp 100 lần tiền cược ở slot? Gửi ảnh chụp màn hình (tối đa 3) kèm ghi chú và nhận 10 sau khi chúng tôi kiểm tra. Mỗi tuần một lần.',
      ),
    },
    imageUrl: null,
    sort: 90,
  },
  signUp: {
    category: 'liveCasino',
    claimMode: 'signUp',
    frequency: 'weekly',
    rule: { kind: 'fixed', amount: 8 },
    eligibility: { qualifyValidBets: 500 },
    turnover: { multipleTenths: 10, base: 'bonus' },
    titles: {
      km: 'បញ្ហាប្រឈមប្រចាំសប្តាហ៍',
      en: 'Weekly challenge',
      zh: '每周挑战',
      th: 'ภารกิจประจำสัปดาห์',
      vi: 'Thử thách hằng tuần',
    },
    contents: {
      km: p('ចុចចូលរួម បន្ទាប់មកភ្នាល់ត្រឹមត្រូវ 500 ក្នុងសប្តាហ៍នេះ ហើយទទួលយក 8។'),
      en: p('Tap Join, then make 500 of valid bets this week and claim 8.'),
      zh: p('点击参加，本周有效投注达到 500 即可领取 8。'),
      th: p('แตะเข้าร่วม แล้วทำยอดเดิมพันที่ถูกต้อง 500 ในสัปดาห์นี้ รับ 8'),
      vi: p('Chạm Tham gia, sau đó cược hợp lệ 500 trong tuần này và nhận 8.'),
    },
    imageUrl: null,
    sort: 100,
  },
}

/** A rule's amounts converted from whole units to minor units of a currency with `decimals`. */
export function ruleInMinor(rule: RewardRule, decimals: number): RewardRule {
  const minor = (v: number) => Math.round(v * 10 ** decimals)
  switch (rule.kind) {
    case 'fixed':
      return { ...rule, amount: minor(rule.amount) }
    case 'depositPercent':
      return { ...rule, cap: minor(rule.cap), minDeposit: minor(rule.minDeposit) }
    case 'lossPercent':
      return { ...rule, cap: minor(rule.cap), minLoss: minor(rule.minLoss) }
    case 'validBetRate':
      return { ...rule, cap: minor(rule.cap) }
  }
}

export function eligibilityInMinor(e: Eligibility, decimals: number): Eligibility {
  return e.qualifyValidBets === undefined
    ? e
    : { ...e, qualifyValidBets: Math.round(e.qualifyValidBets * 10 ** decimals) }
}

/**
 * The raffle (decision 028): made with its settings by the raffle service, not by `promotion
 * create`, so it is kept apart from `templateNames`. Its rule shows the first prize; the
 * draw, not the rule, decides what is paid.
 */
export const raffleTemplate: Template = {
  category: 'others',
  claimMode: 'auto',
  frequency: 'weekly',
  rule: { kind: 'fixed', amount: 50 },
  eligibility: {},
  turnover: { multipleTenths: 10, base: 'bonus' },
  titles: {
    km: 'ឆ្នោតរង្វាន់ប្រចាំសប្តាហ៍',
    en: 'Weekly raffle',
    zh: '每周抽奖',
    th: 'จับรางวัลประจำสัปดาห์',
    vi: 'Rút thăm hằng tuần',
  },
  contents: {
    km: p(
      'ចុចចូលរួម។ រាល់ការភ្នាល់ត្រឹមត្រូវ 100 ក្នុងសប្តាហ៍នេះ ផ្តល់សំបុត្រមួយ។ ការចាប់ឆ្នោតនៅដើមសប្តាហ៍បន្ទាប់៖ លេខ 1 ទទួលបាន 50 លេខ 2 ទទួលបាន 20 និងលេខ 3 បីនាក់ទទួលបាន 5 ម្នាក់។ អ្នកណាក៏អាចពិនិត្យការចាប់ឆ្នោតបាន។',
    ),
    en: p(
      'Tap Join. Every 100 of valid bets this week is one ticket. The draw is early next week: 1st wins 50, 2nd wins 20 and three 3rd prizes win 5 each. Anyone can check the draw.',
    ),
    zh: p(
      '点击参加。本周每 100 有效投注得一张抽奖券。下周初开奖：一等奖 50，二等奖 20，三名三等奖各 5。任何人都可以验证开奖结果。',
    ),
    th: p(
      'แตะเข้าร่วม ทุกยอดเดิมพันที่ถูกต้อง 100 ในสัปดาห์นี้ได้ 1 ตั๋ว จับรางวัลต้นสัปดาห์หน้า: ที่ 1 รับ 50 ที่ 2 รับ 20 และที่ 3 สามรางวัล รางวัลละ 5 ทุกคนตรวจสอบผลได้',
    ),
    vi: p(
      'Chạm Tham gia. Mỗi 100 cược hợp lệ trong tuần này là một vé. Quay thưởng đầu tuần sau: giải nhất 50, giải nhì 20 và ba giải ba mỗi giải 5. Ai cũng có thể kiểm tra kết quả.',
    ),
  },
  imageUrl: null,
  sort: 110,
}

/** The template name a raffle's promotion row carries. */
export const raffleTemplateName = 'raffle'

/** A promotion's kind on the wire (PromotionSchema's `kind`): set for a template the app shows its own way. */
export function kindOfTemplate(template: string): PromotionKind | null {
  return template === raffleTemplateName ? 'raffle' : null
}

/** The demo raffle's settings, in whole units of the currency. */
export const raffleDefaults = {
  ticketValidBets: 100,
  prizes: [
    { rank: 1, amount: 50, count: 1 },
    { rank: 2, amount: 20, count: 1 },
    { rank: 3, amount: 5, count: 3 },
  ],
  drawDelayMinutes: 30,
}

/**
 * Templates of backing promotions other areas pay through `give` (decision 030): never
 * listed to members, so no member call can reach them.
 */
export const vipLevelUpTemplateName = 'vipLevelUp'
/** A mission's bonus or cash (server/loyalty/missions). */
export const missionTemplateName = 'mission'
/** A point-mall reward's cash or bonus (server/loyalty/points), one promotion per reward. */
export const pointMallTemplateName = 'pointMall'
/** Points converted to money (server/loyalty/points), one promotion per brand. */
export const pointConvertTemplateName = 'pointConvert'
/** A VIP level's birthday bonus, once per member and year (server/loyalty/vip/birthday.ts). */
export const vipBirthdayTemplateName = 'vipBirthday'
/** A member's referral rewards, once per friend and a daily share (server/referral). */
export const referralTemplateName = 'referral'
export const unlistedTemplates: readonly string[] = [
  vipLevelUpTemplateName,
  missionTemplateName,
  pointMallTemplateName,
  pointConvertTemplateName,
  vipBirthdayTemplateName,
  referralTemplateName,
]

/** A backing promotion of another area: to a member's call it is as missing as an unknown id. */
export const isUnlisted = (p: { template: string }) => unlistedTemplates.includes(p.template)
