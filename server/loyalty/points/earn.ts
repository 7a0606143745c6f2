/**
 * Points earned on settled bets (decision 030), written in the settlement's own transaction
 * at the two places a bet settles: a seamless round's closing credit
 * (server/vendors/seamless-wallet/credit.ts) and a lottery draw (server/lottery/settle.ts).
 *
 * Each earn is its own `EARN` transaction naming its bet, the valid bet it was worked from,
 * the rate and the settings' version; the database allows one per bet, so a second earn of
 * the same bet fails the settlement whole instead of paying twice. Trial (guest) accounts
 * earn nothing, and nor does a bet whose rate is 0 or whose points round down to 0.
 *
 * Everything an earn needs from outside the transaction (the settings' versions, the
 * members' points accounts, the house's accounts) is read by `prepare` before it: inside a
 * transaction nothing may wait on the database outside it (PGlite has one connection).
 */
import { pointsFor } from '#contract/points-values'
import { bonusAccountShards } from '../../money/ledger'
import type { Db, Tx } from '../../plugins/external/db'
import { createPointConfigs, versionAt, type PointConfigs, type PointConfigVersion } from './point-config'
import { createPointsLedger, earnFacts, type PointsLedger } from './points-ledger'

/** A settled bet that may earn. */
export interface EarnItem {
  betRecordId: number
  memberId: number
  productType: string
  /** Minor units of the brand's currency. */
  validBet: bigint
}

/** What `earn` needs, read before the settlement's transaction. */
export interface EarnSetup {
  versions: readonly PointConfigVersion[]
  /** Members who may earn -> their points account. */
  accounts: Map<number, number>
  /** The house's `points_issued` accounts by shard. */
  shards: number[]
  /** Trial (guest) members named to `prepare`: they earn nothing. */
  guests: Set<number>
}

/** The member type of trial (guest) accounts, which never earn. */
const guestType = 4

export function createPointsEarner(deps: { points: PointsLedger; configs: PointConfigs }) {
  const { points, configs } = deps

  return {
    /**
     * Reads the brand's versions and makes the points accounts of the members who may earn
     * (not guests). With no version at all (points never set up) nothing is made.
     */
    async prepare(
      merchantCode: string,
      members: readonly { id: number; type: number }[],
    ): Promise<EarnSetup> {
      const versions = await configs.versions(merchantCode)
      const guests = new Set(members.filter((m) => m.type === guestType).map((m) => m.id))
      const earning = members.filter((m) => m.type !== guestType).map((m) => m.id)
      if (versions.length === 0 || earning.length === 0) {
        return { versions, accounts: new Map(), shards: [], guests }
      }
      const [accounts, shards] = await Promise.all([
        points.memberAccounts(merchantCode, earning),
        points.houseShards(merchantCode, 'points_issued'),
      ])
      return { versions, accounts, shards, guests }
    },

    /**
     * Adds members the transaction found that `prepare` did not know (a lottery bet that
     * committed between the draw's read of its members and its lock of the issue): their
     * accounts, and the house's, made inside the settlement's transaction.
     */
    async extend(
      tx: Tx,
      setup: EarnSetup,
      merchantCode: string,
      members: readonly { id: number; type: number }[],
    ): Promise<EarnSetup> {
      const unknown = members.filter((m) => !setup.accounts.has(m.id) && !setup.guests.has(m.id))
      if (setup.versions.length === 0 || unknown.length === 0) return setup
      const guests = new Set([
        ...setup.guests,
        ...unknown.filter((m) => m.type === guestType).map((m) => m.id),
      ])
      const earning = unknown.filter((m) => m.type !== guestType).map((m) => m.id)
      if (earning.length === 0) return { ...setup, guests }
      const made = await points.memberAccounts(merchantCode, earning, tx)
      const shards =
        setup.shards.length > 0 ? setup.shards : await points.houseShards(merchantCode, 'points_issued', tx)
      return { ...setup, accounts: new Map([...setup.accounts, ...made]), shards, guests }
    },

    /**
     * Writes the earns of these bets, settled at `at`, inside the settlement's transaction:
     * one statement for one bet, one per house account touched for many. Answers the
     * centipoints earned.
     */
    async earn(
      tx: Tx,
      setup: EarnSetup,
      brand: { code: string; currencyDecimals: number },
      bets: readonly EarnItem[],
      at: Date,
    ): Promise<bigint> {
      const version = versionAt(setup.versions, at)
      if (!version?.enabled) return 0n
      const byShard = new Map<number, { accountId: number; bet: EarnItem; amount: bigint; rate: number }[]>()
      for (const bet of bets) {
        const accountId = setup.accounts.get(bet.memberId)
        if (accountId === undefined) {
          if (setup.guests.has(bet.memberId)) continue
          // A settled bet of a real member must earn: fail the settlement whole instead.
          throw new Error(`the points account of member ${bet.memberId} was not prepared`)
        }
        const rate = version.rates[bet.productType as keyof typeof version.rates] ?? 0
        const amount = pointsFor(bet.validBet, rate, brand.currencyDecimals)
        if (amount <= 0n) continue
        const shard = bet.memberId % bonusAccountShards
        const list = byShard.get(shard) ?? []
        list.push({ accountId, bet, amount, rate })
        byShard.set(shard, list)
      }
      let total = 0n
      for (const [shard, list] of [...byShard].sort((a, b) => a[0] - b[0])) {
        const house = setup.shards[shard]
        if (house === undefined) throw new Error('the house points accounts were not prepared')
        const [only] = list
        if (list.length === 1 && only) {
          await points.post(tx, {
            merchantCode: brand.code,
            type: 'EARN',
            memberId: only.bet.memberId,
            reference: `bet:${only.bet.betRecordId}`,
            actor: 'system',
            at,
            postings: [
              { accountId: house, amount: -only.amount },
              { accountId: only.accountId, amount: only.amount },
            ],
            extra: earnFacts(only.bet.betRecordId, only.bet.validBet, only.rate, version.id),
          })
        } else {
          await points.postBatchIds(tx, {
            merchantCode: brand.code,
            type: 'EARN',
            actor: 'system',
            at,
            counterAccountId: house,
            items: list.map((e) => ({
              accountId: e.accountId,
              memberId: e.bet.memberId,
              amount: e.amount,
              reference: `bet:${e.bet.betRecordId}`,
              memo: null,
              extra: earnFacts(e.bet.betRecordId, e.bet.validBet, e.rate, version.id),
            })),
          })
        }
        total += list.reduce((s, e) => s + e.amount, 0n)
      }
      return total
    },
  }
}

export type PointsEarner = ReturnType<typeof createPointsEarner>

/**
 * An earner over its own ledger and settings (read afresh on every call): for the operator's
 * commands, tests and the bench, which run outside the server.
 */
export function pointsEarnerOf(db: Db): PointsEarner {
  return createPointsEarner({ points: createPointsLedger(db), configs: createPointConfigs(db, 0) })
}
