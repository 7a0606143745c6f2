/**
 * What a fund notice says, in the member's language: the title and body of its push. The
 * amount is shown with the brand's currency symbol and decimals.
 */
import type { Locale } from '#contract/locales'
import { formatMinor, type Currency } from '#contract/money'
import type { PushNoticeType } from '#contract/push-payload'

interface Text {
  title: string
  body: (amount: string, reason: string | null) => string
}

const because = (reason: string | null, word: string) => (reason ? ` ${word}: ${reason}` : '')

const texts: Record<PushNoticeType, Record<Locale, Text>> = {
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
