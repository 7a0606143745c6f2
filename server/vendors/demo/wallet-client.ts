/**
 * The demo vendor's side of the seamless wallet: every call signed as adapter.ts says,
 * sent through the transport the integrator gives (the platform's own HTTP route), and
 * every answer checked against WalletAnswerSchema.
 *
 * A call whose answer is lost (the transport throws, a 5xx, or a body outside the schema)
 * is sent again with the same body, so the same txId: the platform answers a repeat with
 * its saved result. After `attempts` tries the call gives up with WalletUnreachable and the
 * caller decides (a debit is then rolled back; a credit is left to the sweep job).
 */
import { createHmac } from 'node:crypto'
import { signatureHeader, timestampHeader, WalletAnswerSchema, type WalletAnswer } from '../adapter'

export type WalletTransport = (
  path: string,
  rawBody: string,
  headers: Record<string, string>,
) => Promise<{ statusCode: number; body: string }>

export type WalletOperation = 'balance' | 'debit' | 'credit' | 'rollback'

export class WalletUnreachable extends Error {
  constructor(readonly operation: WalletOperation) {
    super(`the platform's wallet did not answer the ${operation}`)
  }
}

export interface WalletClientOptions {
  vendorId: string
  secret: string
  transport: WalletTransport
  now: () => Date
  /** Tries per call, the first included (default 3). */
  attempts?: number
  /** Pause before each retry, doubled each time (default 200 ms). */
  retryDelayMs?: number
}

export interface WalletClient {
  call(operation: WalletOperation, body: Record<string, string | boolean>): Promise<WalletAnswer>
}

export function sign(secret: string, timestamp: string, rawBody: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest('hex')
}

export function createWalletClient(opts: WalletClientOptions): WalletClient {
  const attempts = opts.attempts ?? 3
  const delay = opts.retryDelayMs ?? 200
  const pause = (ms: number) => (ms > 0 ? new Promise((r) => setTimeout(r, ms)) : Promise.resolve())

  async function once(path: string, rawBody: string): Promise<WalletAnswer | undefined> {
    const timestamp = String(opts.now().getTime())
    let answer: { statusCode: number; body: string }
    try {
      answer = await opts.transport(path, rawBody, {
        'content-type': 'application/json',
        [timestampHeader]: timestamp,
        [signatureHeader]: sign(opts.secret, timestamp, rawBody),
      })
    } catch {
      return undefined
    }
    if (answer.statusCode >= 500) return undefined
    let json: unknown
    try {
      json = JSON.parse(answer.body)
    } catch {
      return undefined
    }
    const parsed = WalletAnswerSchema.safeParse(json)
    return parsed.success ? parsed.data : undefined
  }

  return {
    async call(operation, body) {
      const path = `/vendor-api/${opts.vendorId}/wallet/${operation}`
      // One serialisation for every try: a retry repeats the call byte for byte.
      const rawBody = JSON.stringify(body)
      for (let attempt = 1; attempt <= attempts; attempt++) {
        if (attempt > 1) await pause(delay * 2 ** (attempt - 2))
        const answer = await once(path, rawBody)
        if (answer) return answer
      }
      throw new WalletUnreachable(operation)
    },
  }
}
