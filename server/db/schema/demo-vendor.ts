/**
 * The demo vendor's own tables (server/vendors/demo/): its play sessions with their
 * provably-fair seeds and free-play balance, and every round it played. The platform never
 * reads them; it learns of rounds through the seamless-wallet calls, as from any vendor.
 */
import { bigint, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core'

/** Where a round stands with the platform's wallet. */
export const demoRoundStatuses = [
  /** Seeds consumed, debit not yet answered. */
  'debit_pending',
  /** The wallet refused the debit (insufficient funds, unknown player…): nothing moved. */
  'refused',
  /** Debited, waiting for its result (a sports bet until its fixture ends). */
  'open',
  /** The result is known; the credit has not been answered yet (retried by the sweep job). */
  'credit_pending',
  /** Debited and credited (zero for a loss), or a free-play round. */
  'settled',
  /** The debit's answer was lost: its rollback is not answered yet (retried by the sweep job). */
  'rollback_pending',
  'rolled_back',
] as const
export type DemoRoundStatus = (typeof demoRoundStatuses)[number]

/** One launched play session: the seeds of its next round and, in free play, its balance. */
export const demoVendorSessions = pgTable('demo_vendor_sessions', {
  id: text('id').primaryKey(),
  /** The platform's player token; null in free play. */
  playerToken: text('player_token'),
  currency: text('currency').notNull(),
  decimals: integer('decimals').notNull(),
  /** Free play: the session's play-money balance, minor units; null for real money. */
  playBalance: bigint('play_balance', { mode: 'bigint' }),
  /** The server seed of the next round (its SHA-256 is shown before the round). */
  serverSeed: text('server_seed').notNull(),
  clientSeed: text('client_seed').notNull(),
  /** The next round's nonce. */
  nonce: integer('nonce').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
})

export const demoVendorRounds = pgTable(
  'demo_vendor_rounds',
  {
    /** `demo-<uuid>`; the wallet calls' txIds are `<id>:d`, `<id>:c` and `<id>:r`. */
    id: text('id').primaryKey(),
    sessionId: text('session_id')
      .notNull()
      .references(() => demoVendorSessions.id),
    playerToken: text('player_token'),
    /** slot, table, fish, sports. */
    game: text('game').notNull(),
    gameCode: text('game_code').notNull(),
    /** Provably fair inputs; null for a sports bet (its fixture decides). */
    serverSeed: text('server_seed'),
    clientSeed: text('client_seed'),
    nonce: integer('nonce'),
    bet: bigint('bet', { mode: 'bigint' }).notNull(),
    /** Null until the result is known. */
    win: bigint('win', { mode: 'bigint' }),
    result: jsonb('result').notNull(),
    status: text('status', { enum: demoRoundStatuses }).notNull(),
    /** A sports bet is settled by the sweep job after this. */
    settleAfter: timestamp('settle_after', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [
    index('demo_vendor_rounds_session').on(t.sessionId, t.createdAt),
    index('demo_vendor_rounds_status').on(t.status, t.settleAfter),
  ],
)
