/**
 * Wallets: the member's main wallet and one wallet per game vendor (accountTypeId), the
 * transfers between them, the sweep back to main and the funds summary; the kinds of fund
 * notice (src/contract/inbox.ts lists them).
 * Amounts are decimal strings of major units (money.ts); every money mutation carries an
 * Idempotency-Key header.
 */
import { z } from 'zod/mini'
import { defineEndpoint } from './endpoint'
import { AmountInputSchema, CurrencyDecimalsSchema, MoneySchema } from './money'
import { text } from './text'
import { walletModes } from './wallet-values'

/** The main wallet's accountTypeId, as the platform reports it. */
export const mainAccountTypeId = 2

export const WalletBalanceSchema = z.object({
  accountTypeId: z.int(),
  accountTypeName: z.string(),
  availBalance: MoneySchema,
  /** OK, or MAINTENANCE while the vendor is under maintenance (no transfers in or out). */
  status: z.enum(['OK', 'MAINTENANCE']),
})
export type WalletBalance = z.infer<typeof WalletBalanceSchema>

export const BalancesSchema = z.object({
  sumBalance: MoneySchema,
  currency: z.string(),
  currencySymbol: z.string(),
  currencyDecimals: CurrencyDecimalsSchema,
  /** The main wallet first, then each vendor wallet. */
  balance: z.array(WalletBalanceSchema),
})
export type Balances = z.infer<typeof BalancesSchema>

export const MerchantWalletSchema = z.object({
  /** SINGLE: games draw on the main wallet; MULTI: each vendor has its own wallet. */
  walletMode: z.enum(walletModes),
  mainAccountTypeId: z.int(),
  currency: z.string(),
  currencySymbol: z.string(),
  currencyDecimals: CurrencyDecimalsSchema,
})
export type MerchantWallet = z.infer<typeof MerchantWalletSchema>

/**
 * Where the caller stands with one kind of agent contract (the consolidated summary's fields):
 * 0 no contract and no offer, 1 an offer waits for its answer, 2 a contract in force and no
 * offer waiting. Here rather than in contracts.ts, so the wallet's rows load without the
 * contracts' schemas.
 */
export const ContractRequestStateSchema = z.union([z.literal(0), z.literal(1), z.literal(2)])
export type ContractRequestState = z.infer<typeof ContractRequestStateSchema>

export const ConsolidatedFundsSchema = z.object({
  sumBalance: MoneySchema,
  /** Requested withdrawals not yet paid or returned. */
  withdrawalsInFlight: MoneySchema,
  totalDeposits: MoneySchema,
  totalWithdrawals: MoneySchema,
  pendingDeposits: z.int(),
  pendingWithdrawals: z.int(),
  /** Paid withdrawals waiting for the member to confirm receipt. */
  unconfirmedWithdrawals: z.int(),
  /**
   * The caller's agent contracts, one field per kind as the platform names them: 0 none,
   * 1 an offer waits for the caller's answer, 2 a contract in force and no offer waiting.
   */
  dailysalreqtype: ContractRequestStateSchema,
  divtypereq: ContractRequestStateSchema,
  contracthoursalreq: ContractRequestStateSchema,
  realtimesalreqtype: ContractRequestStateSchema,
})
export type ConsolidatedFunds = z.infer<typeof ConsolidatedFundsSchema>

export const TransferRequestSchema = z.object({
  fromAccountTypeId: z.int(),
  toAccountTypeId: z.int(),
  amount: AmountInputSchema,
})
export type TransferRequest = z.infer<typeof TransferRequestSchema>

const moneyErrors = ['amount_invalid', 'idempotency_key_required', 'idempotency_key_reused'] as const

export const walletEndpoints = {
  balance: defineEndpoint({
    name: 'wallet.balance',
    method: 'GET',
    path: '/wps/v2/wallets/balance',
    auth: 'session',
    encrypted: false,
    modId: 'COMM3',
    /** typeId 0 (or none) answers every wallet; another id answers that wallet alone. */
    query: z.object({ typeId: z.optional(text().check(z.regex(/^\d{1,6}$/))) }),
    response: BalancesSchema,
    errors: ['wallet_unknown'],
  }),
  merchantWallet: defineEndpoint({
    name: 'wallet.merchantWallet',
    method: 'GET',
    path: '/wps/relay/GCS_merchantWallet',
    auth: 'session',
    encrypted: false,
    modId: 'COMM3',
    response: MerchantWalletSchema,
    errors: [],
  }),
  transfer: defineEndpoint({
    name: 'wallet.transfer',
    method: 'POST',
    path: '/wps/relay/GCS_walletTransfer',
    auth: 'member',
    encrypted: false,
    idempotent: true,
    modId: 'FUNDTRANS3',
    body: TransferRequestSchema,
    response: BalancesSchema,
    errors: [
      ...moneyErrors,
      'insufficient_balance',
      'wallet_same',
      'wallet_unknown',
      'vendor_under_maintenance',
    ],
  }),
  sweep: defineEndpoint({
    name: 'wallet.sweep',
    method: 'POST',
    path: '/wps/relay/GCS_walletReturn',
    auth: 'member',
    encrypted: false,
    idempotent: true,
    modId: 'FUNDTRANS3',
    body: z.object({}),
    response: BalancesSchema,
    errors: ['idempotency_key_required', 'idempotency_key_reused'],
  }),
  consolidated: defineEndpoint({
    name: 'wallet.consolidated',
    method: 'GET',
    path: '/wps/member/info/funds/consolidated',
    auth: 'member',
    encrypted: false,
    response: ConsolidatedFundsSchema,
    errors: [],
  }),
} as const
