/**
 * What a point-mall redemption's notice says (decision 030): approved, or rejected with the
 * operator's remark and the points (and any money) returned. The notice's reason keeps the
 * redemption (JSON), so the inbox and the push name the item in the reader's language.
 */
import type { Locale } from '#contract/locales'

interface Text {
  title: string
  body: (amount: string, reason: string | null) => string
}

/** What a redemption notice keeps in its reason. */
export interface RedemptionNotice {
  /** The spec's transaction number (PR00000012). */
  number: string
  names: Partial<Record<Locale, string>>
  /** Points returned, as the wire shows them ("5000"). */
  points: string
  remark: string | null
}

export const redemptionReason = (r: RedemptionNotice): string => JSON.stringify(r)

/** The redemption a notice's reason holds, or null. */
export function redemptionOf(reason: string | null): RedemptionNotice | null {
  if (!reason) return null
  try {
    const r = JSON.parse(reason) as Partial<RedemptionNotice> | null
    if (!r || typeof r.number !== 'string') return null
    return {
      number: r.number,
      names: typeof r.names === 'object' && r.names !== null ? r.names : {},
      points: typeof r.points === 'string' ? r.points : '0',
      remark: typeof r.remark === 'string' ? r.remark : null,
    }
  } catch {
    return null
  }
}

type Says = (item: string, number: string, points: string, remark: string, amount: string | null) => string

function redemptionText(texts: Record<Locale, [string, Says]>): Record<Locale, Text> {
  const out = {} as Record<Locale, Text>
  for (const [locale, [title, says]] of Object.entries(texts) as [Locale, [string, Says]][]) {
    out[locale] = {
      title,
      body: (a, reason) => {
        const r = redemptionOf(reason)
        const item = r?.names[locale] ?? r?.names.en ?? Object.values(r?.names ?? {})[0] ?? ''
        return says(item, r?.number ?? '', r?.points ?? '0', r?.remark ?? '', /[1-9]/.test(a) ? a : null)
      },
    }
  }
  return out
}

export const redemptionTexts = {
  redemption_approved: redemptionText({
    en: ['Redemption approved', (i, n) => `Your redemption ${n} of ${i} was approved and is on its way.`],
    km: ['ការប្តូររង្វាន់ត្រូវបានអនុម័ត', (i, n) => `ការប្តូររង្វាន់ ${n} នៃ ${i} របស់អ្នកត្រូវបានអនុម័ត ហើយកំពុងផ្ញើទៅអ្នក។`],
    zh: ['兑换已批准', (i, n) => `您的兑换 ${n}（${i}）已批准，正在寄出。`],
    th: ['อนุมัติการแลกแล้ว', (i, n) => `การแลก ${n} (${i}) ของคุณได้รับอนุมัติและกำลังจัดส่ง`],
    vi: [
      'Đổi thưởng đã được duyệt',
      (i, n) => `Yêu cầu đổi ${n} (${i}) của bạn đã được duyệt và đang được gửi đi.`,
    ],
  }),
  redemption_rejected: redemptionText({
    en: [
      'Redemption rejected',
      (i, n, p, r, a) =>
        `Your redemption ${n} of ${i} was rejected${r ? `: ${r}` : ''}. ${p} points${a ? ` and ${a}` : ''} are back in your balance.`,
    ],
    km: [
      'ការប្តូររង្វាន់ត្រូវបានបដិសេធ',
      (i, n, p, r, a) =>
        `ការប្តូររង្វាន់ ${n} នៃ ${i} របស់អ្នកត្រូវបានបដិសេធ${r ? `៖ ${r}` : ''}។ ${p} ពិន្ទុ${a ? ` និង ${a}` : ''} បានត្រឡប់ទៅសមតុល្យរបស់អ្នកវិញ។`,
    ],
    zh: [
      '兑换被拒绝',
      (i, n, p, r, a) =>
        `您的兑换 ${n}（${i}）被拒绝${r ? `：${r}` : ''}。${p} 积分${a ? `及 ${a}` : ''}已退回您的余额。`,
    ],
    th: [
      'การแลกถูกปฏิเสธ',
      (i, n, p, r, a) =>
        `การแลก ${n} (${i}) ของคุณถูกปฏิเสธ${r ? `: ${r}` : ''} ${p} คะแนน${a ? `และ ${a}` : ''}ได้คืนเข้ายอดของคุณแล้ว`,
    ],
    vi: [
      'Đổi thưởng bị từ chối',
      (i, n, p, r, a) =>
        `Yêu cầu đổi ${n} (${i}) của bạn bị từ chối${r ? `: ${r}` : ''}. ${p} điểm${a ? ` và ${a}` : ''} đã được hoàn vào số dư.`,
    ],
  }),
}
