/**
 * What the deposit page relies on: the reference the server makes for a bank transfer's
 * note (one deposit per reference, also when 20 arrive at once), the method's limits, the
 * bank's QR payload the operator sets (checked as EMVCo with its CRC, audited), typed or
 * read from a picture of the bank's sticker, and the result of an online payment, which only
 * its owner can read.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { and, desc, eq } from 'drizzle-orm'
import QRCode from 'qrcode'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { emvcoPayload, emvcoProblem } from '#contract/emvco'
import { DepositMethodSchema, DepositSchema, depositReferencePattern, fundsEndpoints } from '#contract/funds'
import * as s from '#server/db/schema'
import { reconcile } from '#server/money/ledger-reconcile'
import { build, runOps, type TestServer } from '../build-server'
import { failureOf, plainCall, valueOf } from '../identity-helpers'
import { moneyCall, moneyMember } from '../money-helpers'

let server: TestServer
const bank = fundsEndpoints.depositBank.path

beforeAll(async () => {
  server = await build()
})
afterAll(async () => {
  if (server) expect((await reconcile(server.db)).ok).toBe(true)
  await server?.close()
})

async function reference(token: string): Promise<string> {
  const res = await plainCall(server, 'GET', fundsEndpoints.depositReference.path, { token })
  return valueOf(res, (v) => z.object({ reference: z.string() }).parse(v)).reference
}

async function methods(token: string) {
  const res = await plainCall(server, 'GET', fundsEndpoints.depositMethods.path, { token })
  return valueOf(res, (v) => z.object({ methods: z.array(DepositMethodSchema) }).parse(v)).methods
}

describe('the transfer reference', () => {
  it('is short and readable, new on every ask, and kept on the deposit sent with it', async () => {
    const m = await moneyMember(server)
    const refs = await Promise.all(Array.from({ length: 5 }, () => reference(m.token)))
    for (const r of refs) expect(r).toMatch(depositReferencePattern)
    expect(new Set(refs).size).toBe(5)
    const res = await moneyCall(server, m.token, bank, {
      methodCode: 'BANK',
      amount: '20',
      referenceCode: refs[0],
    })
    const d = valueOf(res, (v) => DepositSchema.parse(v))
    expect(d).toMatchObject({ referenceCode: refs[0], reference: null, status: 'PENDING' })
    const [row] = await server.db.select().from(s.deposits).where(eq(s.deposits.id, d.id))
    expect(row?.referenceCode).toBe(refs[0])
  })

  it('refuses a reference another deposit carries, and the page’s retry with the same key is the same deposit', async () => {
    const a = await moneyMember(server)
    const b = await moneyMember(server)
    const ref = await reference(a.token)
    const key = 'same-key-reference-test'
    const first = await moneyCall(
      server,
      a.token,
      bank,
      { methodCode: 'BANK', amount: '20', referenceCode: ref },
      key,
    )
    const again = await moneyCall(
      server,
      a.token,
      bank,
      { methodCode: 'BANK', amount: '20', referenceCode: ref },
      key,
    )
    expect(again.json()).toEqual(first.json())
    const reused = await moneyCall(server, a.token, bank, {
      methodCode: 'BANK',
      amount: '30',
      referenceCode: ref,
    })
    expect(reused.statusCode).toBe(409)
    expect(failureOf(reused).errorCode).toBe('deposit_reference_used')
    const other = await moneyCall(server, b.token, bank, {
      methodCode: 'BANK',
      amount: '30',
      referenceCode: ref,
    })
    expect(failureOf(other).errorCode).toBe('deposit_reference_used')
    const mine = await server.db.select().from(s.deposits).where(eq(s.deposits.referenceCode, ref))
    expect(mine).toHaveLength(1)
  })

  it('refuses a reference not in the server’s alphabet', async () => {
    const m = await moneyMember(server)
    for (const referenceCode of ['ABCD1234', 'abcdefgh', 'ABC', 'ABCDEFGHJ']) {
      const res = await moneyCall(server, m.token, bank, { methodCode: 'BANK', amount: '20', referenceCode })
      expect(failureOf(res).errorCode).toBe('validation_failed')
    }
  })

  it('takes one of 20 deposits sent at once with the same reference, and 20 with their own all', async () => {
    const members = await Promise.all(Array.from({ length: 20 }, () => moneyMember(server)))
    const ref = await reference(members[0]!.token)
    const same = await Promise.all(
      members.map((m) =>
        moneyCall(server, m.token, bank, { methodCode: 'BANK', amount: '15', referenceCode: ref }),
      ),
    )
    expect(same.filter((r) => r.statusCode === 200)).toHaveLength(1)
    expect(same.filter((r) => r.statusCode !== 200).map((r) => failureOf(r).errorCode)).toEqual(
      Array(19).fill('deposit_reference_used'),
    )
    const own = await Promise.all(
      members.map(async (m) =>
        moneyCall(server, m.token, bank, {
          methodCode: 'BANK',
          amount: '15',
          referenceCode: await reference(m.token),
        }),
      ),
    )
    expect(own.map((r) => r.statusCode)).toEqual(Array(20).fill(200))
    // A caller that sends none gets one made by the server: 20 at once, 20 different.
    const made = await Promise.all(
      members.map((m) => moneyCall(server, m.token, bank, { methodCode: 'BANK', amount: '15' })),
    )
    const codes = made.map((r) => valueOf(r, (v) => DepositSchema.parse(v)).referenceCode)
    for (const c of codes) expect(c).toMatch(depositReferencePattern)
    expect(new Set(codes).size).toBe(20)
  })
})

describe('the method’s limits', () => {
  it('refuses an amount outside them with the limits, and takes both ends', async () => {
    const m = await moneyMember(server)
    const [bankMethod] = await methods(m.token)
    expect(bankMethod).toMatchObject({ code: 'BANK', minAmount: '10.00', maxAmount: '50000.00' })
    for (const amount of ['9.99', '50000.01']) {
      const res = await moneyCall(server, m.token, bank, { methodCode: 'BANK', amount })
      expect(res.statusCode).toBe(422)
      expect(failureOf(res)).toMatchObject({
        errorCode: 'amount_out_of_range',
        value: { min: '10.00', max: '50000.00' },
      })
    }
    for (const amount of ['10', '50000']) {
      expect((await moneyCall(server, m.token, bank, { methodCode: 'BANK', amount })).statusCode).toBe(200)
    }
  })
})

describe('the bank’s QR', () => {
  const payload = emvcoPayload([
    ['00', '01'],
    ['01', '11'],
    ['29', '0012test@bankqr'],
    ['53', '840'],
    ['58', 'KH'],
    ['59', 'Test Brand'],
    ['60', 'Phnom Penh'],
  ])

  it('checks a payload’s fields and its CRC', () => {
    expect(emvcoProblem(payload)).toBeNull()
    expect(emvcoProblem(payload.slice(0, -4) + '0000')).toMatch(/CRC/)
    expect(emvcoProblem('hello')).toMatch(/tag and length/)
    expect(emvcoProblem('0002016304')).toMatch(/runs past|CRC/)
    expect(emvcoProblem('0102116304ABCD')).toMatch(/start with 000201/)
    expect(emvcoProblem(payload.replace('Test Brand', 'Test Brant'))).toMatch(/CRC/)
    expect(emvcoProblem('')).toMatch(/empty/)
  })

  it('is set and cleared by the operator, with an audit row, and shown with the method', async () => {
    const m = await moneyMember(server)
    // The demo bank carries the demo's KHQR-like payload.
    const demo = (await methods(m.token)).find((x) => x.code === 'BANK')
    expect(demo?.qrPayload).toMatch(/^000201/)
    expect(emvcoProblem(demo?.qrPayload ?? '')).toBeNull()

    expect(await runOps(server, 'payment-method', 'qr', 'BANK', payload)).toContain('shows the QR')
    expect((await methods(m.token)).find((x) => x.code === 'BANK')?.qrPayload).toBe(payload)
    const [row] = await server.db
      .select()
      .from(s.operatorActions)
      .orderBy(desc(s.operatorActions.id))
      .limit(1)
    expect(row).toMatchObject({
      action: 'payment-method qr',
      target: 'deposit method BANK',
      before: { qrPayload: demo?.qrPayload },
      after: { qrPayload: payload },
    })

    await expect(runOps(server, 'payment-method', 'qr', 'BANK', `${payload.slice(0, -1)}0`)).rejects.toThrow(
      /not an EMVCo QR payload: the CRC/,
    )
    await expect(runOps(server, 'payment-method', 'qr', 'BANK', 'https://example.com/pay')).rejects.toThrow(
      /not an EMVCo QR payload/,
    )
    await expect(runOps(server, 'payment-method', 'qr', 'NOPE', payload)).rejects.toThrow(
      /no deposit method NOPE/,
    )
    await expect(runOps(server, 'payment-method', 'qr', 'BANK')).rejects.toThrow(
      /give the bank’s QR payload|--clear/,
    )
    expect((await methods(m.token)).find((x) => x.code === 'BANK')?.qrPayload).toBe(payload)

    expect(await runOps(server, 'payment-method', 'qr', 'BANK', '--clear')).toContain('shows no QR')
    expect((await methods(m.token)).find((x) => x.code === 'BANK')?.qrPayload).toBeNull()
    await runOps(server, 'payment-method', 'qr', 'BANK', demo?.qrPayload ?? '')
  })
})

describe('the bank’s QR from a picture of it', () => {
  const payload = emvcoPayload([
    ['00', '01'],
    ['01', '11'],
    ['29', '0018picture@bankqr.kh'],
    ['52', '5999'],
    ['53', '116'],
    ['58', 'KH'],
    ['59', 'Picture Brand'],
    ['60', 'Siem Reap'],
    // The merchant's name in Khmer (the language template): stored exactly, not as bytes.
    ['64', '0002km0111ហាងលេងល្បែង'],
  ])
  let dir: string
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'qr-picture-'))
  })
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  function file(name: string, bytes: Buffer | string): string {
    const full = path.join(dir, name)
    writeFileSync(full, bytes)
    return full
  }
  const qrPng = (text: string) => QRCode.toBuffer(text, { type: 'png', margin: 2, errorCorrectionLevel: 'M' })
  const stored = async () => {
    const [row] = await server.db
      .select({ qrPayload: s.depositMethods.qrPayload })
      .from(s.depositMethods)
      .where(and(eq(s.depositMethods.merchantCode, 'DEMO'), eq(s.depositMethods.code, 'BANK')))
    return row?.qrPayload
  }

  it('reads the sticker’s QR and stores its payload as typed after qr <CODE> is, audited the same way', async () => {
    expect(emvcoProblem(payload)).toBeNull()
    const m = await moneyMember(server)
    const was = await stored()
    const out = await runOps(
      server,
      'payment-method',
      'qr',
      'BANK',
      '--picture',
      file('qr.png', await qrPng(payload)),
    )
    expect(out).toBe(`deposit method BANK shows the QR read from the picture: ${payload}`)
    expect(await stored()).toBe(payload)
    expect((await methods(m.token)).find((x) => x.code === 'BANK')?.qrPayload).toBe(payload)
    const [row] = await server.db
      .select()
      .from(s.operatorActions)
      .orderBy(desc(s.operatorActions.id))
      .limit(1)
    expect(row).toMatchObject({
      action: 'payment-method qr',
      target: 'deposit method BANK',
      before: { qrPayload: was },
      after: { qrPayload: payload },
    })

    // A phone's photo: the sticker small in a large grey jpeg, and light on dark; --picture=<file> too.
    const sticker = await sharp(await qrPng(payload))
      .resize(360)
      .toBuffer()
    const photo = await sharp({ create: { width: 1800, height: 1400, channels: 3, background: '#8a8f96' } })
      .composite([{ input: sticker, left: 700, top: 500 }])
      .jpeg({ quality: 80 })
      .toBuffer()
    await runOps(server, 'payment-method', 'qr', 'BANK', '--clear')
    await runOps(server, 'payment-method', 'qr', 'BANK', `--picture=${file('photo.jpg', photo)}`)
    expect(await stored()).toBe(payload)
    const inverted = await sharp(await qrPng(payload))
      .negate({ alpha: false })
      .webp({ lossless: true })
      .toBuffer()
    await runOps(server, 'payment-method', 'qr', 'BANK', '--clear')
    await runOps(server, 'payment-method', 'qr', 'BANK', '--picture', file('dark.webp', inverted))
    expect(await stored()).toBe(payload)
    await runOps(server, 'payment-method', 'qr', 'BANK', was ?? '--clear')
  })

  it('refuses a picture without a QR, a QR that is not a payment QR, and what is not a picture, writing nothing', async () => {
    const was = await stored()
    const audits = (await server.db.select().from(s.operatorActions)).length
    const blank = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#fff' } })
      .png()
      .toBuffer()
    const qr = await qrPng(payload)
    const refusals: [string[], RegExp][] = [
      [
        ['BANK', '--picture', file('blank.png', blank)],
        /^payment-method qr BANK --picture: no QR code was found in the picture .*; nothing was changed$/,
      ],
      [
        ['BANK', '--picture', file('link.png', await qrPng('https://example.com/pay'))],
        /the picture's QR is not a bank's payment QR \(EMVCo: no tag and length at character 1\); it reads "https:\/\/example\.com\/pay"; nothing was changed$/,
      ],
      [
        ['BANK', '--picture', file('crc.png', await qrPng(`${payload.slice(0, -4)}0000`))],
        /not a bank's payment QR \(EMVCo: the CRC is 0000/,
      ],
      [['BANK', '--picture', file('words.png', 'not a picture')], /is not a png, jpeg or webp picture/],
      [
        ['BANK', '--picture', file('qr.svg', '<svg xmlns="http://www.w3.org/2000/svg"/>')],
        /an svg is not taken/,
      ],
      [['BANK', '--picture', path.join(dir, 'missing.png')], /no file .*missing\.png; nothing was changed$/],
      [['NOPE', '--picture', file('good.png', qr)], /^no deposit method NOPE \(see: payment-method list\)$/],
      [['BANK', '--picture'], /--picture takes one picture file/],
      [['BANK', '--picture', '--clear'], /--picture takes one picture file/],
      [
        ['BANK', '--picture', file('good.png', qr), '--clear'],
        /--picture takes one picture file .* and nothing else/,
      ],
      [['BANK', '--picture', file('good.png', qr), payload], /and nothing else/],
      [['BANK'], /give the bank's QR payload, --picture <file> of its QR, or --clear/],
    ]
    for (const [args, message] of refusals) {
      await expect(runOps(server, 'payment-method', 'qr', ...args), args.join(' ')).rejects.toThrow(message)
    }
    expect(await stored()).toBe(was)
    expect(await server.db.select().from(s.operatorActions)).toHaveLength(audits)
  })
})

describe('the result of an online payment', () => {
  it('answers its owner with the amount and status, and anyone else as a missing deposit', async () => {
    const owner = await moneyMember(server)
    const other = await moneyMember(server)
    const start = await moneyCall(server, owner.token, fundsEndpoints.depositOnline.path, {
      methodCode: 'DEMOPAY',
      amount: '25.00',
    })
    const url = valueOf(start, (v) => z.object({ redirectUrl: z.string() }).parse(v)).redirectUrl
    const order = new URL(url, 'http://x').searchParams.get('order') ?? ''
    const read = (token: string | undefined, o = order) =>
      plainCall(server, 'GET', `${fundsEndpoints.depositResult.path}?order=${o}`, token ? { token } : {})

    expect(valueOf(await read(owner.token), (v) => DepositSchema.parse(v))).toMatchObject({
      amount: '25.00',
      status: 'PENDING',
      kind: 'ONLINE',
    })
    await server.app.inject({
      method: 'POST',
      url: '/gateway/demo/pay',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `order=${order}&outcome=PAID`,
    })
    expect(valueOf(await read(owner.token), (v) => DepositSchema.parse(v)).status).toBe('CREDITED')

    const foreign = await read(other.token)
    const missing = await read(owner.token, 'DP000000000000000000')
    expect(foreign.statusCode).toBe(404)
    expect(failureOf(foreign).errorCode).toBe('deposit_not_found')
    expect(failureOf(foreign)).toEqual(failureOf(missing))
    expect(failureOf(missing).errorCode).toBe('deposit_not_found')
    expect(foreign.body).not.toContain('25.00')
    const guest = await read(undefined)
    expect(guest.statusCode).not.toBe(200)
    expect(guest.body).not.toContain('25.00')
  })
})
