/**
 * What a feedback reply's notice says (issue 37): customer service answered the member's
 * feedback, with the start of the reply. The notice's reason keeps the feedback's number and
 * the reply (JSON), so the inbox and the push write it in the reader's language.
 */
import type { Locale } from '#contract/locales'

interface Text {
  title: string
  body: (amount: string, reason: string | null) => string
}

/** What a reply notice keeps in its reason. */
export interface FeedbackReplyNotice {
  /** The spec's number (FB00000012). */
  number: string
  reply: string
}

/** The most of a reply a notice quotes (a push's body is short). */
const quoted = 160

export const feedbackReplyReason = (r: FeedbackReplyNotice): string =>
  JSON.stringify({
    number: r.number,
    reply: r.reply.length > quoted ? `${r.reply.slice(0, quoted)}…` : r.reply,
  })

/** The reply a notice's reason holds, or null. */
export function feedbackReplyOf(reason: string | null): FeedbackReplyNotice | null {
  if (!reason) return null
  try {
    const r = JSON.parse(reason) as Partial<FeedbackReplyNotice> | null
    if (!r || typeof r.number !== 'string') return null
    return { number: r.number, reply: typeof r.reply === 'string' ? r.reply : '' }
  } catch {
    return null
  }
}

type Says = (number: string, reply: string) => string

function replyText(texts: Record<Locale, [string, Says]>): Record<Locale, Text> {
  const out = {} as Record<Locale, Text>
  for (const [locale, [title, says]] of Object.entries(texts) as [Locale, [string, Says]][]) {
    out[locale] = {
      title,
      body: (_a, reason) => {
        const r = feedbackReplyOf(reason)
        return says(r?.number ?? '', r?.reply ?? '')
      },
    }
  }
  return out
}

export const feedbackTexts = {
  feedback_replied: replyText({
    en: ['Reply to your feedback', (n, r) => `Customer service replied to your feedback ${n}: ${r}`],
    km: ['ការឆ្លើយតបចំពោះមតិកែលម្អរបស់អ្នក', (n, r) => `សេវាអតិថិជនបានឆ្លើយតបមតិកែលម្អ ${n} របស់អ្នក៖ ${r}`],
    zh: ['您的反馈已回复', (n, r) => `客服已回复您的反馈 ${n}：${r}`],
    th: ['มีการตอบกลับความคิดเห็นของคุณ', (n, r) => `ฝ่ายบริการลูกค้าได้ตอบกลับความคิดเห็น ${n} ของคุณ: ${r}`],
    vi: ['Phản hồi cho góp ý của bạn', (n, r) => `Chăm sóc khách hàng đã trả lời góp ý ${n} của bạn: ${r}`],
  }),
}
