/**
 * The demo's seed steps added after its first release, in the order they run: each runs
 * once on a demo brand that lacks it, so a demo install seeded by an older release catches
 * up. Those marked "for a demo brand seeded before …" do nothing on a brand this run
 * created (`created`): it has that content from its first steps already.
 */
import { and, eq, isNull, sql } from 'drizzle-orm'
import { locales } from '#contract/locales'
import { moneyToMinor } from '#contract/money'
import type { Db, Tx } from '../plugins/external/db'
import { seedDemoRaffle } from '../promotions/raffle-seed'
import { seedDemoPromotions } from '../promotions/seed'
import { setDescriptions, setShareImage } from '../system/brands-repository'
import * as s from './schema'
import { agentAnnouncementRows } from './seed-agent-announcements'
import {
  announcementRow,
  demoAnnouncements,
  firstPopupNotices,
  laterPromotions,
  popupNotices,
} from './seed-announcements'
import * as d from './seed-data'
import { demoTemplates, firstJoinUsContent } from './seed-pages'
import { step } from './seed-step'

const languages = locales

export async function seedDemoLaterSteps(db: Db, merchantCode: string, created: boolean): Promise<void> {
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
    const joinUs = demoTemplates.find((t) => t.code === 'joinUs')
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
            eq(s.templates.content, firstJoinUsContent[language]),
          ),
        )
    }
  })
}
