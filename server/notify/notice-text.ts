/**
 * What a fund notice says, in the member's language: the title and body of its push. The
 * amount is shown with the brand's currency symbol and decimals.
 */
import type { Locale } from '#contract/locales'
import { formatMinor, type Currency } from '#contract/money'
import type { PushNoticeType } from '#contract/push-payload'
import { feedbackTexts } from './feedback-text'
import { redemptionTexts } from './redemption-text'

interface Text {
  title: string
  body: (amount: string, reason: string | null) => string
}

const because = (reason: string | null, word: string) => (reason ? ` ${word}: ${reason}` : '')

/** A contract's kind, named in each language; a contract notice's `reason` holds the kind. */
const kindNames: Record<string, Record<Locale, string>> = {
  dividend: { en: 'dividend', km: 'ភាគលាភ', zh: '分红', th: 'เงินปันผล', vi: 'chia cổ tức' },
  dailySalary: {
    en: 'daily salary',
    km: 'ប្រាក់ខែប្រចាំថ្ងៃ',
    zh: '日工资',
    th: 'เงินเดือนรายวัน',
    vi: 'lương ngày',
  },
  hourlySalary: {
    en: 'hourly salary',
    km: 'ប្រាក់ខែប្រចាំម៉ោង',
    zh: '时薪',
    th: 'เงินเดือนรายชั่วโมง',
    vi: 'lương giờ',
  },
  realTimeSalary: {
    en: 'real-time salary',
    km: 'ប្រាក់ខែភ្លាមៗ',
    zh: '实时工资',
    th: 'เงินเดือนแบบเรียลไทม์',
    vi: 'lương thời gian thực',
  },
}

function contractText(texts: Record<Locale, [string, (kind: string) => string]>): Record<Locale, Text> {
  const out = {} as Record<Locale, Text>
  for (const [locale, [title, body]] of Object.entries(texts) as [
    Locale,
    [string, (k: string) => string],
  ][]) {
    out[locale] = { title, body: (_a, kind) => body(kindNames[kind ?? '']?.[locale] ?? kind ?? '') }
  }
  return out
}

/** A payment's text: the kind's name and the amount. */
function paidText(
  texts: Record<Locale, [string, (kind: string, amount: string) => string]>,
): Record<Locale, Text> {
  const out = {} as Record<Locale, Text>
  for (const [locale, [title, body]] of Object.entries(texts) as [
    Locale,
    [string, (k: string, a: string) => string],
  ][]) {
    out[locale] = { title, body: (a, kind) => body(kindNames[kind ?? '']?.[locale] ?? kind ?? '', a) }
  }
  return out
}

/**
 * What a raffle win's notice keeps in its reason (JSON): the rank, the raffle, and its title
 * in each language, so the inbox and the push each name it in the reader's language.
 */
export interface RaffleWin {
  rank: number
  promotionId: number
  titles: Partial<Record<Locale, string>>
}

export const raffleWonReason = (w: RaffleWin): string => JSON.stringify(w)

/** The win a raffle notice's reason holds, or null when it holds none. */
export function raffleWinOf(reason: string | null): RaffleWin | null {
  if (!reason) return null
  try {
    const w = JSON.parse(reason) as Partial<RaffleWin> | null
    if (!w || !Number.isInteger(w.rank) || !Number.isInteger(w.promotionId)) return null
    const titles = typeof w.titles === 'object' && w.titles !== null ? w.titles : {}
    return { rank: w.rank as number, promotionId: w.promotionId as number, titles }
  } catch {
    return null
  }
}

/** A raffle win's text: the rank, the raffle's title in the language (else English) and the prize. */
function wonText(
  texts: Record<Locale, [string, (rank: number, raffle: string, amount: string) => string]>,
): Record<Locale, Text> {
  const out = {} as Record<Locale, Text>
  for (const [locale, [title, body]] of Object.entries(texts) as [
    Locale,
    [string, (n: number, r: string, a: string) => string],
  ][]) {
    out[locale] = {
      title,
      body: (a, reason) => {
        const w = raffleWinOf(reason)
        const name = w?.titles[locale] ?? w?.titles.en ?? Object.values(w?.titles ?? {})[0] ?? ''
        return body(w?.rank ?? 1, name, a)
      },
    }
  }
  return out
}

/** What a level-up notice keeps in its reason (JSON): the rank and the level's names per language. */
export interface VipLevelUp {
  rank: number
  names: Partial<Record<Locale, string>>
}

export const vipLevelUpReason = (v: VipLevelUp): string => JSON.stringify(v)

/** The level a level-up notice's reason holds, or null. */
export function vipLevelOf(reason: string | null): VipLevelUp | null {
  if (!reason) return null
  try {
    const v = JSON.parse(reason) as Partial<VipLevelUp> | null
    if (!v || !Number.isInteger(v.rank)) return null
    return { rank: v.rank as number, names: typeof v.names === 'object' && v.names !== null ? v.names : {} }
  } catch {
    return null
  }
}

/** A level-up's text: the level's name in the language (else English), with the bonus when one was paid. */
function levelUpText(
  texts: Record<Locale, [string, (level: string) => string, (amount: string) => string]>,
): Record<Locale, Text> {
  const out = {} as Record<Locale, Text>
  for (const [locale, [title, reached, bonus]] of Object.entries(texts) as [
    Locale,
    [string, (l: string) => string, (a: string) => string],
  ][]) {
    out[locale] = {
      title,
      body: (a, reason) => {
        const v = vipLevelOf(reason)
        const name = v?.names[locale] ?? v?.names.en ?? Object.values(v?.names ?? {})[0] ?? ''
        return `${reached(name)}${/[1-9]/.test(a) ? bonus(a) : ''}`
      },
    }
  }
  return out
}

const texts: Record<PushNoticeType, Record<Locale, Text>> = {
  ...redemptionTexts,
  ...feedbackTexts,
  vip_birthday: {
    en: { title: 'Happy birthday!', body: (a) => `Your birthday bonus of ${a} is in your balance.` },
    km: { title: 'រីករាយថ្ងៃកំណើត!', body: (a) => `ប្រាក់រង្វាន់ថ្ងៃកំណើត ${a} មាននៅក្នុងសមតុល្យរបស់អ្នក។` },
    zh: { title: '生日快乐！', body: (a) => `您的生日奖金 ${a} 已存入您的余额。` },
    th: { title: 'สุขสันต์วันเกิด!', body: (a) => `โบนัสวันเกิด ${a} เข้ายอดเงินของคุณแล้ว` },
    vi: { title: 'Chúc mừng sinh nhật!', body: (a) => `Thưởng sinh nhật ${a} đã vào số dư của bạn.` },
  },
  vip_level_up: levelUpText({
    en: [
      'VIP level up',
      (l) => `You reached ${l}.`,
      (a) => ` Your level-up bonus of ${a} is in your balance.`,
    ],
    km: ['ឡើងកម្រិត VIP', (l) => `អ្នកបានឡើងដល់កម្រិត ${l}។`, (a) => ` ប្រាក់រង្វាន់ឡើងកម្រិត ${a} មាននៅក្នុងសមតុល្យរបស់អ្នក។`],
    zh: ['VIP 晋级', (l) => `恭喜您晋级为${l}。`, (a) => `晋级奖金 ${a} 已存入您的余额。`],
    th: ['เลื่อนระดับ VIP', (l) => `คุณได้เลื่อนเป็นระดับ ${l} แล้ว`, (a) => ` โบนัสเลื่อนระดับ ${a} เข้ายอดเงินของคุณแล้ว`],
    vi: [
      'Thăng cấp VIP',
      (l) => `Bạn đã đạt cấp ${l}.`,
      (a) => ` Thưởng thăng cấp ${a} đã vào số dư của bạn.`,
    ],
  }),
  raffle_won: wonText({
    en: ['You won the raffle', (n, r, a) => `You won rank ${n} in ${r}: ${a} is in your balance.`],
    km: ['អ្នកឈ្នះឆ្នោតរង្វាន់', (n, r, a) => `អ្នកឈ្នះចំណាត់ថ្នាក់ទី ${n} ក្នុង ${r}៖ ${a} មាននៅក្នុងសមតុល្យរបស់អ្នក។`],
    zh: ['恭喜您中奖', (n, r, a) => `您在${r}中获得第 ${n} 名：${a} 已存入您的余额。`],
    th: ['คุณถูกรางวัล', (n, r, a) => `คุณได้อันดับที่ ${n} ใน${r}: ${a} เข้ายอดเงินของคุณแล้ว`],
    vi: ['Bạn đã trúng thưởng', (n, r, a) => `Bạn đạt hạng ${n} trong ${r}: ${a} đã vào số dư của bạn.`],
  }),
  contract_offered: contractText({
    en: ['New contract offer', (k) => `Your upline offers you a ${k} contract. Open it to accept or reject.`],
    km: ['ការផ្តល់កិច្ចសន្យាថ្មី', (k) => `ថ្នាក់លើរបស់អ្នកផ្តល់កិច្ចសន្យា${k}ឱ្យអ្នក។ បើកវាដើម្បីទទួលយក ឬបដិសេធ។`],
    zh: ['新的契约邀请', (k) => `您的上级向您提供了${k}契约，请打开以接受或拒绝。`],
    th: ['ข้อเสนอสัญญาใหม่', (k) => `อัปไลน์ของคุณเสนอสัญญา${k}ให้คุณ เปิดเพื่อยอมรับหรือปฏิเสธ`],
    vi: [
      'Đề nghị hợp đồng mới',
      (k) => `Tuyến trên đề nghị bạn hợp đồng ${k}. Mở để chấp nhận hoặc từ chối.`,
    ],
  }),
  contract_accepted: contractText({
    en: ['Contract accepted', (k) => `Your ${k} contract offer was accepted.`],
    km: ['កិច្ចសន្យាត្រូវបានទទួលយក', (k) => `ការផ្តល់កិច្ចសន្យា${k}របស់អ្នកត្រូវបានទទួលយក។`],
    zh: ['契约已接受', (k) => `您提供的${k}契约已被接受。`],
    th: ['ยอมรับสัญญาแล้ว', (k) => `ข้อเสนอสัญญา${k}ของคุณได้รับการยอมรับแล้ว`],
    vi: ['Hợp đồng đã được chấp nhận', (k) => `Đề nghị hợp đồng ${k} của bạn đã được chấp nhận.`],
  }),
  contract_rejected: contractText({
    en: ['Contract rejected', (k) => `Your ${k} contract offer was rejected.`],
    km: ['កិច្ចសន្យាត្រូវបានបដិសេធ', (k) => `ការផ្តល់កិច្ចសន្យា${k}របស់អ្នកត្រូវបានបដិសេធ។`],
    zh: ['契约被拒绝', (k) => `您提供的${k}契约已被拒绝。`],
    th: ['สัญญาถูกปฏิเสธ', (k) => `ข้อเสนอสัญญา${k}ของคุณถูกปฏิเสธ`],
    vi: ['Hợp đồng bị từ chối', (k) => `Đề nghị hợp đồng ${k} của bạn đã bị từ chối.`],
  }),
  contract_terminated: contractText({
    en: ['Contract ended', (k) => `A ${k} contract of yours was terminated. Open it to see when it ends.`],
    km: ['កិច្ចសន្យាបានបញ្ចប់', (k) => `កិច្ចសន្យា${k}របស់អ្នកត្រូវបានបញ្ចប់។ បើកវាដើម្បីមើលថាពេលណាវាបញ្ចប់។`],
    zh: ['契约已终止', (k) => `您的${k}契约已被终止，打开查看其结束时间。`],
    th: ['สัญญาสิ้นสุดแล้ว', (k) => `สัญญา${k}ของคุณถูกยกเลิก เปิดเพื่อดูว่าจะสิ้นสุดเมื่อใด`],
    vi: [
      'Hợp đồng đã chấm dứt',
      (k) => `Hợp đồng ${k} của bạn đã bị chấm dứt. Mở để xem thời điểm kết thúc.`,
    ],
  }),
  contract_paid: paidText({
    en: ['Contract payment', (k, a) => `Your ${k} of ${a} was paid into your balance.`],
    km: ['ការទូទាត់កិច្ចសន្យា', (k, a) => `${k}របស់អ្នកចំនួន ${a} ត្រូវបានបង់ចូលសមតុល្យរបស់អ្នក។`],
    zh: ['契约发放', (k, a) => `您的${k} ${a} 已发放到您的余额。`],
    th: ['การจ่ายตามสัญญา', (k, a) => `${k}ของคุณจำนวน ${a} ได้จ่ายเข้ายอดเงินของคุณแล้ว`],
    vi: ['Thanh toán hợp đồng', (k, a) => `Khoản ${k} ${a} của bạn đã được trả vào số dư.`],
  }),
  promotion_approved: {
    en: {
      title: 'Application approved',
      body: (a) => `Your promotion application was approved: ${a} is in your balance.`,
    },
    km: {
      title: 'ពាក្យស្នើសុំត្រូវបានអនុម័ត',
      body: (a) => `ពាក្យស្នើសុំប្រូម៉ូសិនរបស់អ្នកត្រូវបានអនុម័ត៖ ${a} មាននៅក្នុងសមតុល្យរបស់អ្នក។`,
    },
    zh: { title: '申请已通过', body: (a) => `您的活动申请已通过：${a} 已存入您的余额。` },
    th: { title: 'อนุมัติคำขอแล้ว', body: (a) => `คำขอโปรโมชั่นของคุณได้รับการอนุมัติ: ${a} เข้ายอดเงินของคุณแล้ว` },
    vi: {
      title: 'Đơn đăng ký đã được duyệt',
      body: (a) => `Đơn khuyến mãi của bạn đã được duyệt: ${a} đã vào số dư của bạn.`,
    },
  },
  promotion_rejected: {
    en: {
      title: 'Application not approved',
      body: (_a, r) => `Your promotion application was not approved.${because(r, 'Reason')}`,
    },
    km: {
      title: 'ពាក្យស្នើសុំមិនត្រូវបានអនុម័ត',
      body: (_a, r) => `ពាក្យស្នើសុំប្រូម៉ូសិនរបស់អ្នកមិនត្រូវបានអនុម័តទេ។${because(r, 'មូលហេតុ')}`,
    },
    zh: { title: '申请未通过', body: (_a, r) => `您的活动申请未通过。${because(r, '原因')}` },
    th: {
      title: 'คำขอไม่ได้รับการอนุมัติ',
      body: (_a, r) => `คำขอโปรโมชั่นของคุณไม่ได้รับการอนุมัติ${because(r, 'เหตุผล')}`,
    },
    vi: {
      title: 'Đơn đăng ký không được duyệt',
      body: (_a, r) => `Đơn khuyến mãi của bạn không được duyệt.${because(r, 'Lý do')}`,
    },
  },
  promotion_issued: {
    en: {
      title: 'A reward is waiting',
      body: (a) => `A reward of ${a} is waiting for you in the reward centre. Tap to claim it.`,
    },
    km: { title: 'រង្វាន់កំពុងរង់ចាំ', body: (a) => `រង្វាន់ ${a} កំពុងរង់ចាំអ្នកនៅមជ្ឈមណ្ឌលរង្វាន់។ ចុចដើម្បីទទួលយក។` },
    zh: { title: '有奖励待领取', body: (a) => `奖励中心有 ${a} 的奖励等您领取，点击领取。` },
    th: { title: 'มีรางวัลรอคุณอยู่', body: (a) => `รางวัล ${a} รอคุณอยู่ในศูนย์รางวัล แตะเพื่อรับ` },
    vi: {
      title: 'Có phần thưởng đang chờ',
      body: (a) => `Phần thưởng ${a} đang chờ bạn trong trung tâm phần thưởng. Chạm để nhận.`,
    },
  },
  promotion_credited: {
    en: { title: 'Reward credited', body: (a) => `A promotion reward of ${a} was added to your balance.` },
    km: { title: 'រង្វាន់ត្រូវបានបញ្ចូល', body: (a) => `រង្វាន់ប្រូម៉ូសិន ${a} ត្រូវបានបញ្ចូលទៅសមតុល្យរបស់អ្នក។` },
    zh: { title: '奖励已到账', body: (a) => `活动奖励 ${a} 已存入您的余额。` },
    th: { title: 'ได้รับรางวัลแล้ว', body: (a) => `รางวัลโปรโมชั่น ${a} ถูกเพิ่มเข้ายอดเงินของคุณแล้ว` },
    vi: {
      title: 'Đã cộng phần thưởng',
      body: (a) => `Phần thưởng khuyến mãi ${a} đã được cộng vào số dư của bạn.`,
    },
  },
  transfer_from_upline: {
    en: {
      title: 'Transfer from your upline',
      body: (a) => `Your upline sent you ${a}. It is in your balance.`,
    },
    km: {
      title: 'ការផ្ទេរពីថ្នាក់លើរបស់អ្នក',
      body: (a) => `ថ្នាក់លើរបស់អ្នកបានផ្ញើ ${a} មកអ្នក។ វាមាននៅក្នុងសមតុល្យរបស់អ្នកហើយ។`,
    },
    zh: { title: '来自上级的转账', body: (a) => `您的上级向您转账 ${a}，已存入您的余额。` },
    th: { title: 'เงินโอนจากอัปไลน์ของคุณ', body: (a) => `อัปไลน์ของคุณโอน ${a} ให้คุณแล้ว อยู่ในยอดเงินของคุณ` },
    vi: {
      title: 'Chuyển khoản từ tuyến trên',
      body: (a) => `Tuyến trên đã chuyển cho bạn ${a}. Số tiền đã vào số dư của bạn.`,
    },
  },
  deposit_credited: {
    en: { title: 'Deposit received', body: (a) => `${a} has been added to your balance.` },
    km: { title: 'បានទទួលប្រាក់បញ្ញើ', body: (a) => `${a} ត្រូវបានបញ្ចូលទៅសមតុល្យរបស់អ្នក។` },
    zh: { title: '存款已到账', body: (a) => `${a} 已存入您的余额。` },
    th: { title: 'ได้รับเงินฝากแล้ว', body: (a) => `${a} ถูกเพิ่มเข้ายอดเงินของคุณแล้ว` },
    vi: { title: 'Đã nhận tiền nạp', body: (a) => `${a} đã được cộng vào số dư của bạn.` },
  },
  deposit_failed: {
    en: {
      title: 'Deposit not completed',
      body: (a, r) => `Your deposit of ${a} was not completed.${because(r, 'Reason')}`,
    },
    km: {
      title: 'ការដាក់ប្រាក់មិនបានសម្រេច',
      body: (a, r) => `ការដាក់ប្រាក់ ${a} របស់អ្នកមិនបានសម្រេចទេ។${because(r, 'មូលហេតុ')}`,
    },
    zh: { title: '存款未完成', body: (a, r) => `您的 ${a} 存款未完成。${because(r, '原因')}` },
    th: { title: 'การฝากเงินไม่สำเร็จ', body: (a, r) => `การฝากเงิน ${a} ของคุณไม่สำเร็จ${because(r, 'เหตุผล')}` },
    vi: {
      title: 'Nạp tiền chưa hoàn tất',
      body: (a, r) => `Khoản nạp ${a} của bạn chưa hoàn tất.${because(r, 'Lý do')}`,
    },
  },
  withdrawal_approved: {
    en: {
      title: 'Withdrawal paid',
      body: (a) => `${a} has been paid to your bank account. Please confirm when it arrives.`,
    },
    km: { title: 'ការដកប្រាក់ត្រូវបានបង់', body: (a) => `${a} ត្រូវបានផ្ទេរទៅគណនីធនាគាររបស់អ្នក។ សូមបញ្ជាក់នៅពេលទទួលបាន។` },
    zh: { title: '提款已支付', body: (a) => `${a} 已支付到您的银行账户，到账后请确认。` },
    th: { title: 'จ่ายเงินถอนแล้ว', body: (a) => `${a} ถูกโอนเข้าบัญชีธนาคารของคุณแล้ว โปรดยืนยันเมื่อได้รับเงิน` },
    vi: {
      title: 'Đã chi trả khoản rút',
      body: (a) => `${a} đã được chuyển vào tài khoản ngân hàng của bạn. Vui lòng xác nhận khi nhận được.`,
    },
  },
  withdrawal_rejected: {
    en: {
      title: 'Withdrawal rejected',
      body: (a, r) =>
        `Your withdrawal of ${a} was rejected and the amount is back in your balance.${because(r, 'Reason')}`,
    },
    km: {
      title: 'ការដកប្រាក់ត្រូវបានបដិសេធ',
      body: (a, r) => `ការដកប្រាក់ ${a} របស់អ្នកត្រូវបានបដិសេធ ហើយប្រាក់បានត្រឡប់ទៅសមតុល្យវិញ។${because(r, 'មូលហេតុ')}`,
    },
    zh: {
      title: '提款被拒绝',
      body: (a, r) => `您的 ${a} 提款被拒绝，金额已退回余额。${because(r, '原因')}`,
    },
    th: {
      title: 'การถอนเงินถูกปฏิเสธ',
      body: (a, r) => `การถอนเงิน ${a} ของคุณถูกปฏิเสธ และยอดเงินกลับเข้ายอดคงเหลือแล้ว${because(r, 'เหตุผล')}`,
    },
    vi: {
      title: 'Khoản rút bị từ chối',
      body: (a, r) =>
        `Khoản rút ${a} của bạn bị từ chối và số tiền đã được hoàn vào số dư.${because(r, 'Lý do')}`,
    },
  },
  withdrawal_auto_received: {
    en: { title: 'Withdrawal completed', body: (a) => `Your withdrawal of ${a} is marked as received.` },
    km: { title: 'ការដកប្រាក់បានបញ្ចប់', body: (a) => `ការដកប្រាក់ ${a} របស់អ្នកត្រូវបានកត់ត្រាថាបានទទួល។` },
    zh: { title: '提款已完成', body: (a) => `您的 ${a} 提款已标记为已到账。` },
    th: { title: 'การถอนเงินเสร็จสมบูรณ์', body: (a) => `การถอนเงิน ${a} ของคุณถูกบันทึกว่าได้รับแล้ว` },
    vi: {
      title: 'Khoản rút đã hoàn tất',
      body: (a) => `Khoản rút ${a} của bạn đã được ghi nhận là đã nhận.`,
    },
  },
}

export function noticeText(
  type: PushNoticeType,
  locale: Locale,
  amount: bigint,
  currency: Currency,
  reason: string | null,
): { title: string; body: string } {
  const t = texts[type][locale]
  const shown = `${amount < 0n ? '-' : ''}${currency.symbol}${formatMinor(amount < 0n ? -amount : amount, currency)}`
  return { title: t.title, body: t.body(shown, reason) }
}
