/**
 * The raffle's check in the member's browser (src/features/promotions/raffle/verify.ts, with
 * WebCrypto) against the server's draw (server/promotions/raffle-draw.ts, with node:crypto):
 * for random seeds, entries and prizes, the browser draws the very winners the server drew,
 * and a seed, a ticket or a winner changed after the fact is caught.
 */
import { createHash, randomBytes, randomInt } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import type { RaffleStatus } from '#contract/raffle'
import { numberTickets } from '#contract/raffle-draw'
import { drawWinners } from '#server/promotions/raffle-draw'
import { checkDraw, drawChecked } from '#src/features/promotions/raffle/verify.ts'

type Drawn = NonNullable<RaffleStatus['last']>

/** A random draw as the server makes it and the status publishes it. */
function randomDraw() {
  const seed = randomBytes(32).toString('hex')
  const promotionId = randomInt(1, 100_000)
  const period = '2026-11-23'
  const members = Array.from({ length: randomInt(1, 40) }, (_, i) => ({
    memberId: 1000 + i * 7,
    username: `player${i}`,
    tickets: randomInt(0, 30),
  }))
  const entries = numberTickets(members)
  const holding = entries.flatMap((e) =>
    e.firstTicket === null ? [] : [{ memberId: e.memberId, firstTicket: e.firstTicket, tickets: e.tickets }],
  )
  const prizes = [
    { rank: 1, amount: 5000, count: 1 },
    { rank: 2, amount: 2000, count: randomInt(1, 3) },
    { rank: 3, amount: 500, count: randomInt(1, 6) },
  ]
  const winners = drawWinners(seed, promotionId, period, holding, prizes)
  const money = (minor: number) => (minor / 100).toFixed(2)
  const nameOf = new Map(entries.map((e) => [e.memberId, `${e.username.slice(0, 2)}***${e.memberId}`]))
  const last: Drawn = {
    period,
    drawnAt: Date.UTC(2026, 10, 30, 0, 30),
    commitment: createHash('sha256').update(Buffer.from(seed, 'hex')).digest('hex'),
    seed,
    totalTickets: holding.reduce((s, e) => s + e.tickets, 0),
    winners: winners
      .map((w) => ({
        rank: w.rank,
        account: nameOf.get(w.memberId) ?? '',
        amount: money(w.amount),
        ticket: w.ticket,
        mine: false,
      }))
      .sort((a, b) => a.rank - b.rank || a.ticket - b.ticket),
    entries: holding.map((e) => ({
      account: nameOf.get(e.memberId) ?? '',
      firstTicket: e.firstTicket,
      tickets: e.tickets,
      mine: false,
    })),
  }
  const shownPrizes = prizes.map((x) => ({ rank: x.rank, amount: money(x.amount), count: x.count }))
  return { promotionId, last, prizes: shownPrizes, winners }
}

describe('the draw checked in the browser', () => {
  it('draws again the winners the server drew, for random seeds, entries and prizes', async () => {
    for (let run = 0; run < 40; run += 1) {
      const d = randomDraw()
      const c = await checkDraw(d.promotionId, d.prizes, d.last)
      expect(c, `seed ${d.last.seed}`).toMatchObject({ commitment: true, tickets: true, winners: true })
      expect(drawChecked(c)).toBe(true)
      expect(c.derived.map((w) => [w.rank, w.ticket])).toEqual(d.last.winners.map((w) => [w.rank, w.ticket]))
      expect(c.derived).toHaveLength(d.winners.length)
    }
  })

  it('catches a seed that is not the committed one', async () => {
    const d = randomDraw()
    const other = randomBytes(32).toString('hex')
    const c = await checkDraw(d.promotionId, d.prizes, { ...d.last, seed: other })
    expect(c.commitment).toBe(false)
    expect(drawChecked(c)).toBe(false)
  })

  it('catches a winner, a ticket count or a period changed after the draw', async () => {
    // Enough tickets and winners that another period cannot draw the same tickets by chance.
    let d = randomDraw()
    while (d.last.winners.length < 3 || d.last.totalTickets < 100) d = randomDraw()
    const [first, ...rest] = d.last.winners
    if (!first) throw new Error('no winner')
    const swapped = { ...d.last, winners: [{ ...first, ticket: first.ticket + 1 }, ...rest] }
    expect((await checkDraw(d.promotionId, d.prizes, swapped)).winners).toBe(false)

    const [e0, ...others] = d.last.entries
    if (!e0) throw new Error('no entry')
    const more = { ...d.last, entries: [{ ...e0, tickets: e0.tickets + 1 }, ...others] }
    expect((await checkDraw(d.promotionId, d.prizes, more)).tickets).toBe(false)

    const moved = await checkDraw(d.promotionId, d.prizes, { ...d.last, period: '2026-11-30' })
    expect(moved.commitment).toBe(true)
    expect(moved.winners).toBe(false)
  })

  it('a seed that is not 64 hex characters fails every check', async () => {
    const d = randomDraw()
    expect(await checkDraw(d.promotionId, d.prizes, { ...d.last, seed: 'zz' })).toMatchObject({
      commitment: false,
      winners: false,
    })
  })
})
