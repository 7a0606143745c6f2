/**
 * Feedback (issue 37, spec sections 2 and 5): a member sends a suggestion or a problem with
 * up to 3 png or jpg images, within the brand's word limits ("feedback content length between
 * {0} and {1} words"), and reads their own feedback with the operator's replies. A reply is
 * also a notice (inbox and push). Every call carries the feedback switch (FEEDBACK3).
 *
 * The submit is the platform's `common.feedback` (PUT /wps/feedback). The reference names no
 * read of one's own feedback, nor of its images: those follow the relay's MCSFE_ naming
 * (MCSFE_getFeedbackList, MCSFE_getFeedbackImage), as the member's other reads do.
 */
import { z } from 'zod/mini'
import { defineEndpoint } from './endpoint'
import { ImageUploadSchema, imageBodyLimit, maxImageBytes } from './funds'
import { PageQueryShape, intFromQuery, pageOf } from './paging'
import { textBlock } from './text'

export const feedbackTypes = ['suggestion', 'problem', 'payment', 'game', 'other'] as const
export const FeedbackTypeSchema = z.enum(feedbackTypes)
export type FeedbackType = z.infer<typeof FeedbackTypeSchema>

/** Waiting for the operator, answered, or closed by the operator (with or without a reply). */
export const feedbackStatuses = ['pending', 'replied', 'closed'] as const
export const FeedbackStatusSchema = z.enum(feedbackStatuses)
export type FeedbackStatus = z.infer<typeof FeedbackStatusSchema>

/** At most 3 images (issue 37), each a png or jpg of at most 5 MB (funds.ts). */
export const maxFeedbackImages = 3
/** The most characters a content may have whatever the brand's word limit (a hard cap). */
export const maxFeedbackChars = 5000
/** The longest reply an operator writes. */
export const maxFeedbackReply = 2000
/** The brand's limits when it set none: sensible for a few sentences in any of the languages. */
export const defaultFeedbackLimits = { minWords: 3, maxWords: 500, perDay: 10 } as const

/** The spec's number of a feedback: FB and its id in 8 digits. */
export function feedbackNumber(id: number): string {
  return `FB${String(id).padStart(8, '0')}`
}

let segmenter: Intl.Segmenter | null | undefined

/**
 * The words of a text, counted alike by the app (the live count) and the server (the check).
 *
 * Khmer, Thai and Chinese write no spaces between words, so splitting on spaces would count
 * a whole Khmer sentence as one word. Intl.Segmenter with granularity 'word' finds word
 * boundaries by the Unicode rules plus ICU's dictionaries for those scripts; `isWordLike`
 * leaves out the spaces, punctuation and emoji between the words. Where a runtime has no
 * Segmenter (an old browser), each run of letters or digits counts as one word and each
 * Han, Thai or Khmer character as one: an estimate the server's count corrects.
 */
export function countWords(content: string): number {
  if (segmenter === undefined) {
    segmenter =
      typeof Intl.Segmenter === 'function' ? new Intl.Segmenter(undefined, { granularity: 'word' }) : null
  }
  if (segmenter) {
    let n = 0
    for (const s of segmenter.segment(content)) if (s.isWordLike) n += 1
    return n
  }
  const scriptChars = content.match(/[\p{Script=Han}\p{Script=Thai}\p{Script=Khmer}]/gu)?.length ?? 0
  const others = content
    .replace(/[\p{Script=Han}\p{Script=Thai}\p{Script=Khmer}]/gu, ' ')
    .match(/[\p{L}\p{N}][\p{L}\p{M}\p{N}'’-]*/gu)
  return scriptChars + (others?.length ?? 0)
}

export const FeedbackLimitsSchema = z.object({
  minWords: z.int(),
  maxWords: z.int(),
  /** Feedback a member may send in a day of the brand's time zone. */
  perDay: z.int(),
  maxImages: z.int(),
  maxImageBytes: z.int(),
})
export type FeedbackLimits = z.infer<typeof FeedbackLimitsSchema>

export const FeedbackImageSchema = z.object({
  id: z.int(),
  width: z.int(),
  height: z.int(),
})

export const FeedbackSchema = z.object({
  id: z.int(),
  /** The spec's number (FB00000012). */
  number: z.string(),
  type: FeedbackTypeSchema,
  content: z.string(),
  images: z.array(FeedbackImageSchema),
  status: FeedbackStatusSchema,
  /** Sent, epoch ms. */
  time: z.number(),
  /** The operator's reply; null while none. */
  reply: z.nullable(z.string()),
  repliedAt: z.nullable(z.number()),
})
export type Feedback = z.infer<typeof FeedbackSchema>

const feedbackErrors = ['in_need_true_account', 'feature_disabled'] as const

export const feedbackEndpoints = {
  submit: defineEndpoint({
    name: 'feedback.submit',
    method: 'PUT',
    path: '/wps/feedback',
    auth: 'member',
    encrypted: false,
    idempotent: true,
    modId: 'FEEDBACK3',
    bodyLimit: imageBodyLimit * maxFeedbackImages,
    body: z.object({
      type: FeedbackTypeSchema,
      content: textBlock(maxFeedbackChars),
      // A few more than allowed pass the schema, so a fourth image is told as such.
      images: z._default(z.array(ImageUploadSchema).check(z.maxLength(8)), []),
    }),
    response: z.object({ feedback: FeedbackSchema }),
    errors: [
      ...feedbackErrors,
      'idempotency_key_required',
      'idempotency_key_reused',
      'feedback_too_short',
      'feedback_too_long',
      'feedback_daily_limit',
      'too_many_images',
      'image_invalid',
      'validation_failed',
    ],
  }),
  list: defineEndpoint({
    name: 'feedback.list',
    method: 'GET',
    path: '/wps/relay/MCSFE_getFeedbackList',
    auth: 'member',
    encrypted: false,
    modId: 'FEEDBACK3',
    query: z.object({
      ...PageQueryShape,
      /** Only this feedback (a notice's link). */
      id: z.optional(intFromQuery(1, 2_147_483_647, 10)),
    }),
    response: z.object({ ...pageOf(FeedbackSchema).shape, limits: FeedbackLimitsSchema }),
    errors: [...feedbackErrors],
  }),
  image: defineEndpoint({
    name: 'feedback.image',
    method: 'GET',
    path: '/wps/relay/MCSFE_getFeedbackImage',
    auth: 'member',
    encrypted: false,
    modId: 'FEEDBACK3',
    query: z.object({ id: intFromQuery(1, 2_147_483_647, 10) }),
    /** The stored picture: re-encoded by the server, never the bytes that were uploaded. */
    response: z.object({ contentType: z.enum(['image/png', 'image/jpeg']), data: z.string() }),
    errors: [...feedbackErrors, 'feedback_not_found'],
  }),
} as const

export { maxImageBytes }
