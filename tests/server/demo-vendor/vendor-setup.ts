/**
 * Shared set-up of the demo vendor's API suites: a server wiring its own demo vendor against
 * an in-memory fake of the platform's wallet (fake-wallet.ts), on a clock in the test's
 * hands, and the calls its game pages make. useDemoVendor() registers a suite's hooks; the
 * server, the vendor, the wallet (a fresh one before each test) and the clock are exported
 * live, so a suite reads them as its own.
 */
import { afterAll, beforeAll, beforeEach } from 'vitest'
import { z } from 'zod'
import type { LaunchRequest } from '#server/vendors/adapter'
import { createDemoVendor, type DemoVendor } from '#server/vendors/demo/vendor'
import { build, type TestServer } from '../../build-server'
import { createClock } from '../../identity-helpers'
import { fakeWallet } from './fake-wallet'

export const walletSecret = 'wallet-secret-for-tests-0123456789'
export const sessionSecret = 'vendor-session-secret-0123456789'
const start = Date.UTC(2026, 10, 23, 9, 1, 0)
export let clock = createClock(start)
export let wallet = fakeWallet(walletSecret)
export let vendor: DemoVendor
export let server: TestServer

/** Registers the suite's hooks: its own clock and server, a fresh wallet before each test. */
export function useDemoVendor(): void {
  beforeAll(async () => {
    clock = createClock(start)
    server = await build({
      now: clock.now,
      // No platform vendors: this suite wires its own demo vendor against a fake wallet.
      vendorAdapters: [],
      extend: async (app, deps) => {
        vendor = createDemoVendor({
          db: deps.db,
          walletSecret,
          sessionSecret,
          transport: (path, raw, headers) => wallet.transport(path, raw, headers),
          now: clock.now,
          wallet: { attempts: 3, retryDelayMs: 0 },
        })
        await vendor.register(app)
      },
    })
  })
  afterAll(() => server.close())
  beforeEach(() => {
    wallet = fakeWallet(walletSecret)
    wallet.balances.set('player-1', 100_000n)
  })
}

export function launchRequest(over: Partial<LaunchRequest> = {}): LaunchRequest {
  return {
    merchantCode: 'DEMO',
    playerToken: 'player-1',
    displayName: 'sokha',
    game: { code: 'DMO-0001', name: 'Lucky Lotus', gameType: 'RNG', vassalage: 'DMO', subType: 'SC' },
    currency: { code: 'USD', decimals: 2 },
    language: 'km',
    platform: 'html5',
    lobbyPath: '/rng?page=DMO',
    ...over,
  }
}

export async function launch(over: Partial<LaunchRequest> = {}): Promise<{ url: string; s: string }> {
  const { url } = await vendor.adapter.launch(launchRequest(over))
  return { url, s: new URL(url, 'http://x').searchParams.get('s') ?? '' }
}

export async function call(path: string, payload: unknown) {
  const res = await server.app.inject({
    method: 'POST',
    url: `/demo-vendor/api/${path}`,
    headers: { origin: 'null', 'content-type': 'application/json' },
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
  })
  return { status: res.statusCode, headers: res.headers, body: ApiBody.parse(res.json()) }
}

const Fair = z.object({
  serverSeed: z.string().optional(),
  serverSeedHash: z.string(),
  clientSeed: z.string(),
  nonce: z.number(),
})
const Round = z.object({
  id: z.string(),
  status: z.string(),
  bet: z.string(),
  win: z.string().nullable(),
  result: z.unknown(),
  fair: Fair.nullable(),
})
/** What the vendor's API answers (every field optional: errors carry few). */
const ApiBody = z.looseObject({
  ok: z.boolean().optional(),
  error: z.string().optional(),
  round: Round.optional(),
  balance: z.string().nullable().optional(),
  next: Fair.nullable().optional(),
  fair: Fair.optional(),
  chips: z.array(z.string()).optional(),
  free: z.boolean().optional(),
  fixtures: z
    .array(
      z.object({
        id: z.string(),
        state: z.enum(['open', 'inPlay', 'fullTime']),
        score: z.tuple([z.number(), z.number()]).nullable(),
      }),
    )
    .optional(),
  featured: z.string().nullable().optional(),
  bets: z.array(Round).optional(),
  serverSeedHash: z.string().optional(),
  outcome: z.unknown().optional(),
  win: z.string().optional(),
})

export function moneyCalls(): string[] {
  return wallet.calls.map((c) => c.op).filter((op) => op !== 'balance')
}

export function pickFair(f: z.infer<typeof Fair>) {
  return { serverSeed: f.serverSeed, clientSeed: f.clientSeed, nonce: f.nonce }
}

export async function runSweep(name = 'demo-vendor.sweep') {
  const job = vendor.jobs.find((j) => j.name === name)
  if (!job) throw new Error(`no job ${name}`)
  await job.handler({}, { id: 'test', attempt: 1, signal: new AbortController().signal, log: server.app.log })
}
