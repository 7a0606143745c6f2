/**
 * Feedback (issue 37): a member sends feedback within the brand's word limits with up to 3
 * png or jpg images that the server re-encodes, reads their own with the operator's replies,
 * and a reply is a notice. Every bad input is refused with its errorCode and writes nothing;
 * 20 identical sends make one feedback, and the daily allowance holds under 20 at once.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { countWords, feedbackEndpoints, feedbackNumber } from '#contract/feedback'
import { inboxEndpoints } from '#contract/inbox'
import { feedback, feedbackImages, fundNotices, operatorActions } from '#server/db/schema'
import { build, runOps, type TestServer } from '../build-server'
import { failureOf, plainCall, valueOf } from '../identity-helpers'
import { moneyMember, newKey, tinyGif, tinyPng, type MoneyMember } from '../money-helpers'

let server: TestServer
let alice: MoneyMember

beforeAll(async () => {
  server = await build()
  alice = await moneyMember(server, undefined, 'fb')
})
afterAll(async () => {
  await server?.close()
})

const submitPath = feedbackEndpoints.submit.path

function send(token: string, body: unknown, key: string | null = newKey()) {
  return server.app.inject({
    method: 'PUT',
    url: submitPath,
    headers: {
      authorization: token,
      'content-type': 'application/json',
      ...(key === null ? {} : { 'idempotency-key': key }),
    },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  })
}

const sent = (res: Awaited<ReturnType<typeof send>>) =>
  valueOf(res, (v) => feedbackEndpoints.submit.response.parse(v)).feedback

async function rowsOf(memberId: number) {
  return server.db.select().from(feedback).where(eq(feedback.memberId, memberId))
}

/** A real picture: a 40×30 gradient, as png or jpeg, in base64. */
async function picture(format: 'png' | 'jpeg'): Promise<string> {
  const raw = Buffer.alloc(40 * 30 * 3)
  for (let i = 0; i < raw.length; i += 3) {
    raw[i] = i % 256
    raw[i + 1] = 128
    raw[i + 2] = 255 - (i % 256)
  }
  const img = sharp(raw, { raw: { width: 40, height: 30, channels: 3 } })
  return (await (format === 'png' ? img.png() : img.jpeg()).toBuffer()).toString('base64')
}

const words = 'The deposit page did not load on my phone today'

describe('counting words', () => {
  it('counts words in English by their spaces and punctuation', () => {
    expect(countWords('Hello, world! It works.')).toBe(4)
    expect(countWords('  ')).toBe(0)
    expect(countWords('😀 !!! ...')).toBe(0)
  })

  it('counts words in Khmer, Thai and Chinese, which put no spaces between them', () => {
    // Each is one "word" by its spaces; the segmenter finds the words inside.
    const khmer = 'ខ្ញុំចង់ដាក់ប្រាក់ប៉ុន្តែមិនបានទេ'
    const thai = 'ฉันต้องการฝากเงินแต่ทำไม่ได้'
    const chinese = '我想存款但是无法完成'
    for (const t of [khmer, thai, chinese]) {
      expect(t.split(/\s+/)).toHaveLength(1)
      expect(countWords(t)).toBeGreaterThanOrEqual(4)
      expect(countWords(t)).toBeLessThanOrEqual(10)
    }
    expect(countWords('Tôi muốn nạp tiền nhưng không được')).toBe(7)
  })
})

describe('sending feedback', () => {
  it('keeps the feedback with its images re-encoded, and lists it with the limits', async () => {
    const png = await picture('png')
    const jpg = await picture('jpeg')
    const res = await send(alice.token, {
      type: 'payment',
      content: `  ${words}\nPlease help.  `,
      images: [
        { contentType: 'image/png', data: png },
        { contentType: 'image/jpeg', data: jpg },
      ],
    })
    const f = sent(res)
    expect(f).toMatchObject({
      number: feedbackNumber(f.id),
      type: 'payment',
      content: `${words}\nPlease help.`,
      status: 'pending',
      reply: null,
    })
    expect(f.images.map((i) => [i.width, i.height])).toEqual([
      [40, 30],
      [40, 30],
    ])
    const stored = await server.db.select().from(feedbackImages).where(eq(feedbackImages.feedbackId, f.id))
    expect(stored.map((i) => i.contentType).sort()).toEqual(['image/jpeg', 'image/png'])
    // The bytes kept are the server's encoding, not the upload's.
    expect(stored.map((i) => i.data.toString('base64'))).not.toContain(png)
    expect(stored.map((i) => i.data.toString('base64'))).not.toContain(jpg)

    const list = valueOf(
      await plainCall(server, 'GET', feedbackEndpoints.list.path, { token: alice.token }),
      (v) => feedbackEndpoints.list.response.parse(v),
    )
    expect(list.list.map((x) => x.id)).toContain(f.id)
    expect(list.limits).toMatchObject({ minWords: 3, maxWords: 500, maxImages: 3 })

    const img = valueOf(
      await plainCall(server, 'GET', `${feedbackEndpoints.image.path}?id=${f.images[0]?.id}`, {
        token: alice.token,
      }),
      (v) => feedbackEndpoints.image.response.parse(v),
    )
    expect(img.contentType).toBe('image/png')
    const meta = await sharp(Buffer.from(img.data, 'base64')).metadata()
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 40, 30])
  })

  it('takes Khmer, Thai and Chinese feedback that has no spaces', async () => {
    for (const content of ['ខ្ញុំចង់ដាក់ប្រាក់ប៉ុន្តែមិនបានទេ', 'ฉันต้องการฝากเงินแต่ทำไม่ได้', '我想存款但是无法完成']) {
      expect(sent(await send(alice.token, { type: 'problem', content })).content).toBe(content)
    }
  })

  it('refuses content outside the word limits, with the limits and the count', async () => {
    const m = await moneyMember(server, undefined, 'fw')
    const short = await send(m.token, { type: 'other', content: 'Hi there' })
    expect(short.statusCode).toBe(422)
    expect(failureOf(short)).toMatchObject({
      errorCode: 'feedback_too_short',
      value: { min: 3, max: 500, words: 2 },
    })
    // One Chinese character is not three words, though it is one "word" by spaces.
    expect(failureOf(await send(m.token, { type: 'other', content: '好' })).errorCode).toBe(
      'feedback_too_short',
    )
    const long = await send(m.token, { type: 'other', content: 'word '.repeat(501) })
    expect(failureOf(long)).toMatchObject({ errorCode: 'feedback_too_long', value: { words: 501 } })
    expect(await rowsOf(m.id)).toEqual([])
  })

  it('follows the limits the operator sets', async () => {
    const m = await moneyMember(server, undefined, 'fl')
    await runOps(server, 'feedback', 'limits', '2', '5', '10')
    try {
      expect(
        failureOf(await send(m.token, { type: 'game', content: 'one two three four five six' })).errorCode,
      ).toBe('feedback_too_long')
      expect(sent(await send(m.token, { type: 'game', content: 'Slots freeze' })).content).toBe(
        'Slots freeze',
      )
    } finally {
      await runOps(server, 'feedback', 'limits', '3', '500', '10')
    }
    expect(await runOps(server, 'feedback', 'limits')).toBe(
      'feedback content between 3 and 500 words, at most 10 a day per member',
    )
  })

  it('refuses a fourth image, and what is not a png or jpg by its bytes; nothing is written', async () => {
    const m = await moneyMember(server, undefined, 'fi')
    const png = { contentType: 'image/png', data: tinyPng }
    const four = await send(m.token, { type: 'problem', content: words, images: [png, png, png, png] })
    expect(four.statusCode).toBe(422)
    expect(failureOf(four)).toMatchObject({ errorCode: 'too_many_images', value: { max: 3 } })

    const gifAsPng = await send(m.token, {
      type: 'problem',
      content: words,
      images: [{ contentType: 'image/png', data: tinyGif }],
    })
    expect(failureOf(gifAsPng).errorCode).toBe('image_invalid')

    // A PNG's signature followed by a web page: it starts like a PNG and does not decode.
    const header = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
    const html = Buffer.from('<html><script>alert(document.cookie)</script></html>')
    const polyglot = await send(m.token, {
      type: 'problem',
      content: words,
      images: [{ contentType: 'image/png', data: Buffer.concat([header, html]).toString('base64') }],
    })
    expect(polyglot.statusCode).toBe(400)
    expect(failureOf(polyglot).errorCode).toBe('image_invalid')

    // A real PNG with a page after its end: kept as the pixels only.
    const real = Buffer.from(await picture('png'), 'base64')
    const trailing = sent(
      await send(m.token, {
        type: 'problem',
        content: words,
        images: [{ contentType: 'image/png', data: Buffer.concat([real, html]).toString('base64') }],
      }),
    )
    const [kept] = await server.db
      .select()
      .from(feedbackImages)
      .where(eq(feedbackImages.feedbackId, trailing.id))
    expect(kept?.data.includes(html)).toBe(false)
    expect(await rowsOf(m.id)).toHaveLength(1)
  })

  it('refuses malformed requests with their codes: nothing is written', async () => {
    const m = await moneyMember(server, undefined, 'fm')
    const bodiless = await server.app.inject({
      method: 'PUT',
      url: submitPath,
      headers: { authorization: m.token, 'idempotency-key': newKey() },
    })
    expect(failureOf(bodiless).errorCode).toBe('request_body_required')
    expect(failureOf(await send(m.token, '{"type":')).errorCode).toBe('invalid_json')
    expect(failureOf(await send(m.token, { type: 'complaint', content: words })).errorCode).toBe(
      'validation_failed',
    )
    expect(failureOf(await send(m.token, { type: 'other', content: 12345 })).errorCode).toBe(
      'validation_failed',
    )
    expect(failureOf(await send(m.token, { type: 'other', content: words, images: 'x' })).errorCode).toBe(
      'validation_failed',
    )
    const control = await send(m.token, { type: 'other', content: `${words}\u0000\u0007` })
    expect(failureOf(control).errorCode).toBe('validation_failed')
    expect(failureOf(await send(m.token, { type: 'other', content: 'a'.repeat(5001) })).errorCode).toBe(
      'validation_failed',
    )
    const huge = await send(m.token, {
      type: 'other',
      content: words,
      images: [{ contentType: 'image/png', data: 'A'.repeat(25 * 1024 * 1024) }],
    })
    expect(huge.statusCode).toBe(413)
    expect(failureOf(huge).errorCode).toBe('payload_too_large')
    expect(failureOf(await send(m.token, { type: 'other', content: words }, null)).errorCode).toBe(
      'idempotency_key_required',
    )
    expect(await rowsOf(m.id)).toEqual([])
  })

  it('makes one feedback of 20 identical sends at once, each answered alike', async () => {
    const m = await moneyMember(server, undefined, 'fp')
    const key = newKey()
    const body = { type: 'suggestion', content: words, images: [{ contentType: 'image/png', data: tinyPng }] }
    const answers = await Promise.all(Array.from({ length: 20 }, () => send(m.token, body, key)))
    const ids = new Set(answers.map((r) => sent(r).id))
    expect(ids.size).toBe(1)
    expect(await rowsOf(m.id)).toHaveLength(1)
    const [only] = await rowsOf(m.id)
    expect(
      await server.db
        .select()
        .from(feedbackImages)
        .where(eq(feedbackImages.feedbackId, only?.id ?? 0)),
    ).toHaveLength(1)
  })

  it('holds the daily allowance under 20 different sends at once', async () => {
    const m = await moneyMember(server, undefined, 'fd')
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => send(m.token, { type: 'other', content: `${words} ${i}` })),
    )
    const ok = answers.filter((r) => r.statusCode === 200)
    expect(ok).toHaveLength(10)
    const refused = answers.filter((r) => r.statusCode !== 200)
    expect(refused.map((r) => r.statusCode)).toEqual(Array(10).fill(429))
    expect(failureOf(refused[0]!)).toMatchObject({ errorCode: 'feedback_daily_limit', value: { limit: 10 } })
    expect(await rowsOf(m.id)).toHaveLength(10)
  })
})

describe('the operator', () => {
  it('replies through ops; the member reads the reply on the list and as a notice', async () => {
    const m = await moneyMember(server, undefined, 'fr')
    const f = sent(await send(m.token, { type: 'payment', content: words }))
    expect(await runOps(server, 'feedback', 'list', '--status', 'pending', '--member', m.username)).toContain(
      `${feedbackNumber(f.id)} (${f.id}) pending`,
    )
    const audits = (await server.db.select().from(operatorActions)).length
    expect(await runOps(server, 'feedback', 'reply', feedbackNumber(f.id), 'We', 'refunded', 'it.')).toBe(
      `${feedbackNumber(f.id)} replied; the member is told`,
    )
    expect((await server.db.select().from(operatorActions)).length).toBe(audits + 1)

    const list = valueOf(
      await plainCall(server, 'GET', `${feedbackEndpoints.list.path}?id=${f.id}`, { token: m.token }),
      (v) => feedbackEndpoints.list.response.parse(v),
    )
    expect(list.list).toHaveLength(1)
    expect(list.list[0]).toMatchObject({ status: 'replied', reply: 'We refunded it.' })

    const inbox = valueOf(
      await plainCall(server, 'GET', inboxEndpoints.list.path, {
        token: m.token,
        headers: { language: 'km' },
      }),
      (v) => inboxEndpoints.list.response.parse(v),
    )
    expect(inbox.unread).toBe(1)
    expect(inbox.list[0]).toMatchObject({
      type: 'feedback_replied',
      title: 'ការឆ្លើយតបចំពោះមតិកែលម្អរបស់អ្នក',
      url: '/index?popup=memberCentre&centre=feedback',
    })
    expect(inbox.list[0]?.body).toContain('We refunded it.')
    const notices = await server.db.select().from(fundNotices).where(eq(fundNotices.memberId, m.id))
    expect(notices.map((n) => n.kind)).toEqual(['feedback_replied'])

    expect(await runOps(server, 'feedback', 'close', String(f.id))).toBe(`${feedbackNumber(f.id)} closed`)
    await expect(runOps(server, 'feedback', 'reply', String(f.id), 'More')).rejects.toThrow(/is closed/)
    expect(await runOps(server, 'feedback', 'show', String(f.id))).toContain('reply (operator:')
  })

  it('saves an image to a new file for the operator, audited, and never over another file', async () => {
    const m = await moneyMember(server, undefined, 'fo')
    const f = sent(
      await send(m.token, {
        type: 'problem',
        content: words,
        images: [{ contentType: 'image/jpeg', data: await picture('jpeg') }],
      }),
    )
    const imageId = String(f.images[0]?.id)
    const dir = await mkdtemp(path.join(tmpdir(), 'feedback-image-'))
    try {
      const out = path.join(dir, 'shot.jpg')
      const audits = (await server.db.select().from(operatorActions)).length
      expect(await runOps(server, 'feedback', 'image', imageId, '--out', out)).toBe(
        `image ${imageId} (image/jpeg) written to ${out}`,
      )
      expect((await sharp(await readFile(out)).metadata()).format).toBe('jpeg')
      expect((await server.db.select().from(operatorActions)).length).toBe(audits + 1)
      await expect(runOps(server, 'feedback', 'image', imageId, '--out', out)).rejects.toThrow(/EEXIST/)
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  })
})
