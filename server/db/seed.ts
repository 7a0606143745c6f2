/**
 * Seeds the demo brand once. The marker row in seed_runs is written in the same
 * transaction as the data, so a crash mid-seed leaves nothing and two processes starting
 * together seed once.
 */
import { and, eq } from 'drizzle-orm'
import { defaultContractOfferDays } from '#contract/contracts'
import { locales } from '#contract/locales'
import { seedDemoFeedback } from '../feedback/seed'
import { seedDemoProfile } from '../identity/profile-seed'
import { seedDemoLottery, seedDemoLotteryHistory } from '../lottery/demo-games'
import { seedDemoMissions } from '../loyalty/missions/seed'
import { seedDemoMall } from '../loyalty/points/mall-seed'
import { seedDemoPoints as seedPointsStep } from '../loyalty/points/seed'
import { seedDemoVip, seedDemoVipProgress } from '../loyalty/vip/seed'
import { createLedger } from '../money/ledger'
import type { Db, Tx } from '../plugins/external/db'
import { referralServicesOf } from '../referral/referral-of'
import { payDemoReferrals, seedDemoReferrals } from '../referral/seed'
import { createBrand } from '../system/brands'
import * as s from './schema'
import { seedDemoAgentContracts } from './seed-agent-contracts'
import { seedDemoAgentRates } from './seed-agent-rates'
import { seedDemoAgentTeam } from './seed-agent-team'
import { announcementRow, demoAnnouncements } from './seed-announcements'
import * as d from './seed-data'
import { seedDemoGames } from './seed-games-step'
import { seedDemoLaterSteps } from './seed-later-steps'
import { demoHelp, demoTemplates } from './seed-pages'
import { step } from './seed-step'

const languages = locales

/**
 * What a start seeds: the demo brand in demo mode, nothing otherwise (a production install
 * starts empty and goes live through the operator CLI). True when this call made the brand.
 */
export async function seedForStart(
  db: Db,
  config: { DEMO: boolean; MERCHANT_CODE: string },
  hashPassword: (password: string) => Promise<string>,
  now = new Date(),
): Promise<boolean> {
  if (!config.DEMO) return false
  const created = await seedDemoBrand(db, config.MERCHANT_CODE, hashPassword)
  await seedDemoHistory(db, config.MERCHANT_CODE, now)
  await seedDemoTeam(db, config.MERCHANT_CODE, now, hashPassword)
  await seedDemoPoints(db, config.MERCHANT_CODE, now)
  // player01's feedback, one answered (issue 37).
  await step(db, 'demo-feedback-1', config.MERCHANT_CODE, (tx) =>
    seedDemoFeedback(tx, config.MERCHANT_CODE, now),
  )
  // player01's VIP progress and birthday (decision 030), after the point rates: its rounds
  // are dated before they come into force.
  const ledger = createLedger(db)
  await step(db, 'demo-vip-progress-1', config.MERCHANT_CODE, (tx) =>
    seedDemoVipProgress(tx, ledger, config.MERCHANT_CODE, now),
  )
  await seedDemoReferralsStep(db, config.MERCHANT_CODE, now, hashPassword)
  return created
}

/**
 * The demo's referral rules and player01's friends (server/referral/seed.ts), then the
 * rewards due paid as the rewards job pays them (once: a rerun pays nothing twice).
 */
export async function seedDemoReferralsStep(
  db: Db,
  merchantCode: string,
  now: Date,
  hashPassword: (password: string) => Promise<string>,
): Promise<void> {
  const { repo, referrals } = referralServicesOf(db, { now: () => now })
  const ledger = createLedger(db)
  const seeded = await step(db, 'demo-referrals-1', merchantCode, (tx) =>
    seedDemoReferrals(tx, ledger, repo, merchantCode, now, hashPassword),
  )
  if (seeded) await payDemoReferrals(db, referrals, merchantCode)
}

/**
 * The demo's points (server/loyalty/points/seed.ts): settings in force from now on (after
 * the history's bets), player01's welcome points, the mall's rewards and player01's redemptions.
 */
export async function seedDemoPoints(db: Db, merchantCode: string, now: Date): Promise<void> {
  await step(db, 'demo-points-1', merchantCode, (tx) => seedPointsStep(tx, merchantCode, now))
  // The mall's rewards and player01's redemptions, with its welcome points (decision 030).
  await step(db, 'demo-point-mall-1', merchantCode, (tx) => seedDemoMall(tx, merchantCode))
}

/**
 * agent01's team as a demo shows it: a sub-agent and members on both levels with three
 * weeks of deposits, rounds and lottery bets (seed-agent-team.ts), dated by the start's clock,
 * the team's rebate rates (seed-agent-rates.ts) and the contracts between the house, agent01 and agent02 (seed-agent-contracts.ts).
 */
export async function seedDemoTeam(
  db: Db,
  merchantCode: string,
  now: Date,
  hashPassword: (password: string) => Promise<string>,
): Promise<void> {
  const ledger = createLedger(db)
  await step(db, 'demo-agent-team-1', merchantCode, (tx) =>
    seedDemoAgentTeam(tx, ledger, merchantCode, now, hashPassword),
  )
  await step(db, 'demo-agent-rates-1', merchantCode, (tx) => seedDemoAgentRates(tx, merchantCode, now))
  await step(db, 'demo-agent-contracts-1', merchantCode, (tx) =>
    seedDemoAgentContracts(db, tx, merchantCode, now, defaultContractOfferDays),
  )
}

/**
 * What a demo brand has done before its first start, dated by the clock it starts at (the
 * tests' template brand goes without, so their clocks meet no draws ahead of them): the
 * lottery's recent results.
 */
export async function seedDemoHistory(db: Db, merchantCode: string, now: Date): Promise<void> {
  await step(db, 'demo-lottery-history-1', merchantCode, (tx) =>
    seedDemoLotteryHistory(tx, merchantCode, now),
  )
}

/** Seeds the demo brand under `merchantCode`; returns true when this call created the brand. */
export async function seedDemoBrand(
  db: Db,
  merchantCode: string,
  hashPassword: (password: string) => Promise<string>,
): Promise<boolean> {
  const created = await step(db, 'demo-brand', merchantCode, (tx) => seedBrand(tx, merchantCode))
  await step(db, 'demo-vendors', merchantCode, async (tx) => {
    await tx
      .insert(s.vendors)
      .values(
        d.demoVendors.map(([accountTypeId, vassalage, gameType, name, logo, isHot], sort) => ({
          merchantCode,
          accountTypeId,
          vassalage,
          gameType,
          name,
          logo,
          isHot,
          sort,
        })),
      )
      .onConflictDoNothing()
  })
  await step(db, 'demo-flags-4', merchantCode, async (tx) => {
    await tx
      .insert(s.whitelabelNodes)
      .values(
        d.demoWhitelabelAdditions.map(([modId, parentModId, enabled], i) => ({
          merchantCode,
          modId,
          parentModId,
          enabled,
          sort: 1000 + i,
        })),
      )
      .onConflictDoNothing()
  })
  await seedDemoLaterSteps(db, merchantCode, created)
  await step(db, 'demo-games-1', merchantCode, (tx) => seedDemoGames(tx, merchantCode, new Date()))
  await step(db, 'demo-lottery-1', merchantCode, async (tx) => {
    const [m] = await tx
      .select({ decimals: s.merchants.currencyDecimals })
      .from(s.merchants)
      .where(eq(s.merchants.code, merchantCode))
    if (m) await seedDemoLottery(tx, merchantCode, m.decimals, new Date())
  })
  await step(db, 'demo-accounts', merchantCode, async (tx) => {
    const ids = new Map<string, number>()
    for (const a of d.demoAccounts) {
      const [row] = await tx
        .insert(s.members)
        .values({
          merchantCode,
          username: a.username,
          account: a.username,
          nickname: a.username,
          passwordHash: await hashPassword(a.password),
          type: a.type,
          affiliateCode: a.affiliateCode ?? null,
          parentId: a.upline ? (ids.get(a.upline) ?? null) : null,
          toUpline: a.toUpline ?? false,
          email: a.email ?? null,
          mustChangePassword: a.mustChangePassword ?? false,
          language: 'km',
        })
        .onConflictDoNothing()
        .returning({ id: s.members.id })
      if (row) ids.set(a.username, row.id)
    }
  })
  await step(db, 'demo-money', merchantCode, async (tx) => {
    await tx
      .insert(s.depositMethods)
      .values(
        d.demoDepositMethods.map((m, sort) => ({
          merchantCode,
          code: m.code,
          kind: m.kind,
          name: m.name,
          names: m.names,
          minAmount: m.min,
          maxAmount: m.max,
          bank: m.bank ?? null,
          qrPayload: m.qr ?? null,
          sort,
        })),
      )
      .onConflictDoNothing()
    await tx
      .insert(s.banks)
      .values(d.demoBanks.map(([code, name], sort) => ({ merchantCode, code, name, sort })))
      .onConflictDoNothing()
    // Welcome bonuses go through the ledger like any other money, inside this step.
    const ledger = createLedger(tx)
    const house = await ledger.houseAccount(merchantCode, 'bonuses')
    for (const [username, amount] of d.demoWelcomeBonuses) {
      const [m] = await tx
        .select({ id: s.members.id })
        .from(s.members)
        .where(and(eq(s.members.merchantCode, merchantCode), eq(s.members.username, username)))
      if (!m) continue
      const wallet = await ledger.memberAccount(merchantCode, m.id)
      await ledger.post(tx, {
        merchantCode,
        type: 'BONUS',
        memberId: m.id,
        memo: 'Welcome bonus',
        actor: 'system',
        at: new Date(),
        postings: [
          { accountId: house, amount: -amount },
          { accountId: wallet, amount },
        ],
      })
    }
  })
  // VIP levels (decision 030), after the accounts: player01 is Silver.
  await step(db, 'demo-vip-1', merchantCode, (tx) => seedDemoVip(tx, merchantCode, new Date()))
  // The missions and player01's three check-ins, after the accounts (decision 030).
  await step(db, 'demo-missions-1', merchantCode, (tx) => seedDemoMissions(tx, merchantCode))
  // player01's profile, partly filled (the birthday is the VIP progress step's).
  await step(db, 'demo-profile-1', merchantCode, (tx) => seedDemoProfile(tx, merchantCode, new Date()))
  return created
}

async function seedBrand(tx: Tx, merchantCode: string): Promise<void> {
  const m = merchantCode
  const demo = d.demoMerchant
  // The brand itself as go-live makes one (server/system/brands.ts), with the demo's own
  // settings; then the demo's content.
  await createBrand(tx, {
    code: m,
    name: demo.name,
    shortName: demo.shortName,
    currency: demo.currency,
    currencySymbol: demo.currencySymbol,
    currencyDecimals: demo.currencyDecimals,
    defaultLanguage: demo.defaultLanguage,
    timeZone: demo.timeZone,
    themeColor: demo.themeColor,
    logoUrl: demo.logoUrl,
    extra: {
      passwordExpiryDays: demo.passwordExpiryDays,
      minimumAge: demo.minimumAge,
      vipServiceState: demo.vipServiceState,
      walletMode: demo.walletMode,
    },
  })
  await tx.insert(s.customerService).values(
    d.demoCustomerService.map(([csType, title, url, titles], sort) => ({
      merchantCode: m,
      csType,
      title,
      titles,
      url,
      sort,
    })),
  )
  await tx.insert(s.domainResources).values(
    d.demoResources.map(([resourceType, url, qrCodeUrl], sort) => ({
      merchantCode: m,
      resourceType,
      url,
      qrCodeUrl,
      sort,
    })),
  )
  await tx
    .insert(s.domains)
    .values(d.demoDomains.map((domain) => ({ merchantCode: m, domain })))
    .onConflictDoNothing()
  await tx
    .insert(s.cdnHosts)
    .values(d.demoCdns.map(([kind, url]) => ({ merchantCode: m, kind, url })))
    .onConflictDoNothing()
  for (const language of languages) {
    await tx.insert(s.helpArticles).values(
      demoHelp.map((h, sort) => ({
        merchantCode: m,
        language,
        category: h.category[language],
        title: h.title[language],
        content: h.content[language],
        sort,
      })),
    )
    await tx
      .insert(s.templates)
      .values(
        demoTemplates.map((t) => ({
          merchantCode: m,
          code: t.code,
          language,
          title: t.title[language],
          content: t.content[language],
        })),
      )
      .onConflictDoNothing()
    await tx
      .insert(s.announcements)
      .values(demoAnnouncements.map((a, sort) => announcementRow(m, language, a, sort)))
  }
}
