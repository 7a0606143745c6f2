/**
 * Feedback (issue 37): a member sends a suggestion or a problem, within the brand's word
 * limits and daily allowance, with up to 3 images the server re-encodes (images.ts); the
 * operator replies or closes it, and a reply is a notice (inbox and push) in the same
 * transaction. Checks that need no database run first; the allowance is counted under the
 * member's row lock, so 20 parallel sends never pass it.
 */
import {
  countWords,
  defaultFeedbackLimits,
  feedbackNumber,
  maxFeedbackImages,
  type Feedback,
  type FeedbackLimits,
  type FeedbackStatus,
  type FeedbackType,
} from '#contract/feedback'
import { maxImageBytes, type ImageUpload } from '#contract/funds'
import { periodAt } from '../contracts/periods'
import { AppError } from '../http/errors'
import { cleanImage, type CleanImage } from '../money/clean-image'
import type { MerchantRow } from '../money/common'
import { feedbackReplyReason } from '../notify/feedback-text'
import type { NoticeWriter } from '../notify/notices'
import type { Db, Tx } from '../plugins/external/db'
import type { FeedbackRepository, FeedbackRow, ImageRef } from './feedback-repository'

/** Runs the write in one transaction (the idempotency key's, for a member's submit). */
export type Run = <T>(work: (tx: Tx) => Promise<T>) => Promise<T>

export interface FeedbackServiceDeps {
  db: Db
  repo: FeedbackRepository
  notices: NoticeWriter
  now: () => Date
}

export function toFeedback(f: FeedbackRow, images: readonly ImageRef[]): Feedback {
  return {
    id: f.id,
    number: feedbackNumber(f.id),
    type: f.type,
    content: f.content,
    images: images
      .filter((i) => i.feedbackId === f.id)
      .map(({ id, width, height }) => ({ id, width, height })),
    status: f.status,
    time: f.createdAt.getTime(),
    reply: f.reply,
    repliedAt: f.repliedAt ? f.repliedAt.getTime() : null,
  }
}

/** The content as kept: one Unicode form, Windows line ends made plain, no outer blanks. */
export function normalContent(content: string): string {
  return content.normalize('NFC').replace(/\r\n?/g, '\n').trim()
}

export function createFeedbackService({ db, repo, notices, now }: FeedbackServiceDeps) {
  async function limits(merchantCode: string, ex: Db | Tx = db): Promise<FeedbackLimits> {
    const row = await repo.settings(merchantCode, ex)
    return {
      minWords: row?.minWords ?? defaultFeedbackLimits.minWords,
      maxWords: row?.maxWords ?? defaultFeedbackLimits.maxWords,
      perDay: row?.perDay ?? defaultFeedbackLimits.perDay,
      maxImages: maxFeedbackImages,
      maxImageBytes,
    }
  }

  return {
    limits,

    async submit(
      m: MerchantRow,
      memberId: number,
      input: { type: FeedbackType; content: string; images: readonly ImageUpload[] },
      run: Run,
    ): Promise<{ feedback: Feedback }> {
      const lim = await limits(m.code)
      const content = normalContent(input.content)
      const words = countWords(content)
      const range = { min: lim.minWords, max: lim.maxWords, words }
      if (words < lim.minWords) throw new AppError('feedback_too_short', 'the feedback is too short', range)
      if (words > lim.maxWords) throw new AppError('feedback_too_long', 'the feedback is too long', range)
      if (input.images.length > maxFeedbackImages) {
        throw new AppError('too_many_images', 'too many images', { max: maxFeedbackImages })
      }
      // Decoded one at a time, before the transaction: no row lock waits on image work.
      const images: CleanImage[] = []
      for (const i of input.images) images.push(await cleanImage(i))
      return run(async (tx) => {
        const at = now()
        await repo.lockMember(memberId, tx)
        const day = periodAt('day', m.timeZone, at)
        const sent = await repo.sentBetween(memberId, day.start, day.end, tx)
        if (sent >= lim.perDay) {
          throw new AppError('feedback_daily_limit', 'no more feedback today', { limit: lim.perDay })
        }
        const f = await repo.insert(
          { merchantCode: m.code, memberId, type: input.type, content, createdAt: at },
          tx,
        )
        const refs = await repo.insertImages(f.id, memberId, images, at, tx)
        return { feedback: toFeedback(f, refs) }
      })
    },

    async list(
      m: MerchantRow,
      memberId: number,
      q: { pageNo: number; pageSize: number; id?: number | undefined },
    ) {
      const [{ rows, total }, lim] = await Promise.all([repo.page(memberId, q), limits(m.code)])
      const images = await repo.imagesOf(rows.map((r) => r.id))
      return {
        list: rows.map((r) => toFeedback(r, images)),
        total,
        pageNo: q.pageNo,
        pageSize: q.pageSize,
        limits: lim,
      }
    },

    /** An image's stored bytes; another member's (or a missing one) is not found. */
    async image(m: MerchantRow, memberId: number | null, id: number) {
      const row = await repo.image(id, memberId, m.code)
      if (!row) throw new AppError('feedback_not_found', 'no such image')
      return row
    },

    /** The operator's reply; the member's notice is written with it. A closed one takes none. */
    reply(m: MerchantRow, id: number, reply: string, by: string, ex: Db | Tx = db) {
      return ex.transaction(async (tx) => {
        const before = await repo.lockOne(m.code, id, tx)
        if (!before) throw new AppError('feedback_not_found', 'no such feedback')
        if (before.status === 'closed') return { before, after: null }
        const at = now()
        const after = await repo.setReply(id, reply, by, at, tx)
        await notices.record(tx, {
          memberId: after.memberId,
          kind: 'feedback_replied',
          amount: 0n,
          reference: `feedback:${id}`,
          reason: feedbackReplyReason({ number: feedbackNumber(id), reply }),
          at,
        })
        return { before, after }
      })
    },

    close(m: MerchantRow, id: number, ex: Db | Tx = db) {
      return ex.transaction(async (tx) => {
        const before = await repo.lockOne(m.code, id, tx)
        if (!before) throw new AppError('feedback_not_found', 'no such feedback')
        if (before.status === 'closed') return { before, after: null }
        return { before, after: await repo.close(id, now(), tx) }
      })
    },

    /** The brand's limits, set by the operator. */
    saveLimits(
      merchantCode: string,
      v: { minWords: number; maxWords: number; perDay: number },
      ex: Db | Tx = db,
    ) {
      return repo.saveSettings(merchantCode, v, now(), ex)
    },

    operatorList(
      m: MerchantRow,
      filter: { status?: FeedbackStatus | undefined; memberId?: number | undefined },
      ex: Db | Tx = db,
    ) {
      return repo.forOperator(m.code, filter, 200, ex)
    },
  }
}

export type FeedbackService = ReturnType<typeof createFeedbackService>
