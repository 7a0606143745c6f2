/**
 * The banks' logos: every bank has one (a monogram the server draws until the operator
 * gives a picture), the deposit methods and the bank cards carry its address, and the
 * address serves a square WebP kept for good. `bank logo <CODE> <file>` takes a png, jpeg or
 * webp of at most 2 MB, re-encoded (what rode after the picture is left behind); a missing
 * file, an svg, a file that only starts like a picture, a huge one or an unknown bank is
 * refused with nothing written; `--clear` brings the monogram back. Each change is audited.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { and, desc, eq } from 'drizzle-orm'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { bankInitials, bankLogoPattern } from '#contract/bank-logos'
import { BankCardSchema, DepositMethodSchema, fundsEndpoints } from '#contract/funds'
import * as s from '#server/db/schema'
import { seedDemoBrand } from '#server/db/seed'
import { bankMonogram } from '#server/money/bank-logos'
import { expectNoArt, expectSharedWebp } from '../art-helpers'
import { build, runOps, type TestServer } from '../build-server'
import { plainCall, valueOf } from '../identity-helpers'
import { moneyMember } from '../money-helpers'
import { withdrawalTools } from './money-withdrawal-setup'

let server: TestServer
let dir: string
const { withPassword, addCard } = withdrawalTools(() => server)

beforeAll(async () => {
  server = await build()
  dir = mkdtempSync(path.join(tmpdir(), 'bank-logos-'))
})
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true })
  await server?.close()
})

function file(name: string, bytes: Buffer | string): string {
  const full = path.join(dir, name)
  writeFileSync(full, bytes)
  return full
}

/** A wide red logo with a white bar, as a bank's wordmark picture is. */
function picture(format: 'png' | 'jpeg' | 'webp', width = 300, height = 120): Promise<Buffer> {
  const bar = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="${width}" height="${height}" fill="#c8102e"/><rect x="20" y="40" width="${width - 40}" height="40" fill="#fff"/></svg>`,
  )
  return sharp(bar)[format]().toBuffer()
}

async function methods(token: string) {
  const res = await plainCall(server, 'GET', fundsEndpoints.depositMethods.path, { token })
  return valueOf(res, (v) => z.object({ methods: z.array(DepositMethodSchema) }).parse(v)).methods
}

async function lotusLogoUrl(token: string): Promise<string> {
  const url = (await methods(token)).find((m) => m.code === 'BANK')?.bank?.logoUrl
  expect(url).toMatch(bankLogoPattern)
  return url ?? ''
}

async function lotusRow() {
  const [row] = await server.db
    .select()
    .from(s.banks)
    .where(and(eq(s.banks.merchantCode, 'DEMO'), eq(s.banks.code, 'LOTUS')))
  return row
}

async function lastAudit() {
  const [row] = await server.db.select().from(s.operatorActions).orderBy(desc(s.operatorActions.id)).limit(1)
  return row
}

describe('a bank without a picture', () => {
  it('has initials of its name: an acronym whole, else its first two words’ first letters', () => {
    expect(bankInitials('ABA Bank')).toBe('ABA')
    expect(bankInitials('Lotus Demo Bank')).toBe('LD')
    expect(bankInitials('Vietcombank')).toBe('VI')
    expect(bankInitials('ACLEDA Bank Plc.')).toBe('AC')
    expect(bankInitials('Bank')).toBe('BA')
    expect(bankMonogram('A<B', 'R&D <Bank>')).not.toMatch(/<B|&D/)
  })

  it('shows a drawn monogram with its deposit method, at an address kept for good', async () => {
    const m = await moneyMember(server)
    const all = await methods(m.token)
    const url = await lotusLogoUrl(m.token)
    expect(url).toMatch(/^\/media\/banks\/DEMO\/LOTUS\.webp\?v=[0-9a-f]{12}$/)
    // An online method has no bank; its bank is null, not a logo.
    expect(all.find((x) => x.code === 'DEMOPAY')?.bank).toBeNull()
    await expectSharedWebp(server.app, url, [96, 96])
    // Without the version (or with another), kept an hour and asked again with its ETag.
    const bare = await server.app.inject({ method: 'GET', url: url.replace(/\?.*$/, '') })
    expect(bare.statusCode).toBe(200)
    expect(bare.headers['cache-control']).toBe('public, max-age=3600')
    const again = await server.app.inject({
      method: 'GET',
      url: url.replace(/\?.*$/, ''),
      headers: { 'if-none-match': String(bare.headers.etag) },
    })
    expect(again.statusCode).toBe(304)
    await expectNoArt(server.app, [
      '/media/banks/DEMO/NOPE.webp',
      '/media/banks/OTHER/LOTUS.webp',
      '/media/banks/DEMO/LOTUS.svg',
      '/media/banks/DEMO/LOTUS.png',
      '/media/banks/demo/LOTUS.webp',
      '/media/banks/DEMO/..%2FLOTUS.webp',
    ])
  })

  it('is the demo bank transfer’s bank also for a demo brand seeded before it was one of the banks', async () => {
    const lotus = and(eq(s.banks.merchantCode, 'DEMO'), eq(s.banks.code, 'LOTUS'))
    await server.db.delete(s.banks).where(lotus)
    await server.db.delete(s.seedRuns).where(eq(s.seedRuns.name, 'demo-bank-lotus-1:DEMO'))
    const m = await moneyMember(server)
    expect((await methods(m.token)).find((x) => x.code === 'BANK')?.bank?.logoUrl).toBeNull()
    expect(await runOps(server, 'payment-method', 'list')).toContain(
      'no logo ("Lotus Demo Bank" is not in the bank list: bank add <CODE> Lotus Demo Bank)',
    )
    await seedDemoBrand(server.db, 'DEMO', server.services.passwords.hash)
    const banks = await server.db.select().from(s.banks).where(eq(s.banks.merchantCode, 'DEMO'))
    expect(banks.map((b) => [b.code, b.sort])).toContainEqual(['LOTUS', 6])
    await lotusLogoUrl(m.token)
  })

  it('shows with the member’s bank card too', async () => {
    const m = await withPassword()
    const id = await addCard(m, '5550001111', 'ABA')
    const res = await plainCall(server, 'GET', fundsEndpoints.bankCards.path, { token: m.token })
    const cards = valueOf(res, (v) => z.array(z.unknown()).parse(v)).map((c) => BankCardSchema.parse(c))
    const card = cards.find((c) => c.id === id)
    expect(card?.logoUrl).toMatch(/^\/media\/banks\/DEMO\/ABA\.webp\?v=[0-9a-f]{12}$/)
    await expectSharedWebp(server.app, card?.logoUrl ?? '', [96, 96], 1)
  })
})

describe('bank logo', () => {
  it('takes a picture, re-encoded as a 96 px square WebP, audited, at a new address; --clear draws the monogram again', async () => {
    const m = await moneyMember(server)
    const drawn = await lotusLogoUrl(m.token)
    // A valid PNG with a page after it: the picture is taken, what followed is left behind.
    const trailer = '<html><script>alert(1)</script></html>'
    const png = Buffer.concat([await picture('png'), Buffer.from(trailer)])
    const out = await runOps(server, 'bank', 'logo', 'lotus', file('lotus.png', png))
    expect(out).toMatch(/^bank LOTUS shows its logo \(\/media\/banks\/DEMO\/LOTUS\.webp\?v=[0-9a-f]{12}\)$/)
    const row = await lotusRow()
    const stored = row?.logo ?? Buffer.alloc(0)
    expect(stored.includes(Buffer.from('script'))).toBe(false)
    const meta = await sharp(stored).metadata()
    expect([meta.format, meta.width, meta.height, meta.hasAlpha]).toEqual(['webp', 96, 96, true])
    // The wide picture is fitted whole: clear above and below, red in the middle.
    const { data } = await sharp(stored).raw().toBuffer({ resolveWithObject: true })
    expect(data[3]).toBe(0)
    const middle = (48 * 96 + 4) * 4
    expect(data[middle + 3]).toBe(255)
    expect(data[middle]).toBeGreaterThan(150)

    const pictured = await lotusLogoUrl(m.token)
    expect(pictured).not.toBe(drawn)
    expect(out).toContain(pictured)
    const served = await expectSharedWebp(server.app, pictured, [96, 96], 2)
    expect(served.equals(stored)).toBe(true)
    // The old address is no longer kept for good (a browser asks again within the hour).
    const old = await server.app.inject({ method: 'GET', url: drawn })
    expect(old.headers['cache-control']).toBe('public, max-age=3600')
    expect(old.rawPayload.equals(stored)).toBe(true)
    expect(await lastAudit()).toMatchObject({
      action: 'bank logo',
      target: 'bank LOTUS',
      before: { logoSha256: null },
      after: { logoSha256: row?.logoSha256 },
    })
    expect(await runOps(server, 'bank', 'list')).toMatch(/LOTUS\s+Lotus Demo Bank {2}\(logo\)/)
    expect(await runOps(server, 'payment-method', 'list')).toMatch(
      /BANK .* Lotus Demo Bank .* logo of bank LOTUS/,
    )

    // A jpeg and a webp are taken too.
    for (const format of ['jpeg', 'webp'] as const) {
      await runOps(server, 'bank', 'logo', 'LOTUS', file(`lotus.${format}`, await picture(format, 80, 80)))
      expect((await sharp((await lotusRow())?.logo ?? Buffer.alloc(0)).metadata()).width).toBe(96)
    }

    const before = (await lotusRow())?.logoSha256
    expect(await runOps(server, 'bank', 'logo', 'LOTUS', '--clear')).toBe(
      'bank LOTUS shows its drawn monogram',
    )
    expect(await lotusRow()).toMatchObject({ logo: null, logoSha256: null })
    expect(await lotusLogoUrl(m.token)).toBe(drawn)
    expect(await lastAudit()).toMatchObject({
      action: 'bank logo',
      before: { logoSha256: before },
      after: { logoSha256: null },
    })
  })

  it('refuses what is not a png, jpeg or webp picture of at most 2 MB of a known bank, and writes nothing', async () => {
    const good = file('good.png', await picture('png'))
    await runOps(server, 'bank', 'logo', 'ABA', good)
    const kept = await server.db.select().from(s.banks).where(eq(s.banks.merchantCode, 'DEMO'))
    const audits = await server.db.select().from(s.operatorActions)

    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>'
    const pngHead = (await picture('png')).subarray(0, 8)
    const huge = Buffer.concat([await picture('png'), Buffer.alloc(2 * 1024 * 1024)])
    const refusals: [string[], RegExp][] = [
      [
        ['ABA', path.join(dir, 'missing.png')],
        /^bank logo ABA: no file .*missing\.png; nothing was changed$/,
      ],
      [['ABA', dir], /is not a file/],
      [['ABA', file('notes.png', 'just some words')], /is not a png, jpeg or webp picture/],
      [['ABA', file('logo.svg', svg)], /an svg is not taken/],
      [['ABA', file('empty.png', '')], /the file is empty/],
      // A polyglot: a PNG's signature, then a web page.
      [
        ['ABA', file('poly.png', Buffer.concat([pngHead, Buffer.from('<html><script>x</script>')]))],
        /does not decode as a png/,
      ],
      // JPEG bytes in a file that starts like a PNG.
      [
        ['ABA', file('mixed.png', Buffer.concat([pngHead, await picture('jpeg')]))],
        /does not decode|is not one/,
      ],
      [['ABA', file('huge.png', huge)], /is 2\.0 MB; a picture is at most 2 MB/],
      [['NOPE', good], /^no bank NOPE \(see: bank list\)$/],
      [['ABA'], /give one picture file.*or --clear/],
      [['ABA', good, '--clear'], /give one picture file.*or --clear/],
      [['ABA', good, good], /give one picture file/],
      [['A$', good], /a bank code is 2-16 letters, digits or _/],
    ]
    for (const [args, message] of refusals) {
      await expect(runOps(server, 'bank', 'logo', ...args), args.join(' ')).rejects.toThrow(message)
    }
    expect(await server.db.select().from(s.banks).where(eq(s.banks.merchantCode, 'DEMO'))).toEqual(kept)
    expect(await server.db.select().from(s.operatorActions)).toHaveLength(audits.length)
    await runOps(server, 'bank', 'logo', 'ABA', '--clear')
  })
})
