/**
 * The demo agent's team: agent01 gets a sub-agent (agent02) and members on both levels who
 * deposited and played rounds and lottery bets over the last three weeks, each stake and
 * payout moved through the ledger, so every figure of the agent centre is a real one in a
 * fresh demo. Dated by the clock the demo starts at; demo mode only (seed.ts).
 *
 * The bets are history brought in with their records: their money moves against the
 * `history` house account and they name no vendor session, so the games' and the lottery's
 * reconciles (which match our own vendors' calls and draws) leave them out, while the
 * ledger's reconcile and the team figures' count them.
 */
import { and, eq } from 'drizzle-orm'
import type { Ledger } from '../money/ledger'
import type { Tx } from '../plugins/external/db'
import * as s from './schema'

const dayMs = 86_400_000

/** The team: [username, type, upline, days since joining]. */
export const demoTeam: readonly (readonly [string, number, string, number])[] = [
  ['agent02', 2, 'agent01', 27],
  ['team01', 0, 'agent01', 25],
  ['team02', 0, 'agent01', 12],
  ['team03', 0, 'agent02', 24],
  ['team04', 0, 'agent02', 18],
  ['team05', 0, 'agent02', 3],
]

/** The team's password: published, as every demo account's is. */
export const demoTeamPassword = 'lotus123'

const games: readonly (readonly [string, string, string])[] = [
  ['RNG', 'Lotus Slots', 'Golden Lotus'],
  ['LIVE', 'Lotus Live', 'Baccarat'],
  ['FISH', 'Lotus Fishing', 'Ocean King'],
  ['LOTT', 'Lotto', 'Angkor 5D'],
]

/** A small repeatable random sequence, so every fresh demo shows the same history. */
function sequence(seed: number): () => number {
  let a = seed
  return () => {
    a = (a + 0x6d2b79f5) | 0
    let t = Math.imul(a ^ (a >>> 15), 1 | a)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296
  }
}

export async function seedDemoAgentTeam(
  tx: Tx,
  ledger: Ledger,
  merchantCode: string,
  now: Date,
  hashPassword: (password: string) => Promise<string>,
): Promise<void> {
  const ids = new Map<string, number>()
  const [top] = await tx
    .select({ id: s.members.id })
    .from(s.members)
    .where(and(eq(s.members.merchantCode, merchantCode), eq(s.members.username, 'agent01')))
  if (!top) return
  ids.set('agent01', top.id)
  const passwordHash = await hashPassword(demoTeamPassword)
  for (const [username, type, upline, joinedDaysAgo] of demoTeam) {
    const [row] = await tx
      .insert(s.members)
      .values({
        merchantCode,
        username,
        account: username,
        nickname: username,
        passwordHash,
        type,
        parentId: ids.get(upline) ?? null,
        affiliateCode: type === 0 ? null : username.toUpperCase(),
        createdAt: new Date(now.getTime() - joinedDaysAgo * dayMs),
      })
      .returning({ id: s.members.id })
    if (!row) throw new Error(`demo team member ${username} not written`)
    ids.set(username, row.id)
  }

  const deposits = await ledger.houseAccount(merchantCode, 'deposits', tx)
  const house = await ledger.houseAccount(merchantCode, 'history', tx)
  const next = sequence(20_261_129)
  for (const [username, , , joinedDaysAgo] of demoTeam) {
    const id = ids.get(username) ?? 0
    const wallet = await ledger.memberAccount(merchantCode, id, undefined, tx)
    let balance = 0n
    for (let ago = joinedDaysAgo - 1; ago >= 0; ago -= 1) {
      // Noon of each day, or an hour ago for today.
      const at = new Date(ago === 0 ? now.getTime() - 3_600_000 : now.getTime() - ago * dayMs)
      if (balance < 2_000n) {
        const amount = BigInt(50 + Math.floor(next() * 20) * 25) * 100n
        await move(ledger, tx, merchantCode, 'DEPOSIT', id, at, deposits, wallet, amount, 'Bank transfer')
        balance += amount
      }
      const rounds = Math.floor(next() * 5)
      for (let r = 0; r < rounds && balance > 100n; r += 1) {
        const [productType, vendorName, gameName] = games[Math.floor(next() * games.length)] ?? [
          'RNG',
          '',
          '',
        ]
        // Whole amounts from 1 to 50, never more than the balance.
        const most = Number(balance / 100n < 50n ? balance / 100n : 50n)
        const stake = BigInt(1 + Math.floor(next() * most)) * 100n
        // About 95 of every 100 staked comes back, in a few large wins.
        const payout = next() < 0.4 ? (stake * BigInt(Math.floor(next() * 475))) / 100n : 0n
        const roundAt = new Date(at.getTime() + r * 600_000)
        await move(ledger, tx, merchantCode, 'BET', id, roundAt, wallet, house, stake, vendorName)
        if (payout > 0n)
          await move(ledger, tx, merchantCode, 'PAYOUT', id, roundAt, house, wallet, payout, vendorName)
        balance += payout - stake
        await tx.insert(s.betRecords).values({
          merchantCode,
          memberId: id,
          betNo: `DEMO-${id}-${ago}-${r}`,
          productType,
          accountTypeId: 2,
          vendorName,
          gameName,
          betAmount: stake,
          validBet: stake,
          payout,
          status: 'SETTLED',
          betTime: roundAt,
          settledTime: new Date(roundAt.getTime() + 60_000),
        })
      }
    }
  }
}

async function move(
  ledger: Ledger,
  tx: Tx,
  merchantCode: string,
  type: 'DEPOSIT' | 'BET' | 'PAYOUT',
  memberId: number,
  at: Date,
  from: number,
  to: number,
  amount: bigint,
  memo: string,
): Promise<void> {
  await ledger.post(tx, {
    merchantCode,
    type,
    memberId,
    memo,
    actor: 'system',
    at,
    postings: [
      { accountId: from, amount: -amount },
      { accountId: to, amount },
    ],
  })
}
