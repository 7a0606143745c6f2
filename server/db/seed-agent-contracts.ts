/**
 * The demo's agent contracts (decision 024): agent01 holds a house contract of each kind;
 * its sub-agent agent02 holds a daily salary from agent01 (at or below agent01's own at
 * every band) and has agent01's dividend offer waiting for its answer. Demo mode only
 * (seed.ts), after the team (seed-agent-team.ts).
 */
import type { ContractTerms } from '#contract/contracts'
import { createContractRepository } from '../contracts/contracts-repository'
import type { Db, Tx } from '../plugins/external/db'

const dayMs = 86_400_000

/** The house's contracts with agent01: rates in parts per million, floors in minor units. */
export const demoHouseTerms: readonly ContractTerms[] = [
  {
    kind: 'dividend',
    period: 'weekly',
    tiers: [
      { from: 0, activeMembers: 0, rate: 100_000 },
      { from: 1_000_000, activeMembers: 5, rate: 200_000 },
      { from: 5_000_000, activeMembers: 10, rate: 300_000 },
    ],
  },
  {
    kind: 'dailySalary',
    tiers: [
      { from: 0, rate: 5_000 },
      { from: 10_000_000, rate: 8_000 },
      { from: 50_000_000, rate: 10_000 },
    ],
  },
  {
    kind: 'hourlySalary',
    tiers: [
      { from: 0, rate: 2_000 },
      { from: 1_000_000, rate: 3_000 },
    ],
  },
  {
    kind: 'realTimeSalary',
    tiers: [
      { from: 0, winRate: 1_000, lossRate: 2_000 },
      { from: 10_000, winRate: 2_000, lossRate: 3_000 },
    ],
  },
]

/** agent01's daily salary contract with agent02 (the decision's worked example). */
export const demoSubDailyTerms: ContractTerms = {
  kind: 'dailySalary',
  tiers: [
    { from: 0, rate: 3_000 },
    { from: 10_000_000, rate: 6_000 },
  ],
}

/** agent01's dividend offer to agent02, waiting. */
export const demoSubDividendOffer: ContractTerms = {
  kind: 'dividend',
  period: 'weekly',
  tiers: [
    { from: 0, activeMembers: 0, rate: 50_000 },
    { from: 1_000_000, activeMembers: 5, rate: 150_000 },
  ],
}

export async function seedDemoAgentContracts(
  db: Db,
  tx: Tx,
  merchantCode: string,
  now: Date,
  offerDays: number,
): Promise<void> {
  const repo = createContractRepository(db)
  const top = await repo.partyNamed(merchantCode, 'agent01', tx)
  const sub = await repo.partyNamed(merchantCode, 'agent02', tx)
  if (!top || !sub) return
  const signedAt = new Date(now.getTime() - 20 * dayMs)
  const write = async (
    terms: ContractTerms,
    uplineId: number | null,
    downlineId: number,
    status: 'offered' | 'accepted',
    at: Date,
  ) => {
    const id = await repo.insert(tx, {
      merchantCode,
      kind: terms.kind,
      uplineId,
      downlineId,
      terms,
      status,
      offeredAt: at,
      answeredAt: status === 'accepted' ? at : null,
      expiresAt: new Date(at.getTime() + offerDays * dayMs),
      createdBy: uplineId === null ? 'operator:demo' : `member:${uplineId}`,
    })
    await repo.event(tx, {
      contractId: id,
      action: 'offered',
      actor: uplineId === null ? 'operator:demo' : `member:${uplineId}`,
      at,
    })
    if (status === 'accepted') {
      await repo.event(tx, { contractId: id, action: 'accepted', actor: `member:${downlineId}`, at })
    }
  }
  for (const terms of demoHouseTerms) await write(terms, null, top.id, 'accepted', signedAt)
  await write(demoSubDailyTerms, top.id, sub.id, 'accepted', new Date(signedAt.getTime() + dayMs))
  await write(demoSubDividendOffer, top.id, sub.id, 'offered', new Date(now.getTime() - dayMs))
}
