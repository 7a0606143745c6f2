/**
 * The online payment gateway, and in demo mode a stand-in for it, so the whole online
 * deposit flow runs on one machine:
 * - GET  /gateway/demo/pay?order=…   (demo mode) the "bank's" page, where the member pays
 *                                    or cancels;
 * - POST /gateway/demo/pay           (demo mode) the gateway's decision: it calls the
 *                                    brand's callback (signed, as a real gateway would) and
 *                                    sends the member back to the portal;
 * - POST /wps/payment/demo/callback  the brand's side: verifies the HMAC-SHA-256 signature
 *                                    of the raw body, then credits or fails the deposit once.
 * A real gateway (PAYMENT_GATEWAY_URL with its own PAYMENT_GATEWAY_SECRET) replaces the
 * first two; the callback's shape is what it must speak. Without either, nothing is mounted
 * and no online deposit can be made.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { formatMinor } from '#contract/money'
import { paymentGatewayKind, type Config } from '../config/env'
import { deposits, installSecrets, merchants } from '../db/schema'
import { AppError } from '../http/errors'
import { escapeHtml } from '../http/html'
import type { Db } from '../plugins/external/db'
import { currencyOf } from './common'
import { SettlementError, type FundsService } from './funds-service'

export const signatureHeader = 'x-gateway-signature'
export const callbackPath = '/wps/payment/demo/callback'

const CallbackSchema = z.object({
  order: z.string().regex(/^DP[0-9A-F]{18}$/),
  /** Minor units, as a string of digits. */
  amount: z.string().regex(/^\d{1,18}$/),
  status: z.enum(['PAID', 'FAILED']),
  paidAt: z.number().int(),
})
export type GatewayCallback = z.infer<typeof CallbackSchema>

/** Where the member pays, and the secret the gateway's callbacks are signed with. */
export type PaymentGateway =
  | { kind: 'demo' | 'real'; secret: string; payUrl: (order: string) => string }
  | { kind: 'none'; secret: null; payUrl: null }

export const demoPayPath = '/gateway/demo/pay'

/**
 * A real gateway when one is configured; the demo gateway in demo mode, signing with the
 * configured secret or else one made at random for this install (kept in the database,
 * so every instance agrees and nobody can read it in the source); otherwise none.
 */
export async function resolvePaymentGateway(
  db: Db,
  config: Pick<Config, 'DEMO' | 'PAYMENT_GATEWAY_SECRET'> & Partial<Pick<Config, 'PAYMENT_GATEWAY_URL'>>,
): Promise<PaymentGateway> {
  const kind = paymentGatewayKind(config)
  const url = config.PAYMENT_GATEWAY_URL
  if (kind === 'real' && url && config.PAYMENT_GATEWAY_SECRET) {
    return { kind, secret: config.PAYMENT_GATEWAY_SECRET, payUrl: (order) => withOrder(url, order) }
  }
  if (kind !== 'demo') return { kind: 'none', secret: null, payUrl: null }
  const secret = config.PAYMENT_GATEWAY_SECRET ?? (await installSecret(db, 'demo-gateway'))
  return { kind: 'demo', secret, payUrl: (order) => withOrder(demoPayPath, order) }
}

function withOrder(page: string, order: string): string {
  const sep = page.includes('?') ? '&' : '?'
  return `${page}${sep}order=${encodeURIComponent(order)}`
}

/** The install's secret of that name, made on first use; two instances starting together agree. */
async function installSecret(db: Db, name: string): Promise<string> {
  await db
    .insert(installSecrets)
    .values({ name, value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing()
  const [row] = await db.select().from(installSecrets).where(eq(installSecrets.name, name))
  if (!row) throw new Error(`install secret ${name} not stored`)
  return row.value
}

export function signCallback(secret: string, rawBody: string): string {
  return createHmac('sha256', secret).update(rawBody).digest('hex')
}

function signatureOk(secret: string, rawBody: string, given: string | undefined): boolean {
  if (!given || !/^[0-9a-f]{64}$/.test(given)) return false
  return timingSafeEqual(Buffer.from(signCallback(secret, rawBody), 'hex'), Buffer.from(given, 'hex'))
}

export function registerPaymentGateway(
  app: FastifyInstance,
  deps: { db: Db; funds: FundsService; gateway: PaymentGateway; now: () => Date },
): void {
  const { db, funds, gateway, now } = deps
  if (gateway.kind === 'none') return
  const secret = gateway.secret

  async function findOrder(order: string) {
    const [row] = await db
      .select({
        deposit: deposits,
        currencySymbol: merchants.currencySymbol,
        currencyDecimals: merchants.currencyDecimals,
        name: merchants.name,
      })
      .from(deposits)
      .innerJoin(merchants, eq(merchants.code, deposits.merchantCode))
      .where(eq(deposits.gatewayOrder, order))
    return row
  }

  if (gateway.kind === 'demo') registerDemoPages(app, { db, secret, now, findOrder })
  registerCallback(app, { db, funds, secret, findOrder })
}

type FindOrder = (order: string) => Promise<
  | {
      deposit: typeof deposits.$inferSelect
      currencySymbol: string
      currencyDecimals: number
      name: string
    }
  | undefined
>

function registerDemoPages(
  app: FastifyInstance,
  deps: { db: Db; secret: string; now: () => Date; findOrder: FindOrder },
): void {
  const { secret, now, findOrder } = deps
  app.get(demoPayPath, async (req, reply) => {
    const q = z.object({ order: z.string().max(40) }).safeParse(req.query)
    const row = q.success ? await findOrder(q.data.order) : undefined
    void reply.type('text/html; charset=utf-8').header('cache-control', 'no-store')
    if (!row) return reply.code(404).send(page('Demo gateway', '<p>This payment order does not exist.</p>'))
    const d = row.deposit
    const amount = `${row.currencySymbol}${formatMinor(d.amount, currencyOf(row))}`
    if (d.status !== 'PENDING') {
      return page(
        'Demo gateway',
        `<p>Order ${escapeHtml(d.gatewayOrder ?? '')} is already ${d.status.toLowerCase()}.</p>
        <p><a href="/index">Back to ${escapeHtml(row.name)}</a></p>`,
      )
    }
    return page(
      'Demo gateway',
      `<p>Pay <strong>${escapeHtml(amount)}</strong> to ${escapeHtml(row.name)}</p>
      <p class="muted">Order ${escapeHtml(d.gatewayOrder ?? '')}. This is a demo gateway: no real money moves.</p>
      <form method="post" action="/gateway/demo/pay">
        <input type="hidden" name="order" value="${escapeHtml(d.gatewayOrder ?? '')}">
        <button name="outcome" value="PAID" type="submit">Pay ${escapeHtml(amount)}</button>
        <button name="outcome" value="FAILED" type="submit" class="secondary">Cancel payment</button>
      </form>`,
    )
  })

  app.post(demoPayPath, async (req, reply) => {
    const form = z
      .object({ order: z.string().max(40), outcome: z.enum(['PAID', 'FAILED']) })
      .safeParse(req.body)
    if (!form.success) throw new AppError('validation_failed', 'order and outcome are required')
    const row = await findOrder(form.data.order)
    if (!row) throw new AppError('not_found', 'no such order')
    const body = JSON.stringify({
      order: form.data.order,
      amount: row.deposit.amount.toString(),
      status: form.data.outcome,
      paidAt: now().getTime(),
    } satisfies GatewayCallback)
    // The gateway calls the brand's callback over HTTP, as a real one would.
    const res = await app.inject({
      method: 'POST',
      url: callbackPath,
      headers: { 'content-type': 'application/json', [signatureHeader]: signCallback(secret, body) },
      payload: body,
    })
    req.log.info({ order: form.data.order, status: res.statusCode }, 'demo gateway callback')
    return reply.redirect(`/index?deposit=${encodeURIComponent(form.data.order)}`, 303)
  })
}

function registerCallback(
  app: FastifyInstance,
  deps: { db: Db; funds: FundsService; secret: string; findOrder: FindOrder },
): void {
  const { db, funds, secret, findOrder } = deps

  // The callback needs the raw body for its signature, so it parses JSON itself.
  void app.register(async (scope) => {
    scope.removeAllContentTypeParsers()
    scope.addContentTypeParser(
      'application/json',
      { parseAs: 'string', bodyLimit: 16_384 },
      (_req, body, done) => done(null, body),
    )
    scope.post(callbackPath, async (req) => {
      const raw = typeof req.body === 'string' ? req.body : ''
      const sig = req.headers[signatureHeader]
      if (!signatureOk(secret, raw, Array.isArray(sig) ? sig[0] : sig)) {
        req.log.warn('gateway callback with a bad signature')
        throw new AppError('forbidden', 'bad signature')
      }
      let json: unknown
      try {
        json = JSON.parse(raw)
      } catch {
        throw new AppError('invalid_json', 'the body is not JSON')
      }
      const cb = CallbackSchema.safeParse(json)
      if (!cb.success) throw new AppError('validation_failed', 'not a gateway callback')
      const row = await findOrder(cb.data.order)
      if (!row) throw new AppError('not_found', 'no such order')
      const d = row.deposit
      if (d.amount.toString() !== cb.data.amount)
        throw new AppError('bad_request', 'the amount does not match')
      // A repeated callback for a settled order is answered as done, and changes nothing.
      if (d.status !== 'PENDING') return { success: true, value: { status: d.status } }
      try {
        const settled =
          cb.data.status === 'PAID'
            ? await funds.creditDeposit(d.merchantCode, d.id, 'system', `gateway ${cb.data.order}`)
            : await funds.failDeposit(d.merchantCode, d.id, `gateway ${cb.data.order}`)
        return { success: true, value: { status: settled.status } }
      } catch (err) {
        if (err instanceof SettlementError) {
          const [now] = await db
            .select({ status: deposits.status })
            .from(deposits)
            .where(eq(deposits.id, d.id))
          return { success: true, value: { status: now?.status ?? d.status } }
        }
        throw err
      }
    })
  })
}

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<link rel="icon" href="data:,">
<style>
body{font-family:system-ui,sans-serif;max-width:26rem;margin:2rem auto;padding:0 1rem;color:#1d2433}
h1{font-size:1.25rem}.muted{color:#5b6474;font-size:.875rem}
button{display:block;width:100%;min-height:44px;margin:.5rem 0;font-size:1rem;border-radius:.5rem;border:0;background:#0b6e4f;color:#fff}
button.secondary{background:#e8ebf0;color:#1d2433}
</style></head><body><h1>${escapeHtml(title)}</h1>${body}</body></html>`
}
