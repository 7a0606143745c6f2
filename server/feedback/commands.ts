/**
 * The operator's feedback commands (issue 37): list the brand's feedback (by status or
 * member), show one with its images, reply (the member gets a notice: inbox and push),
 * close, and set the brand's word limits and daily allowance. Through the feedback service;
 * each change with its row in the audit trail.
 */
import { writeFile } from 'node:fs/promises'
import { and, eq } from 'drizzle-orm'
import { feedbackNumber, feedbackStatuses, maxFeedbackReply, type FeedbackStatus } from '#contract/feedback'
import { feedbackImages, members } from '../db/schema'
import { AppError } from '../http/errors'
import type { MerchantRow } from '../money/common'
import type { CommandSpec, OpsContext } from '../ops/commands'
import { OpsError } from '../ops/ops-error'
import { brandOf, idOf, noMore, oneOf, options, parsed, required, text } from '../ops/ops-input'
import { feedbackServiceOf } from './feedback-of'
import type { FeedbackRow } from './feedback-repository'

const serviceOf = (ctx: OpsContext) => feedbackServiceOf(ctx.db, ctx.notices ? { notices: ctx.notices } : {})

/** An id as typed: 12 or FB00000012. */
const feedbackId = (what: string, raw: string | undefined) => idOf(what, raw?.replace(/^FB0*/i, ''))

const oneLine = (s: string, max: number) => {
  const flat = s.replace(/\s+/g, ' ')
  return flat.length > max ? `${flat.slice(0, max)}…` : flat
}

function describe(f: FeedbackRow, username: string): string {
  return [
    `${feedbackNumber(f.id)} (${f.id}) ${f.status} ${f.createdAt.toISOString()} ${username} ${f.type}`,
    `"${oneLine(f.content, 80)}"`,
    f.reply ? `reply: "${oneLine(f.reply, 60)}"` : null,
  ]
    .filter((x) => x !== null)
    .join(', ')
}

async function memberIdOf(ctx: OpsContext, username: string): Promise<number> {
  const [m] = await ctx.db
    .select({ id: members.id })
    .from(members)
    .where(and(eq(members.merchantCode, ctx.merchantCode), eq(members.username, username)))
  if (!m) throw new OpsError(`feedback list: no member ${username} in ${ctx.merchantCode}`)
  return m.id
}

async function feedbackCommand(ctx: OpsContext, args: string[]): Promise<string> {
  const [word, ...rest] = args
  const mode = oneOf('feedback: the action', word, ['list', 'show', 'reply', 'close', 'limits', 'image'])
  const m = await brandOf(ctx)
  const service = serviceOf(ctx)
  if (mode === 'list') {
    const { values, positionals } = options(rest, { status: { type: 'string' }, member: { type: 'string' } })
    noMore('feedback list', positionals)
    const status: FeedbackStatus | undefined =
      values.status === undefined
        ? undefined
        : oneOf('feedback list: --status', values.status, feedbackStatuses)
    const memberId =
      values.member === undefined
        ? undefined
        : await memberIdOf(ctx, required('feedback list: --member', values.member))
    const rows = await service.operatorList(m, { status, memberId }, ctx.db)
    if (rows.length === 0) return status ? `no ${status} feedback` : 'no feedback'
    return rows.map((r) => describe(r.f, r.username)).join('\n')
  }
  if (mode === 'limits') {
    if (rest.length === 0) {
      const l = await service.limits(m.code, ctx.db)
      return `feedback content between ${l.minWords} and ${l.maxWords} words, at most ${l.perDay} a day per member`
    }
    const [rawMin, rawMax, rawPerDay, ...extra] = rest
    noMore('feedback limits <min> <max> <per day>', extra)
    const count = (what: string, raw: string | undefined, max: number) => {
      const v = required(what, raw)
      if (!/^\d{1,5}$/.test(v) || Number(v) < 1 || Number(v) > max)
        throw new OpsError(`${what} is a whole number from 1 to ${max}, not "${v}"`)
      return Number(v)
    }
    const minWords = count('feedback limits: the fewest words', rawMin, 1000)
    const maxWords = count('feedback limits: the most words', rawMax, 1000)
    const perDay = count('feedback limits: the feedback a member may send a day', rawPerDay, 1000)
    if (maxWords < minWords)
      throw new OpsError(`feedback limits: the most words (${maxWords}) is below the fewest (${minWords})`)
    const before = await service.limits(m.code, ctx.db)
    await service.saveLimits(m.code, { minWords, maxWords, perDay }, ctx.db)
    ctx.audit?.({
      target: `feedback limits ${m.code}`,
      before: { minWords: before.minWords, maxWords: before.maxWords, perDay: before.perDay },
      after: { minWords, maxWords, perDay },
    })
    ctx.invalidate()
    return `feedback content between ${minWords} and ${maxWords} words, at most ${perDay} a day per member`
  }
  if (mode === 'image') return imageCommand(ctx, m, rest)
  const id = feedbackId(`feedback ${mode}: the feedback's id`, rest[0])
  if (mode === 'show') {
    noMore(`feedback show ${id}`, rest.slice(1))
    const [row] = await service.operatorList(m, {}, ctx.db).then((rows) => rows.filter((r) => r.f.id === id))
    if (!row) throw new OpsError(`feedback show: no feedback ${rest[0] ?? ''}`)
    const images = await ctx.db
      .select({
        id: feedbackImages.id,
        contentType: feedbackImages.contentType,
        width: feedbackImages.width,
        height: feedbackImages.height,
        size: feedbackImages.size,
        sha256: feedbackImages.sha256,
      })
      .from(feedbackImages)
      .where(eq(feedbackImages.feedbackId, id))
    return [
      describe(row.f, row.username),
      `content:\n${row.f.content}`,
      ...images.map(
        (i) => `image ${i.id}: ${i.contentType} ${i.width}×${i.height}, ${i.size} bytes, sha256 ${i.sha256}`,
      ),
      row.f.reply
        ? `reply (${row.f.repliedBy ?? ''}, ${row.f.repliedAt?.toISOString() ?? ''}):\n${row.f.reply}`
        : null,
    ]
      .filter((x) => x !== null)
      .join('\n')
  }
  try {
    if (mode === 'close') {
      noMore(`feedback close ${id}`, rest.slice(1))
      const { before, after } = await service.close(m, id, ctx.db)
      if (!after) throw new OpsError(`feedback ${feedbackNumber(id)} is closed already; nothing was done`)
      ctx.audit?.({
        target: `feedback ${id}`,
        before: { status: before.status },
        after: { status: after.status },
      })
      return `${feedbackNumber(id)} closed`
    }
    const reply = parsed(text('feedback reply: the reply', maxFeedbackReply), rest.slice(1).join(' '))
    const { before, after } = await service.reply(
      m,
      id,
      reply,
      `operator:${ctx.operator ?? 'operator'}`,
      ctx.db,
    )
    if (!after)
      throw new OpsError(`feedback ${feedbackNumber(id)} is closed; reopen is not offered, nothing was done`)
    ctx.audit?.({
      target: `feedback ${id}`,
      before: { status: before.status, reply: before.reply },
      after: { status: after.status, reply },
    })
    return `${feedbackNumber(id)} replied; the member is told`
  } catch (err) {
    if (err instanceof AppError) throw new OpsError(`feedback ${mode}: no feedback ${rest[0] ?? ''}`)
    throw err
  }
}

/**
 * Writes one stored image (as the server re-encoded it) to a new file on this host, for the
 * operator to look at: audited, as a read of a member's private picture; never overwrites.
 */
async function imageCommand(ctx: OpsContext, m: MerchantRow, rest: string[]): Promise<string> {
  const { values, positionals } = options(rest, { out: { type: 'string' } })
  const [raw, ...extra] = positionals
  const id = idOf("feedback image: the image's id", raw)
  noMore(`feedback image ${id}`, extra)
  const out = required('feedback image: --out (a new .png or .jpg file)', values.out)
  if (!/\.(png|jpe?g)$/i.test(out))
    throw new OpsError(`feedback image: --out names a .png or .jpg file, not "${out}"`)
  const img = await serviceOf(ctx)
    .image(m, null, id)
    .catch((err: unknown) => {
      if (err instanceof AppError) throw new OpsError(`feedback image: no image ${id}`)
      throw err
    })
  try {
    await writeFile(out, img.data, { flag: 'wx' })
  } catch (err) {
    throw new OpsError(
      `feedback image: ${out} could not be written (${(err as NodeJS.ErrnoException).code ?? 'error'}); nothing was written`,
    )
  }
  ctx.audit?.({ target: `feedback image ${id}`, before: null, after: { file: out } })
  return `image ${id} (${img.contentType}) written to ${out}`
}

export const feedbackCommands: Record<string, CommandSpec> = {
  feedback: {
    usage:
      'feedback list [--status pending|replied|closed] [--member <username>] | show <id> | reply <id> <text…> | close <id> | image <image id> --out <file> | limits [<min words> <max words> <per day>]',
    summary:
      "members' feedback: list or show it, reply (the member gets a notice) or close one, save an image to a file (audited), and the brand's word limits and daily allowance (audited)",
    readOnly: (args) =>
      args[0] === 'list' || args[0] === 'show' || (args[0] === 'limits' && args.length === 1),
    run: feedbackCommand,
  },
}
