/**
 * Rebate rates: an account's rate per game type is at most its upline's. Checked and
 * written in one transaction under the lock of the upline's member row (rebate-repository),
 * by the agent opening an account or changing its direct downline's rates, and by the
 * operator setting an account's rates.
 */
import { rebateRatePercent } from '#contract/agent'
import { gameTypes, type GameType } from '#contract/games'
import { AppError } from '../http/errors'
import { idempotencyOf, withIdempotency, type IdempotencyContext } from '../money/idempotency'
import type { Db, Tx } from '../plugins/external/db'
import type { RateTable, RebateRepository } from './rebate-repository'

/** Every game type with its rate from the table, 0 where none is set. */
export function allRates(table: RateTable): { productType: GameType; rate: number }[] {
  return gameTypes.map((productType) => ({ productType, rate: table.get(productType) ?? 0 }))
}

/** Refuses the first rate above the ceiling's for its game type. */
export function assertWithin(
  ceiling: RateTable,
  rates: readonly { productType: GameType; rate: number }[],
): void {
  for (const r of rates) {
    const max = ceiling.get(r.productType) ?? 0
    if (r.rate > max) {
      throw new AppError('rebate_rate_too_high', `the ${r.productType} rate is above ${max}`, {
        fields: [
          {
            path: `rates.${r.productType}`,
            code: 'too_high',
            message: `at most ${rebateRatePercent(max)}%`,
          },
        ],
        productType: r.productType,
        maxRate: max,
      })
    }
  }
}

/** Refuses the first rate below the floor's (the highest of the member's own downline). */
export function assertAtLeast(
  floor: RateTable,
  rates: readonly { productType: GameType; rate: number }[],
): void {
  for (const r of rates) {
    const min = floor.get(r.productType) ?? 0
    if (r.rate < min) {
      throw new AppError('rebate_rate_below_downline', `the ${r.productType} rate is below ${min}`, {
        fields: [
          { path: `rates.${r.productType}`, code: 'too_low', message: `at least ${rebateRatePercent(min)}%` },
        ],
        productType: r.productType,
        minRate: min,
      })
    }
  }
}

const notInTeam = () => new AppError('downline_not_found', 'no such member in your team')

function assertOnce(rates: readonly { productType: GameType }[]): void {
  const named = rates.map((r) => r.productType)
  if (new Set(named).size !== named.length) {
    throw new AppError('validation_failed', 'each game type may be named once', {
      fields: [{ path: 'rates', code: 'duplicate', message: 'each game type may be named once' }],
    })
  }
}

/** An operator's rate that the account's upline or downline does not allow. */
export class RateRefused extends Error {}

export function createRebateService(deps: { db: Db; rebates: RebateRepository; now: () => Date }) {
  const { db, rebates, now } = deps
  return {
    /** The member's own rate for every game type. */
    async ratesOf(memberId: number) {
      return allRates(await rebates.ratesOf(memberId, db))
    },

    /** A member of the agent's direct downline: its rates, and the bounds the agent may set them in. */
    async downlineRates(agentId: number, memberId: number) {
      const member = await rebates.directDownline(agentId, memberId)
      if (!member) throw notInTeam()
      const [rates, ceiling, floor] = await Promise.all([
        rebates.ratesOf(member.id),
        rebates.ratesOf(agentId),
        rebates.highestDownlineRates(member.id),
      ])
      return {
        memberId: member.id,
        account: member.account,
        rates: allRates(rates),
        ceiling: allRates(ceiling),
        floor: allRates(floor),
      }
    },

    /**
     * New rates for a member of the agent's direct downline, between the member's own
     * downline's and the agent's: the agent's row, then the member's, locked (upline first,
     * as every rate write does), checked and written with the request's key.
     */
    async setDownlineRates(
      caller: { idempotency?: IdempotencyContext },
      agentId: number,
      input: { memberId: number; rates: readonly { productType: GameType; rate: number }[] },
    ) {
      assertOnce(input.rates)
      return withIdempotency(db, idempotencyOf(caller), now(), async (tx) => {
        await rebates.lockMember(tx, agentId)
        const member = await rebates.directDownline(agentId, input.memberId, tx)
        if (!member) throw notInTeam()
        await rebates.lockMember(tx, member.id)
        assertWithin(await rebates.ratesOf(agentId, tx), input.rates)
        assertAtLeast(await rebates.highestDownlineRates(member.id, tx), input.rates)
        await rebates.setRates(tx, member.id, input.rates, now())
        return { memberId: member.id, rates: allRates(await rebates.ratesOf(member.id, tx)) }
      })
    },

    /**
     * Sets one rate of an account, in the caller's transaction (the operator's): at most its
     * upline's, at least the highest of its direct downline's, so the rule holds on both sides.
     */
    async setRate(
      tx: Db | Tx,
      merchantCode: string,
      username: string,
      productType: GameType,
      rate: number,
    ): Promise<{ account: string; before: number; after: number; uplineRate: number | null }> {
      const member = await rebates.accountOf(merchantCode, username, tx)
      if (!member) throw new RateRefused(`no account ${username.trim()} in ${merchantCode}`)
      if (member.parentId !== null) await rebates.lockMember(tx, member.parentId)
      await rebates.lockMember(tx, member.id)
      const upline = member.parentId === null ? null : await rebates.ratesOf(member.parentId, tx)
      const uplineRate = upline ? (upline.get(productType) ?? 0) : null
      if (uplineRate !== null && rate > uplineRate) {
        throw new RateRefused(
          `${member.account}'s ${productType} rate cannot be above its upline's, ${rebateRatePercent(uplineRate)}%`,
        )
      }
      const below = (await rebates.highestDownlineRates(member.id, tx)).get(productType) ?? 0
      if (rate < below) {
        throw new RateRefused(
          `${member.account}'s downline has a ${productType} rate of ${rebateRatePercent(below)}%: lower theirs first`,
        )
      }
      const before = (await rebates.ratesOf(member.id, tx)).get(productType) ?? 0
      await rebates.setRates(tx, member.id, [{ productType, rate }], now())
      return { account: member.account, before, after: rate, uplineRate }
    },
  }
}

export type RebateService = ReturnType<typeof createRebateService>
