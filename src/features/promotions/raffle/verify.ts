/**
 * A raffle's last draw checked in the member's browser (decision 028), with WebCrypto and the
 * very derivation the server drew with (src/contract/raffle-draw.ts): SHA-256 of the
 * published seed is the commitment shown before the week began, the published tickets are
 * numbered 1…total without a gap, and the winners drawn again from the seed and the entries
 * are the published ones (rank, ticket, account and prize).
 */
import type { RaffleStatus } from '#contract/raffle'
import { drawHashPattern, drawWinnersAsync, hexOf, seedBytes } from '#contract/raffle-draw'

type Drawn = NonNullable<RaffleStatus['last']>

export interface DrawCheck {
  /** SHA-256(seed bytes) equals the commitment. */
  commitment: boolean
  /** The entries hold the tickets 1…total, each once. */
  tickets: boolean
  /** The winners drawn again here are the published ones, in order. */
  winners: boolean
  /** The winners drawn again here, as the published ones are shown. */
  derived: { rank: number; ticket: number; account: string; amount: string }[]
}

export const drawChecked = (c: DrawCheck) => c.commitment && c.tickets && c.winners

/** Whether this page can check (WebCrypto's subtle API needs a secure page: https or localhost). */
export const canCheck = (): boolean => typeof globalThis.crypto?.subtle?.digest === 'function'

/** Checks the drawn period `last` of raffle `promotionId` whose prizes are `prizes`. */
export async function checkDraw(
  promotionId: number,
  prizes: RaffleStatus['prizes'],
  last: Drawn,
  subtle: SubtleCrypto = globalThis.crypto.subtle,
): Promise<DrawCheck> {
  if (!drawHashPattern.test(last.seed)) {
    return { commitment: false, tickets: false, winners: false, derived: [] }
  }
  const seed = seedBytes(last.seed)
  const digest = hexOf(new Uint8Array(await subtle.digest('SHA-256', seed)))
  const commitment = digest === last.commitment.toLowerCase()

  const entries = [...last.entries].sort((a, b) => a.firstTicket - b.firstTicket)
  let next = 1
  let tickets = true
  for (const e of entries) {
    if (e.firstTicket !== next || e.tickets < 1) tickets = false
    next = e.firstTicket + e.tickets
  }
  if (next - 1 !== last.totalTickets) tickets = false

  const key = await subtle.importKey('raw', seed, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign'])
  const utf8 = new TextEncoder()
  const block = async (message: string) =>
    new Uint8Array(await subtle.sign('HMAC', key, utf8.encode(message)))
  // An entry's first ticket stands for its member: the draw needs only to tell entries apart.
  const drawn = await drawWinnersAsync(
    block,
    promotionId,
    last.period,
    entries.map((e) => ({ memberId: e.firstTicket, firstTicket: e.firstTicket, tickets: e.tickets })),
    prizes.map((x) => ({ rank: x.rank, amount: 0, count: x.count })),
  )
  const accountOf = new Map(entries.map((e) => [e.firstTicket, e.account]))
  const amountOf = new Map(prizes.map((x) => [x.rank, x.amount]))
  // Shown as the server lists them: by rank, then by ticket.
  const derived = drawn
    .map((w) => ({
      rank: w.rank,
      ticket: w.ticket,
      account: accountOf.get(w.memberId) ?? '',
      amount: amountOf.get(w.rank) ?? '',
    }))
    .sort((a, b) => a.rank - b.rank || a.ticket - b.ticket)
  const published = last.winners.map((w) => ({
    rank: w.rank,
    ticket: w.ticket,
    account: w.account,
    amount: w.amount,
  }))
  const winners = JSON.stringify(derived) === JSON.stringify(published)
  return { commitment, tickets, winners, derived }
}
