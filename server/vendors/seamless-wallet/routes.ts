/**
 * The seamless wallet vendors call (../adapter.ts describes the wire):
 *
 *   POST /vendor-api/<vendorId>/wallet/<balance|debit|credit|rollback>
 *
 * Order of a call: the vendor must be registered, the timestamp within five minutes and
 * the HMAC over the raw body right (401, nothing read; ./signature.ts) before the body is
 * even parsed (400 when it is not a call). Then, for debit, credit and rollback, the
 * vendor's txId is looked up first: a retry of the same call answers the saved answer,
 * another call with that id is TX_CONFLICT, a debit whose id was rolled back before it
 * came is TX_ROLLED_BACK. Only then the business checks, and the movement: the txId row,
 * the round (bet record) and the ledger movement between the member's wallet and the house
 * account `games` in one database transaction (./common.ts). Business refusals answer 200
 * with ok:false and the balance; nothing of a refused call is kept, so a retry is judged
 * afresh.
 *
 * Rounds: a debit opens the round or adds to its stake while it is unsettled (./debit.ts);
 * a credit adds its win and, closing (the default), settles it (./credit.ts); a rollback
 * returns its debit's stake and cancels a round left with no stake and no win
 * (./rollback.ts).
 */
import type { FastifyError, FastifyInstance } from 'fastify'
import { z } from 'zod/mini'
import {
  BalanceCallSchema,
  CreditCallSchema,
  DebitCallSchema,
  RollbackCallSchema,
  signatureHeader,
  timestampHeader,
  walletCalls,
  type WalletAnswer,
  type WalletCall,
  type WalletError,
} from '../adapter'
import { vendorSecret } from '../wallet-repository'
import { balanceCall } from './balance'
import {
  createWalletCommon,
  type BalanceCall,
  type CreditCall,
  type DebitCall,
  type RollbackCall,
  type SeamlessWalletDeps,
} from './common'
import { creditCall } from './credit'
import { debitCall } from './debit'
import { rollbackCall } from './rollback'
import { freshTimestamp, header, signatureOk } from './signature'

export function createSeamlessWallet(deps: SeamlessWalletDeps) {
  const w = createWalletCommon(deps)
  return {
    balance: (vendorId: string, call: BalanceCall) => balanceCall(w, vendorId, call),
    debit: (vendorId: string, call: DebitCall) => debitCall(w, vendorId, call),
    credit: (vendorId: string, call: CreditCall) => creditCall(w, vendorId, call),
    rollback: (vendorId: string, call: RollbackCall) => rollbackCall(w, vendorId, call),
  }
}

export type SeamlessWallet = ReturnType<typeof createSeamlessWallet>

const VendorParamsSchema = z.object({ vendorId: z.string().check(z.regex(/^[A-Za-z0-9_-]{1,32}$/)) })

/** Largest wallet call body: a call is a few short fields. */
const bodyLimit = 16_384

/**
 * Mounts the four wallet calls. Each vendor's secret is read (made on first use) once per
 * process; every answer is a WalletAnswer, whatever went wrong with the request.
 */
export function registerSeamlessWallet(app: FastifyInstance, deps: SeamlessWalletDeps): SeamlessWallet {
  const wallet = createSeamlessWallet(deps)
  const secrets = new Map<string, Promise<string>>()
  const secretOf = (vendorId: string): Promise<string> => {
    let s = secrets.get(vendorId)
    if (!s) {
      s = vendorSecret(deps.db, vendorId)
      s.catch(() => secrets.delete(vendorId))
      secrets.set(vendorId, s)
    }
    return s
  }
  const refuse = (error: WalletError): WalletAnswer => ({ ok: false, error })

  void app.register(async (scope) => {
    // The signature is over the raw bytes: the body is kept as the string that came.
    scope.removeAllContentTypeParsers()
    scope.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit }, (_req, body, done) =>
      done(null, body),
    )
    scope.setErrorHandler((err: FastifyError, req, reply) => {
      const status = err.statusCode ?? 500
      if (status >= 400 && status < 500) return reply.code(status).send(refuse('BAD_REQUEST'))
      // Anything else is the platform's fault: the app's handler logs it and answers 500.
      throw err
    })

    for (const call of walletCalls) {
      scope.post(`/vendor-api/:vendorId/wallet/${call}`, { bodyLimit }, async (req, reply) => {
        void reply.header('cache-control', 'no-store')
        const params = VendorParamsSchema.safeParse(req.params)
        const vendorId = params.success ? params.data.vendorId : undefined
        // Who may call, before a byte of the body is looked at.
        const timestamp = header(req.headers[timestampHeader])
        const fresh = freshTimestamp(timestamp, deps.now())
        const raw = typeof req.body === 'string' ? req.body : ''
        const signed =
          vendorId !== undefined &&
          deps.registry.byId(vendorId) !== undefined &&
          fresh &&
          timestamp !== undefined &&
          signatureOk(await secretOf(vendorId), timestamp, raw, header(req.headers[signatureHeader]))
        if (!signed || vendorId === undefined) {
          req.log.warn({ vendorId: vendorId ?? null, call, fresh }, 'wallet call refused: signature')
          return reply.code(401).send(refuse('INVALID_SIGNATURE'))
        }
        let json: unknown
        try {
          json = JSON.parse(raw)
        } catch {
          return reply.code(400).send(refuse('BAD_REQUEST'))
        }
        return reply.send(await answer(wallet, vendorId, call, json, () => reply.code(400)))
      })
    }
  })
  return wallet
}

async function answer(
  wallet: SeamlessWallet,
  vendorId: string,
  call: WalletCall,
  json: unknown,
  badRequest: () => void,
): Promise<WalletAnswer> {
  const bad = (): WalletAnswer => {
    badRequest()
    return { ok: false, error: 'BAD_REQUEST' }
  }
  switch (call) {
    case 'balance': {
      const body = BalanceCallSchema.safeParse(json)
      return body.success ? wallet.balance(vendorId, body.data) : bad()
    }
    case 'debit': {
      const body = DebitCallSchema.safeParse(json)
      return body.success ? wallet.debit(vendorId, body.data) : bad()
    }
    case 'credit': {
      const body = CreditCallSchema.safeParse(json)
      return body.success ? wallet.credit(vendorId, body.data) : bad()
    }
    case 'rollback': {
      const body = RollbackCallSchema.safeParse(json)
      return body.success ? wallet.rollback(vendorId, body.data) : bad()
    }
  }
}
