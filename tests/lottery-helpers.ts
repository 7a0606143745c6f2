/** Helpers of the lottery suites: the lobby's reads, placing an order, the member's bets. */
import type { LightMyRequestResponse } from 'fastify'
import { z } from 'zod'
import { NearSchema, OrderSchema, type Near, type Order, type PlaceOrder } from '#contract/lottery'
import type { TestServer } from './build-server'
import { plainCall, valueOf } from './identity-helpers'
import { newKey } from './money-helpers'

type Server = Pick<TestServer, 'app' | 'db'>

export async function near(server: Server, code: string): Promise<Near> {
  const res = await plainCall(server, 'GET', `/lgw/numeros/near?lottoGameCode=${code}`)
  return valueOf(res, (v) => NearSchema.parse(v))
}

export function place(
  server: Server,
  token: string,
  body: PlaceOrder | Record<string, unknown>,
  key: string = newKey(),
): Promise<LightMyRequestResponse> {
  return plainCall(server, 'POST', '/lgw/orders', { token, body, headers: { 'idempotency-key': key } })
}

export function orderOf(res: LightMyRequestResponse): Order {
  return valueOf(res, (v) => OrderSchema.parse(v))
}

const BetsPage = z.object({
  list: z.array(
    z.object({
      betId: z.string(),
      numero: z.string(),
      betType: z.string(),
      selection: z.string(),
      status: z.string(),
      payout: z.string(),
      hits: z.number(),
      result: z.string().nullable(),
    }),
  ),
  total: z.number(),
})

export async function myBets(server: Server, token: string, query = ''): Promise<z.infer<typeof BetsPage>> {
  const res = await plainCall(server, 'GET', `/lgw/orders${query}`, { token })
  return valueOf(res, (v) => BetsPage.parse(v))
}
