/**
 * A game vendor for the suites: its launch answers an address that carries the player
 * token, and its wallet calls are signed exactly as adapter.ts describes, sent to the app
 * in-process (or tampered with, stale, or signed with another secret, on purpose).
 */
import { randomBytes } from 'node:crypto'
import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import type { Db } from '#server/plugins/external/db'
import {
  signedWalletHeaders,
  WalletAnswerSchema,
  walletPath,
  type LaunchRequest,
  type VendorAdapter,
  type WalletAnswer,
  type WalletCall,
} from '#server/vendors/adapter'
import { vendorSecret } from '#server/vendors/wallet-repository'

export interface FakeVendor extends VendorAdapter {
  /** Every launch the platform asked for, in order. */
  launches: LaunchRequest[]
  /** Makes the next launches fail, as a vendor that is down. */
  down: boolean
}

export function fakeVendor(id = 'fake', answer: (req: LaunchRequest) => string = defaultUrl): FakeVendor {
  const vendor: FakeVendor = {
    id,
    launches: [],
    down: false,
    launch(req) {
      vendor.launches.push(req)
      if (vendor.down) return Promise.reject(new Error('vendor down'))
      return Promise.resolve({ url: answer(req) })
    },
  }
  return vendor
}

function defaultUrl(req: LaunchRequest): string {
  const q = new URLSearchParams({
    game: req.game.code,
    ...(req.playerToken ? { token: req.playerToken } : {}),
  })
  return `/fake-vendor/play?${q.toString()}`
}

/** The player token a launch gave the fake vendor (from its address). */
export function tokenFromUrl(url: string): string {
  const token = new URL(url, 'http://platform.invalid').searchParams.get('token')
  if (!token) throw new Error(`no player token in ${url}`)
  return token
}

export interface WalletCallOptions {
  /** Sign with this secret instead of the vendor's. */
  secret?: string
  /** The timestamp (epoch ms) to sign and send; default now. */
  at?: number
  /** Change the body after signing it. */
  tamper?: (raw: string) => string
  /** Sign and send these exact bytes instead of the body as JSON. */
  raw?: string
}

/** Signed wallet calls of one vendor against the app. */
export function walletClient(app: FastifyInstance, db: Db, vendorId: string) {
  let secret: string | undefined
  async function send(
    call: WalletCall,
    body: object,
    opts: WalletCallOptions = {},
  ): Promise<LightMyRequestResponse> {
    secret ??= await vendorSecret(db, vendorId)
    const raw = opts.raw ?? JSON.stringify(body)
    const headers = signedWalletHeaders(opts.secret ?? secret, raw, opts.at ?? Date.now())
    return app.inject({
      method: 'POST',
      url: walletPath(vendorId, call),
      headers,
      payload: opts.tamper ? opts.tamper(raw) : raw,
    })
  }
  return {
    send,
    /** The parsed answer of a call that must answer 200. */
    async call(call: WalletCall, body: object): Promise<WalletAnswer> {
      const res = await send(call, body)
      if (res.statusCode !== 200) throw new Error(`${call} answered ${res.statusCode}: ${res.body}`)
      return WalletAnswerSchema.parse(res.json())
    },
  }
}

/** A fresh vendor transaction or round id. */
export function vendorTxId(prefix = 'tx'): string {
  return `${prefix}-${randomBytes(8).toString('hex')}`
}
