/**
 * Helpers of the money suites: a fresh member with a session, calls that carry an
 * Idempotency-Key, balances read through the API, and operator credits through the CLI.
 */
import { randomBytes } from 'node:crypto'
import type { LightMyRequestResponse } from 'fastify'
import { moneyToMinor } from '#contract/money'
import { BalancesSchema, type Balances } from '#contract/wallet'
import type { TestServer } from './build-server'
import { runOps } from './build-server'
import { createMember, plainCall, sealedCall, tokenOf, valueOf } from './identity-helpers'

export interface MoneyMember {
  id: number
  username: string
  token: string
}

let counter = 0

/** A new member of the brand, logged in, with `credit` (e.g. "100.00") put on the main wallet. */
export async function moneyMember(server: TestServer, credit?: string, prefix = 'mm'): Promise<MoneyMember> {
  counter += 1
  const username = `${prefix}${process.pid % 1000}x${counter}${randomBytes(2).toString('hex')}`
  const row = await createMember(server, { username, password: 'lotus123' })
  const token = await tokenOf(server, username, 'lotus123')
  if (credit) await runOps(server, 'adjust', username, credit, 'test credit')
  return { id: row.id, username: row.username, token }
}

/** The payment password every test member gets from `withPaymentPassword`. */
export const testPaymentPassword = '246810'

/** A member (as `moneyMember`) who has set the payment password `testPaymentPassword`. */
export async function withPaymentPassword(
  server: TestServer,
  credit?: string,
  prefix?: string,
): Promise<MoneyMember> {
  const m = await moneyMember(server, credit, prefix)
  const res = await sealedMoneyCall(
    server,
    m.token,
    '/wps/relay/setWithdrawPassword',
    {
      loginPassword: 'lotus123',
      paymentPassword: testPaymentPassword,
      confirmPaymentPassword: testPaymentPassword,
    },
    null,
  )
  if (res.statusCode !== 200) throw new Error(`payment password not set: ${res.body}`)
  return m
}

export function newKey(): string {
  return randomBytes(12).toString('hex')
}

/** A plain JSON money call with an Idempotency-Key (a fresh one unless given). */
export function moneyCall(
  server: Pick<TestServer, 'app' | 'db'>,
  token: string,
  url: string,
  body: object,
  key: string | null = newKey(),
): Promise<LightMyRequestResponse> {
  return plainCall(server, 'POST', url, {
    token,
    body,
    ...(key === null ? {} : { headers: { 'idempotency-key': key } }),
  })
}

/** An encrypted money call with an Idempotency-Key. */
export function sealedMoneyCall(
  server: Pick<TestServer, 'app' | 'db'>,
  token: string,
  url: string,
  body: object,
  key: string | null = newKey(),
): Promise<LightMyRequestResponse> {
  return sealedCall(server, 'POST', url, body, {
    token,
    ...(key === null ? {} : { headers: { 'idempotency-key': key } }),
  })
}

export async function balances(server: Pick<TestServer, 'app' | 'db'>, token: string): Promise<Balances> {
  const res = await plainCall(server, 'GET', '/wps/v2/wallets/balance', { token })
  return valueOf(res, (v) => BalancesSchema.parse(v))
}

/** The main wallet's balance in minor units. */
export async function mainMinor(server: Pick<TestServer, 'app' | 'db'>, token: string): Promise<bigint> {
  const b = await balances(server, token)
  return moneyToMinor(b.balance.find((w) => w.accountTypeId === 2)?.availBalance ?? '0', {
    decimals: b.currencyDecimals,
  })
}

export async function walletMinor(
  server: Pick<TestServer, 'app' | 'db'>,
  token: string,
  accountTypeId: number,
): Promise<bigint> {
  const b = await balances(server, token)
  return moneyToMinor(b.balance.find((w) => w.accountTypeId === accountTypeId)?.availBalance ?? '0', {
    decimals: b.currencyDecimals,
  })
}

/** A tiny valid PNG (1x1), as base64. */
export const tinyPng =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=='
/** A tiny GIF: a real image, but not one the portal takes. */
export const tinyGif = 'R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7'
