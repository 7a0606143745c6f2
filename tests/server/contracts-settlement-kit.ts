/**
 * What the contract settlement tests of one brand write and read (contracts-settlement-kinds
 * and -dst): members of a tree, contracts accepted at a given time (the life of a contract is
 * the lifecycle test's), settled rounds counted by the kept figures' triggers, the brand's
 * zone, and the payments as a table.
 */
import { eq, inArray } from 'drizzle-orm'
import type { ContractTerms } from '#contract/contracts'
import { agentContracts, betRecords, contractPayments, merchants } from '#server/db/schema'
import type { TestServer } from '../build-server'
import { createMember } from '../identity-helpers'

export function settlementKit(server: () => TestServer) {
  const code = () => server().config.MERCHANT_CODE
  let n = 0
  async function member(type: number, parentId?: number): Promise<number> {
    n += 1
    const row = await createMember(server(), {
      username: `sk${type}x${n}${process.pid % 1000}`,
      password: 'lotus123',
      type,
      parentId,
    })
    return row.id
  }

  async function contract(uplineId: number | null, downlineId: number, terms: ContractTerms, at: string) {
    const [row] = await server()
      .db.insert(agentContracts)
      .values({
        merchantCode: code(),
        kind: terms.kind,
        uplineId,
        downlineId,
        terms,
        status: 'accepted',
        offeredAt: new Date(at),
        answeredAt: new Date(at),
        createdBy: 'test',
      })
      .returning({ id: agentContracts.id })
    if (!row) throw new Error('contract not written')
    return row.id
  }

  let bet = 0
  async function round(memberId: number, stake: bigint, payout: bigint, settled: string) {
    bet += 1
    await server()
      .db.insert(betRecords)
      .values({
        merchantCode: code(),
        memberId,
        betNo: `SK-${process.pid}-${bet}`,
        productType: 'RNG',
        accountTypeId: 2,
        vendorName: 'History',
        gameName: 'Slot',
        betAmount: stake,
        validBet: stake,
        payout,
        status: 'SETTLED',
        betTime: new Date(new Date(settled).getTime() - 1_000),
        settledTime: new Date(settled),
      })
  }

  /** Each payment of the contracts as [agent, period start, period end, measure, active, pay, downline pay, amount, shortfall]. */
  async function table(contractIds: number[]) {
    const rows = await server()
      .db.select()
      .from(contractPayments)
      .where(inArray(contractPayments.contractId, contractIds))
      .orderBy(contractPayments.periodStart, contractPayments.agentId)
    return rows.map((p) => [
      p.agentId,
      p.periodStart.toISOString(),
      p.periodEnd.toISOString(),
      p.measure,
      p.activeMembers,
      p.pay,
      p.downlinePay,
      p.amount,
      p.shortfall,
    ])
  }

  async function zone(timeZone: string) {
    await server().db.update(merchants).set({ timeZone }).where(eq(merchants.code, code()))
  }

  const settleDue = (kinds: Parameters<TestServer['app']['contracts']['settlement']['settleDue']>[0]) =>
    server().app.contracts.settlement.settleDue(kinds)
  return { member, contract, round, table, zone, settleDue }
}
