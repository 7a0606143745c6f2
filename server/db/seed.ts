/**
 * Seeds the demo brand once. The marker row in seed_runs is written in the same
 * transaction as the data, so a crash mid-seed leaves nothing and two processes starting
 * together seed once.
 */
import { and, eq, isNull, sql } from 'drizzle-orm'
import { defaultContractOfferDays } from '#contract/contracts'
import { locales } from '#contract/locales'
import { moneyToMinor } from '#contract/money'
import { seedDemoFeedback } from '../feedback/seed'
import { seedDemoProfile } from '../identity/profile-seed'
import { seedDemoLottery, seedDemoLotteryHistory } from '../lottery/demo-games'
import { seedDemoMissions } from '../loyalty/missions/seed'
import { seedDemoMall } from '../loyalty/points/mall-seed'
import { seedDemoPoints as seedPointsStep } from '../loyalty/points/seed'
import { seedDemoVip, seedDemoVipProgress } from '../loyalty/vip/seed'
import { createLedger } from '../money/ledger'
import type { Db, Tx } from '../plugins/external/db'
import { seedDemoRaffle } from '../promotions/raffle-seed'
import { seedDemoPromotions } from '../promotions/seed'
import { referralServicesOf } from '../referral/referral-of'
import { payDemoReferrals, seedDemoReferrals } from '../referral/seed'
import { createBrand } from '../system/brands'
import { setDescriptions, setShareImage } from '../system/brands-repository'
import * as s from './schema'
import { agentAnnouncementRows } from './seed-agent-announcements'
import { seedDemoAgentContracts } from './seed-agent-contracts'
import { seedDemoAgentRates } from './seed-agent-rates'
import { seedDemoAgentTeam } from './seed-agent-team'
import {
  announcementRow,
  demoAnnouncements,
  firstPopupNotices,
  laterPromotions,
  popupNotices,
} from './seed-announcements'
import * as d from './seed-data'
import { seedDemoGames } from './seed-games-step'

const languages = locales

/**
 * Runs one named seed step once per brand: its marker row and its data commit together.
 * Later releases add steps; an existing install gets only the steps it has not had.
 */
async function step(
  db: Db,
  name: string,
  merchantCode: string,
  run: (tx: Tx) => Promise<void>,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const marker = await tx
      .insert(s.seedRuns)
      .values({ name: `${name}:${merchantCode}`, rows: 0 })
      .onConflictDoNothing()
      .returning()
    if (marker.length === 0) return false
    await run(tx)
    return true
  })
}

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
  // The agent centre's flags on in the demo: a demo brand seeded before them has them off
  // from migration 0026 (what a production brand gets on upgrading).
  await step(db, 'demo-agent-flags-1', merchantCode, async (tx) => {
    const agentFlags = new Set(['AGENTRANSMULTDOWN3', 'AGENTANNOUNCE3', 'RTSALARY3'])
    for (const [modId, parentModId, enabled] of [...d.demoWhitelabel, ...d.demoWhitelabelAdditions]) {
      if (!agentFlags.has(modId)) continue
      await tx
        .insert(s.whitelabelNodes)
        .values({ merchantCode, modId, parentModId, enabled, sort: 1000 })
        .onConflictDoUpdate({
          target: [s.whitelabelNodes.merchantCode, s.whitelabelNodes.modId],
          set: { enabled },
        })
    }
  })
  // The demo's limits on agents' transfers down (a production brand starts without).
  await step(db, 'demo-transfer-limits-1', merchantCode, async (tx) => {
    const c = { decimals: d.demoMerchant.currencyDecimals }
    await tx
      .update(s.merchants)
      .set({
        downlineTransferMax: moneyToMinor(d.demoTransferLimits.perTransfer, c),
        downlineTransferDailyMax: moneyToMinor(d.demoTransferLimits.perDay, c),
      })
      .where(eq(s.merchants.code, merchantCode))
  })
  // The demo lets members forfeit their open bonuses to withdraw (a production brand starts without).
  await step(db, 'demo-bonus-forfeit-1', merchantCode, async (tx) => {
    await tx
      .update(s.merchants)
      .set({ bonusForfeit: d.demoMerchant.bonusForfeit })
      .where(eq(s.merchants.code, merchantCode))
  })
  // The promotions, for a demo brand seeded before them (a brand created now has them from
  // its own announcements): the one the welcome banner links to, then the later ones.
  const isLater = (a: (typeof demoAnnouncements)[number]) => laterPromotions.some((p) => p.title === a.title)
  const addPromotions = async (tx: Tx, which: (a: (typeof demoAnnouncements)[number]) => boolean) => {
    if (created) return
    const rows = demoAnnouncements.flatMap((a, sort) =>
      a.type === 'PR' && which(a)
        ? languages.map((language) => announcementRow(merchantCode, language, a, sort))
        : [],
    )
    if (rows.length > 0) await tx.insert(s.announcements).values(rows)
  }
  // What a shared link previews with: the demo's picture and description.
  await step(db, 'demo-share-1', merchantCode, async (tx) => {
    await setShareImage(tx, merchantCode, d.demoShare.shareImageUrl)
    await setDescriptions(tx, merchantCode, d.demoShare.descriptions)
  })
  // The announcements for agents (the agent centre's page).
  await step(db, 'demo-agent-announcements-1', merchantCode, async (tx) => {
    await tx.insert(s.announcements).values(agentAnnouncementRows(merchantCode))
  })
  // The promotion engine's promotions: one of each kind (server/promotions/templates.ts).
  await step(db, 'demo-promotions-engine-1', merchantCode, (tx) => seedDemoPromotions(db, tx, merchantCode))
  // The weekly raffle (decision 028).
  await step(db, 'demo-raffle-1', merchantCode, (tx) => seedDemoRaffle(db, tx, merchantCode))
  await step(db, 'demo-promotion-1', merchantCode, (tx) => addPromotions(tx, (a) => !isLater(a)))
  await step(db, 'demo-promotion-2', merchantCode, (tx) => addPromotions(tx, isLater))
  // The demo bank's QR, for a demo brand seeded before methods had one (the operator's own is kept).
  await step(db, 'demo-qr-1', merchantCode, async (tx) => {
    for (const m of d.demoDepositMethods) {
      if (!m.qr) continue
      await tx
        .update(s.depositMethods)
        .set({ qrPayload: m.qr })
        .where(
          and(
            eq(s.depositMethods.merchantCode, merchantCode),
            eq(s.depositMethods.code, m.code),
            isNull(s.depositMethods.qrPayload),
          ),
        )
    }
  })
  // The demo bank transfer's bank among the banks (its deposit method shows that bank's
  // logo), for a demo brand seeded before it was one of them: after the others.
  await step(db, 'demo-bank-lotus-1', merchantCode, async (tx) => {
    if (created) return
    const sort = d.demoBanks.length - 1
    const [code, name] = d.demoBanks[sort] ?? ['LOTUS', 'Lotus Demo Bank']
    await tx.insert(s.banks).values({ merchantCode, code, name, sort }).onConflictDoNothing()
  })
  // The demo's payment methods and customer-service links in every language, for a demo
  // brand seeded before they had names per language (a brand created now has them). A row
  // the operator renamed or already named per language is left as it is.
  await step(db, 'demo-names-1', merchantCode, async (tx) => {
    if (created) return
    for (const m of d.demoDepositMethods) {
      await tx
        .update(s.depositMethods)
        .set({ names: m.names })
        .where(
          and(
            eq(s.depositMethods.merchantCode, merchantCode),
            eq(s.depositMethods.code, m.code),
            eq(s.depositMethods.name, m.name),
            sql`${s.depositMethods.names} = '{}'::jsonb`,
          ),
        )
    }
    for (const [csType, title, url, titles] of d.demoCustomerService) {
      await tx
        .update(s.customerService)
        .set({ titles })
        .where(
          and(
            eq(s.customerService.merchantCode, merchantCode),
            eq(s.customerService.csType, csType),
            eq(s.customerService.title, title),
            eq(s.customerService.url, url),
            sql`${s.customerService.titles} = '{}'::jsonb`,
          ),
        )
    }
  })
  // The popup notices' texts, for a demo brand seeded when they were numbered placeholders
  // (a brand created now has them). Only a row still holding its placeholder title and text
  // in its language changes: one the operator edited is left as it is.
  await step(db, 'demo-notices-1', merchantCode, async (tx) => {
    if (created) return
    for (const [i, first] of firstPopupNotices.entries()) {
      const notice = popupNotices[i]
      if (!notice) continue
      for (const language of languages) {
        await tx
          .update(s.announcements)
          .set({ title: notice.title[language], content: notice.content[language] })
          .where(
            and(
              eq(s.announcements.merchantCode, merchantCode),
              eq(s.announcements.type, 'PU'),
              eq(s.announcements.language, language),
              eq(s.announcements.title, first.title[language]),
              eq(s.announcements.content, first.content[language]),
            ),
          )
      }
    }
  })
  // The join page's fuller text, for a demo brand seeded when it was one line; a text the
  // operator changed is left as it is.
  await step(db, 'demo-join-1', merchantCode, async (tx) => {
    if (created) return
    const joinUs = d.demoTemplates.find((t) => t.code === 'joinUs')
    if (!joinUs) return
    for (const language of languages) {
      await tx
        .update(s.templates)
        .set({ content: joinUs.content[language] })
        .where(
          and(
            eq(s.templates.merchantCode, merchantCode),
            eq(s.templates.code, 'joinUs'),
            eq(s.templates.language, language),
            eq(s.templates.content, d.firstJoinUsContent[language]),
          ),
        )
    }
  })
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
      d.demoHelp.map((h, sort) => ({
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
        d.demoTemplates.map((t) => ({
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
