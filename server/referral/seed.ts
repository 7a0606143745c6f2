/**
 * The demo's referrals (decision 032; demo mode only, steps of db/seed.ts): the demo brand's
 * rewards on (10.00 per friend who deposits and bets 200.00, 0.5 % of rewarded friends'
 * valid bets each day, no turnover on the reward), and player01's four friends, each in one
 * state the Invite friends page shows:
 *
 * - friend01 deposited and bet past the turnover over the last week: rewarded by the rewards
 *   job's own path (`payDue`, a real promotion claim, so bonus details and the totals show
 *   it), with the daily share of the last closed days;
 * - friend02 registered and did nothing yet (pending);
 * - friend03 deposited and bet short of the turnover (pending);
 * - friend04 registered from a device player01's friend used (flagged: held, though they
 *   played enough).
 *
 * The friends' deposits and rounds move through the ledger against the `deposits` and
 * `history` house accounts as agent01's team's do (db/seed-agent-team.ts), so
 * member_daily_stats and the ledger reconcile.
 */
import { and, eq } from 'drizzle-orm'
import { moneyToMinor } from '#contract/money'
import { betRecords, members, merchants } from '../db/schema'
import { demoMerchant } from '../db/seed-data'
import type { Ledger } from '../money/ledger'
import type { Db, Tx } from '../plugins/external/db'
import type { ReferralRepository } from './referral-repository'
import type { ReferralService } from './referral-service'

const dayMs = 86_400_000
const c = { decimals: demoMerchant.currencyDecimals }

/** The demo brand's referral rules. */
export const demoReferralSettings = {
  rewardAmount: '10.00',
  turnover: '200.00',
  shareBp: 50,
  // No turnover on the demo's rewards: player01 stays free to withdraw, as the walks and the
  // crash test expect (a brand sets its own with `ops referral settings`).
  turnoverTenths: 0,
}

/** The friends' password: published, as every demo account's is. */
export const demoFriendPassword = 'lotus123'

interface DemoFriend {
  username: string
  joinedDaysAgo: number
  /** Whole units deposited on the day they joined; 0 for none. */
  deposit: number
  /** Whole units of valid bets per day, from the day after joining, the last one yesterday. */
  bets: number[]
  device: string
  held: boolean
}

export const demoFriends: DemoFriend[] = [
  {
    username: 'friend01',
    joinedDaysAgo: 9,
    deposit: 400,
    bets: [40, 60, 35, 50, 30, 25, 45, 40],
    device: 'demo-device-friend01',
    held: false,
  },
  {
    username: 'friend02',
    joinedDaysAgo: 2,
    deposit: 0,
    bets: [],
    device: 'demo-device-friend02',
    held: false,
  },
  {
    username: 'friend03',
    joinedDaysAgo: 5,
    deposit: 50,
    bets: [20, 15, 10, 5],
    device: 'demo-device-friend03',
    held: false,
  },
  // Registered on friend01's device: the self-referral check holds it for the operator.
  {
    username: 'friend04',
    joinedDaysAgo: 4,
    deposit: 250,
    bets: [80, 90, 60],
    device: 'demo-device-friend01',
    held: true,
  },
]

/** Settings and player01's friends with their play, in the seed step's transaction. */
export async function seedDemoReferrals(
  tx: Tx,
  ledger: Ledger,
  repo: Pick<ReferralRepository, 'saveSettings' | 'insert'>,
  merchantCode: string,
  now: Date,
  hashPassword: (password: string) => Promise<string>,
): Promise<void> {
  const [referrer] = await tx
    .select({ id: members.id, affiliateCode: members.affiliateCode })
    .from(members)
    .where(and(eq(members.merchantCode, merchantCode), eq(members.username, 'player01')))
  if (!referrer) return
  await repo.saveSettings(
    {
      merchantCode,
      enabled: true,
      rewardAmount: moneyToMinor(demoReferralSettings.rewardAmount, c),
      turnover: moneyToMinor(demoReferralSettings.turnover, c),
      shareBp: demoReferralSettings.shareBp,
      turnoverTenths: demoReferralSettings.turnoverTenths,
      updatedAt: now,
      updatedBy: 'system',
    },
    tx,
  )
  // player01's code, made as a first ask makes it (unique per brand).
  let code = referrer.affiliateCode
  if (!code) {
    code = 'PLAYER01'
    await tx.update(members).set({ affiliateCode: code }).where(eq(members.id, referrer.id))
  }
  const passwordHash = await hashPassword(demoFriendPassword)
  const deposits = await ledger.houseAccount(merchantCode, 'deposits', tx)
  const house = await ledger.houseAccount(merchantCode, 'history', tx)
  for (const [i, f] of demoFriends.entries()) {
    const joinedAt = new Date(now.getTime() - f.joinedDaysAgo * dayMs)
    const ip = `203.0.113.${20 + i}`
    const [row] = await tx
      .insert(members)
      .values({
        merchantCode,
        username: f.username,
        account: f.username,
        nickname: f.username,
        passwordHash,
        type: 0,
        registerIp: ip,
        createdAt: joinedAt,
      })
      .returning({ id: members.id })
    if (!row) throw new Error(`demo friend ${f.username} not written`)
    await repo.insert(
      {
        merchantCode,
        referrerId: referrer.id,
        friendId: row.id,
        code,
        friendIp: ip,
        friendDevice: f.device,
        flag: f.held ? 'sameDevice' : null,
        review: f.held ? 'held' : 'ok',
        createdAt: joinedAt,
      },
      tx,
    )
    const wallet = await ledger.memberAccount(merchantCode, row.id, undefined, tx)
    if (f.deposit > 0) {
      await post(ledger, tx, merchantCode, 'DEPOSIT', row.id, joinedAt, deposits, wallet, units(f.deposit))
    }
    for (const [d, amount] of f.bets.entries()) {
      // One round a day at the seed's time of day, the last one settled yesterday (a closed
      // brand day: the daily share's).
      const ago = f.bets.length - d
      const at = new Date(now.getTime() - ago * dayMs)
      const stake = units(amount)
      await post(ledger, tx, merchantCode, 'BET', row.id, at, wallet, house, stake)
      await tx.insert(betRecords).values({
        merchantCode,
        memberId: row.id,
        betNo: `DEMO-REF-${row.id}-${d}`,
        productType: 'RNG',
        accountTypeId: 2,
        vendorName: 'Lotus Slots',
        gameName: 'Golden Lotus',
        betAmount: stake,
        validBet: stake,
        payout: 0n,
        status: 'SETTLED',
        betTime: new Date(at.getTime() - 60_000),
        settledTime: at,
      })
    }
  }
}

/**
 * The rewards due after the seed, paid as the rewards job pays them (each its own
 * transaction; a rerun pays nothing twice).
 */
export async function payDemoReferrals(
  db: Db,
  referrals: Pick<ReferralService, 'payDue'>,
  merchantCode: string,
): Promise<number> {
  const [m] = await db.select().from(merchants).where(eq(merchants.code, merchantCode))
  return m ? referrals.payDue(m) : 0
}

const units = (n: number) => moneyToMinor(n.toFixed(c.decimals), c)

async function post(
  ledger: Ledger,
  tx: Tx,
  merchantCode: string,
  type: 'DEPOSIT' | 'BET',
  memberId: number,
  at: Date,
  from: number,
  to: number,
  amount: bigint,
): Promise<void> {
  await ledger.post(tx, {
    merchantCode,
    type,
    memberId,
    memo: type === 'DEPOSIT' ? 'Bank transfer' : 'Lotus Slots',
    actor: 'system',
    at,
    postings: [
      { accountId: from, amount: -amount },
      { accountId: to, amount },
    ],
  })
}
