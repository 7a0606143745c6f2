/**
 * The platform app for the wallet section, in its own process (its own event loop, as the
 * real server has): a fresh database (PGlite in WALLET_DATA_DIR, or PostgreSQL at
 * WALLET_DATABASE_URL), the demo brand in single-wallet mode, WALLET_MEMBERS members with
 * money on main, each with an open game session of the `bench` vendor. It writes the player
 * tokens and the vendor's signing secret to WALLET_INFO_FILE, prints "Wallet ready at
 * <url>", and on SIGTERM closes, reconciles and writes the reports to WALLET_RESULT_FILE.
 * WALLET_POINTS=on gives the brand point settings (0.1 point per 1.00 on slots), so every
 * settled slot round also earns its points (decision 030); off (the default) earns none.
 * Each member also has a session on a fish game (`controlTokens`, `controlGame`), whose
 * rate is 0: its rounds take the same path as a slot's, the earn's write left out, so the
 * section can set rounds with and without points side by side in one run.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { and, eq } from 'drizzle-orm'
import { buildApp, type AppConfig } from '#server/app'
import { games, members, merchants, vendors } from '#server/db/schema'
import { seedDemoBrand } from '#server/db/seed'
import { writeVersion } from '#server/loyalty/points/point-config'
import { createLedger } from '#server/money/ledger'
import { reconcile } from '#server/money/ledger-reconcile'
import { openDatabase, type Database } from '#server/plugins/external/db'
import type { VendorAdapter } from '#server/vendors/adapter'
import { reconcileGames } from '#server/vendors/reconcile'
import { createWalletRepository, vendorSecret } from '#server/vendors/wallet-repository'

const merchant = 'DEMO'
const memberCount = Number(process.env.WALLET_MEMBERS ?? 20)
const infoFile = process.env.WALLET_INFO_FILE ?? ''
const resultFile = process.env.WALLET_RESULT_FILE ?? ''
const benchVendorId = 'bench'
const benchGame = 'DSL-0002'

/** The bench's vendor: it never launches anything, it only calls the wallet. */
const benchVendor: VendorAdapter = { id: benchVendorId, launch: () => Promise.resolve({ url: '/bench' }) }

function configOf(staticDir: string): AppConfig {
  return {
    LOG_LEVEL: 'warn',
    MERCHANT_CODE: merchant,
    COUNTRY_HEADER: 'cf-ipcountry',
    SETTINGS_TTL_SECONDS: 10,
    trustProxy: false,
    staticDir,
    SESSION_IDLE_MINUTES: 120,
    SESSION_MAX_HOURS: 24,
    ARGON2_MEMORY_KIB: 8192,
    ARGON2_PASSES: 1,
    DEV_TOOLS: false,
    NODE_ENV: 'production',
    DEMO: false,
    PAYMENT_GATEWAY_SECRET: undefined,
    PUSH_CONTACT: 'mailto:operator@example.com',
  }
}

/**
 * Members with money on main, each with an open session of the bench vendor on the bench
 * slot and one on the control fish game.
 */
async function players(
  database: Database,
  control: { code: string; vassalage: string; accountTypeId: number },
) {
  const db = database.db
  const ledger = createLedger(db)
  const sessions = createWalletRepository(db)
  const house = await ledger.houseAccount(merchant, 'adjustments')
  const tokens: string[] = []
  const controlTokens: string[] = []
  for (let i = 0; i < memberCount; i++) {
    const username = `wallet${i}`
    const [m] = await db
      .insert(members)
      .values({ merchantCode: merchant, username, account: username, nickname: username, passwordHash: 'x' })
      .returning({ id: members.id })
    if (!m) throw new Error('member not made')
    const main = await ledger.memberAccount(merchant, m.id)
    await db.transaction((tx) =>
      ledger.post(tx, {
        merchantCode: merchant,
        type: 'ADJUSTMENT',
        memberId: m.id,
        memo: 'bench float',
        actor: 'operator',
        at: new Date(),
        postings: [
          { accountId: house, amount: -100_000_000n },
          { accountId: main, amount: 100_000_000n },
        ],
      }),
    )
    const now = new Date()
    const made = await sessions.createSession({
      merchantCode: merchant,
      memberId: m.id,
      vendorId: benchVendor.id,
      vassalage: 'DSL',
      gameType: 'RNG',
      gameCode: benchGame,
      accountTypeId: 2,
      vendorAccountTypeId: 109,
      createdAt: now,
      expiresAt: new Date(now.getTime() + 3_600_000),
    })
    tokens.push(made.token)
    const fish = await sessions.createSession({
      merchantCode: merchant,
      memberId: m.id,
      vendorId: benchVendor.id,
      vassalage: control.vassalage,
      gameType: 'FISH',
      gameCode: control.code,
      accountTypeId: 2,
      vendorAccountTypeId: control.accountTypeId,
      createdAt: now,
      expiresAt: new Date(now.getTime() + 3_600_000),
    })
    controlTokens.push(fish.token)
  }
  return { tokens, controlTokens }
}

/** A fish game of the demo catalogue: the control rounds' game (no point rate). */
async function controlGame(database: Database) {
  const [g] = await database.db
    .select({ code: games.code, vassalage: games.vassalage, accountTypeId: vendors.accountTypeId })
    .from(games)
    .innerJoin(
      vendors,
      and(
        eq(vendors.merchantCode, games.merchantCode),
        eq(vendors.gameType, games.gameType),
        eq(vendors.vassalage, games.vassalage),
      ),
    )
    .where(and(eq(games.merchantCode, merchant), eq(games.gameType, 'FISH'), eq(games.isGame, 'GAME')))
    .orderBy(games.code)
    .limit(1)
  if (!g) throw new Error('the demo catalogue has no fish game')
  return g
}

async function main(): Promise<void> {
  const url = process.env.WALLET_DATABASE_URL
  const dataDir = process.env.WALLET_DATA_DIR
  const database = await openDatabase(url ? { databaseUrl: url, poolMax: 10 } : { dataDir })
  await database.migrate()
  await seedDemoBrand(database.db, merchant, async () => 'not-a-password-hash')
  await database.db.update(merchants).set({ walletMode: 'SINGLE' }).where(eq(merchants.code, merchant))
  const control = await controlGame(database)
  const { tokens, controlTokens } = await players(database, control)
  if (process.env.WALLET_POINTS === 'on') {
    await writeVersion(
      database.db,
      merchant,
      { enabled: true, rates: { RNG: 10 }, conversions: [] },
      new Date(Date.now() - 1000),
    )
  }
  const secret = await vendorSecret(database.db, benchVendor.id)
  const staticDir = mkdtempSync(path.join(os.tmpdir(), 'portal-bench-static-'))
  const { app } = await buildApp(configOf(staticDir), database, {
    vendorAdapters: [{ adapter: benchVendor }],
  })
  writeFileSync(infoFile, JSON.stringify({ tokens, controlTokens, controlGame: control.code, secret }))
  const address = await app.listen({ host: '127.0.0.1', port: 0 })
  console.log(`Wallet ready at ${address}`)

  process.once('SIGTERM', () => {
    void (async () => {
      await app.close()
      const games = await reconcileGames(database.db, merchant)
      const ledger = await reconcile(database.db)
      writeFileSync(resultFile, JSON.stringify({ games, ledgerOk: ledger.ok }))
      await database.close()
      rmSync(staticDir, { recursive: true, force: true })
      process.exit(0)
    })().catch((err: unknown) => {
      console.error(err)
      process.exit(1)
    })
  })
}

main().catch((err: unknown) => {
  console.error(err)
  process.exit(1)
})
