/**
 * Points earned on settled bets (decision 030), written in the settlement's own transaction
 * at the two places a bet settles: a seamless round's closing credit
 * (server/vendors/seamless-wallet/credit.ts) and a lottery draw (server/lottery/settle.ts).
 *
 * Each member's points of one settlement are one `EARN` transaction naming the settings'
 * version, with one `point_earn_bets` row per bet (its valid bet, the rate and the points it
 * gave); the database allows one row per bet, so a second earn of the same bet fails the
 * settlement whole instead of paying twice. A draw of 10,000 bets from 200 members writes
 * 200 earns, as its money side writes one movement per winner. Trial (guest) accounts
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
import { createPointsLedger, type EarnedBet, type PointsLedger } from './points-ledger'

/** A settled bet that may earn. */
export interface EarnItem {
  betRecordId: number
  memberId: number
  productType: string
  /** Minor units of the brand's currency. */
  validBet: bigint
}

/** What the member's points details show of an earn: its settlement's reference and label. */
export interface EarnSource {
  /** `bet:<bet record id>` for a seamless round, `lottery:<issue id>` for a draw. */
  reference: string
  /** The draw's game and issue; null for a round (its details name the bet's game). */
  memo: string | null
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

/** One member's points of a settlement: their account, the sum and the bets it came from. */
interface MemberEarn {
  accountId: number
  amount: bigint
  bets: EarnedBet[]
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
     * accounts, and the house's, made inside the settlement's transaction. `membersOf` reads
     * the settlement's members inside it; it is not called when points were never set up.
     */
    async extend(
      tx: Tx,
      setup: EarnSetup,
      merchantCode: string,
      membersOf: () => Promise<readonly { id: number; type: number }[]>,
    ): Promise<EarnSetup> {
      if (setup.versions.length === 0) return setup
      const members = await membersOf()
      const unknown = members.filter((m) => !setup.accounts.has(m.id) && !setup.guests.has(m.id))
      if (unknown.length === 0) return setup
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
     * one `EARN` per member (their points of this settlement, the sum of each bet's, out of
     * the member's house shard), and one row per bet naming it. One member's is one
     * statement; many members' are one batch of three. Answers the centipoints earned.
     */
    async earn(
      tx: Tx,
      setup: EarnSetup,
      brand: { code: string; currencyDecimals: number },
      bets: readonly EarnItem[],
      at: Date,
      source: EarnSource,
    ): Promise<bigint> {
      const version = versionAt(setup.versions, at)
      if (!version?.enabled) return 0n
      const byMember = new Map<number, MemberEarn>()
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
        const earned = byMember.get(bet.memberId) ?? { accountId, amount: 0n, bets: [] }
        earned.amount += amount
        earned.bets.push({ betRecordId: bet.betRecordId, basis: bet.validBet, rate, amount })
        byMember.set(bet.memberId, earned)
      }
      const houseOf = (memberId: number) => {
        const house = setup.shards[memberId % bonusAccountShards]
        if (house === undefined) throw new Error('the house points accounts were not prepared')
        return house
      }
      const movement = { merchantCode: brand.code, type: 'EARN' as const, actor: 'system' as const, at }
      const members = [...byMember]
      if (members.length === 0) return 0n
      const [only] = members
      if (members.length === 1 && only) {
        const [memberId, e] = only
        await points.postEarn(
          tx,
          {
            ...movement,
            memberId,
            reference: source.reference,
            memo: source.memo,
            postings: [
              { accountId: houseOf(memberId), amount: -e.amount },
              { accountId: e.accountId, amount: e.amount },
            ],
            extra: [version.id],
          },
          e.bets,
        )
        return e.amount
      }
      const ids = await points.postEarnBatch(
        tx,
        {
          ...movement,
          counterAccountId: houseOf(members[0]?.[0] ?? 0),
          items: members.map(([memberId, e]) => ({
            accountId: e.accountId,
            counterAccountId: houseOf(memberId),
            memberId,
            amount: e.amount,
            reference: source.reference,
            memo: source.memo,
            extra: [version.id],
          })),
        },
        members.map(([, e]) => e.bets),
      )
      if (ids.length !== members.length) throw new Error('an earn was not written')
      return members.reduce((s, [, e]) => s + e.amount, 0n)
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
