/**
 * Deposits, withdrawals and what they need: payment methods, the payment password, bank
 * cards, the member's confirmation that a withdrawal arrived, and transfers to the upline.
 * Every call that moves money carries an Idempotency-Key header.
 */
import { z } from 'zod/mini'
import { BankLogoUrlSchema } from './bank-logos'
import { EmvcoPayloadSchema } from './emvco'
import { defineEndpoint } from './endpoint'
import { AmountInputSchema, MoneySchema } from './money'
import { PageQueryShape, RowIdSchema, TimeRangeShape, pageOf } from './paging'
import { RegisterFieldRuleSchema } from './system'
import { text } from './text'
import { BonusForfeitOfferSchema, TurnoverSummarySchema } from './turnover'
import { depositOrderPattern } from './wallet-values'

/** Receipt and proof images: png or jpg, at most 5 MB (spec section 9). */
export const maxImageBytes = 5 * 1024 * 1024
export const imageTypes = ['image/png', 'image/jpeg'] as const
export const ImageUploadSchema = z.object({
  contentType: z.enum(imageTypes),
  /** The file's bytes in base64 (no data: prefix). */
  data: text(Math.ceil((maxImageBytes * 4) / 3) + 4),
})
export type ImageUpload = z.infer<typeof ImageUploadSchema>
/** Body limit for calls that carry one image: its base64 plus room for the other fields. */
export const imageBodyLimit = Math.ceil((maxImageBytes * 4) / 3) + 64 * 1024

/**
 * The deposit bonus the member chose on the deposit page (promotions.depositPromotions), if
 * any: checked when the deposit is asked for, credited with the deposit (server/promotions).
 */
const DepositBonusChoice = z.optional(RowIdSchema)
const depositBonusErrors = [
  'promotion_not_found',
  'promotion_not_started',
  'promotion_ended',
  'promotion_not_eligible',
  'promotion_wrong_mode',
] as const

export const depositMethodKinds = ['BANK_TRANSFER', 'ONLINE'] as const
export type DepositMethodKind = (typeof depositMethodKinds)[number]
export const DepositMethodSchema = z.object({
  code: z.string(),
  kind: z.enum(depositMethodKinds),
  name: z.string(),
  minAmount: MoneySchema,
  maxAmount: MoneySchema,
  /**
   * For bank transfers: where the member sends the money, and the bank's logo (bank-logos.ts)
   * when the bank is one of the brand's banks (named by its name or code); else null.
   */
  bank: z.nullable(
    z.object({
      bankName: z.string(),
      accountName: z.string(),
      accountNumber: z.string(),
      logoUrl: z.nullable(BankLogoUrlSchema),
    }),
  ),
  /** The bank's static QR payload (EMVCo, e.g. KHQR) the member scans from a banking app; null when none. */
  qrPayload: z.nullable(EmvcoPayloadSchema),
})
export type DepositMethod = z.infer<typeof DepositMethodSchema>

/**
 * The reference a bank transfer carries in its note so the operator can match it: 8 letters
 * and digits without the look-alikes 0/O, 1/I/L (read aloud or typed from a screen without
 * a mistake). The server makes it (funds.depositReference) and keeps it on the deposit; one
 * reference names one deposit of the brand.
 */
export const depositReferenceAlphabet = '23456789ABCDEFGHJKMNPQRSTUVWXYZ'
export const depositReferencePattern = /^[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{8}$/
export const DepositReferenceSchema = z.string().check(z.regex(depositReferencePattern))

export const depositStatuses = ['PENDING', 'CREDITED', 'FAILED'] as const
export const DepositSchema = z.object({
  id: z.int(),
  methodCode: z.string(),
  kind: z.enum(depositMethodKinds),
  amount: MoneySchema,
  status: z.enum(depositStatuses),
  /** The member's own words for the transfer, from callers that send them; null from the deposit page. */
  reference: z.nullable(z.string()),
  /** The server's reference for the transfer note (bank transfers); null for older deposits and online ones. */
  referenceCode: z.nullable(z.string()),
  hasReceipt: z.boolean(),
  /** Epoch ms. */
  createdAt: z.number(),
  settledAt: z.nullable(z.number()),
})
export type Deposit = z.infer<typeof DepositSchema>

/** What the member says arrived of a paid withdrawal. */
export const withdrawalOutcomes = ['RECEIVED', 'PARTLY_RECEIVED', 'NOT_RECEIVED'] as const
export type WithdrawalOutcome = (typeof withdrawalOutcomes)[number]

export const withdrawalStatuses = [
  'PENDING',
  'PAID',
  'REJECTED',
  'RECEIVED',
  'PARTLY_RECEIVED',
  'NOT_RECEIVED',
  'AUTO_RECEIVED',
] as const
export type WithdrawalStatus = (typeof withdrawalStatuses)[number]

export const WithdrawalSchema = z.object({
  id: z.int(),
  amount: MoneySchema,
  status: z.enum(withdrawalStatuses),
  bankName: z.string(),
  accountNumberMasked: z.string(),
  /** What the member said arrived, for a partly received withdrawal. */
  amountReceived: z.nullable(MoneySchema),
  createdAt: z.number(),
  paidAt: z.nullable(z.number()),
  /** When an unconfirmed paid withdrawal counts as received, epoch ms. */
  autoReceiveAt: z.nullable(z.number()),
})
export type Withdrawal = z.infer<typeof WithdrawalSchema>

export const BankSchema = z.object({ code: z.string(), name: z.string() })
export const BankCardSchema = z.object({
  id: z.int(),
  bankCode: z.string(),
  bankName: z.string(),
  accountName: z.string(),
  accountNumberMasked: z.string(),
  /** The bank's logo (bank-logos.ts); null when the bank is no longer one of the brand's. */
  logoUrl: z.nullable(BankLogoUrlSchema),
})
export type BankCard = z.infer<typeof BankCardSchema>

/**
 * The member's withdrawals today (the brand's day, requests not rejected) and what its VIP
 * level still allows: a null limit is none (the brand's own per-request range only).
 */
export const WithdrawTodaySchema = z.object({
  count: z.int(),
  amount: MoneySchema,
  countLimit: z.nullable(z.int()),
  countLeft: z.nullable(z.int()),
  amountLimit: z.nullable(MoneySchema),
  amountLeft: z.nullable(MoneySchema),
})
export type WithdrawToday = z.infer<typeof WithdrawTodaySchema>

export const WithdrawSettingsSchema = z.object({
  minimumAmount: MoneySchema,
  maximumAmount: MoneySchema,
  availableBalance: MoneySchema,
  hasPaymentPassword: z.boolean(),
  maxBankCards: z.int(),
  autoReceiveMinutes: z.int(),
  /** The brand's rule for payment passwords (whether or not registration asks for one). */
  paymentPasswordRule: RegisterFieldRuleSchema,
  /** The member's open turnover requirements: a withdrawal waits until remaining is zero. */
  turnover: TurnoverSummarySchema,
  /**
   * Nothing open and the newest requirement met: its valid bets asked for (the page says the
   * turnover is complete); null otherwise.
   */
  turnoverComplete: z.nullable(MoneySchema),
  /** The brand lets the member forfeit the open bonuses to withdraw: what it would take; else null. */
  bonusForfeit: z.nullable(BonusForfeitOfferSchema),
  /** Today's (the brand's day) withdrawals against the member's VIP level's daily limits. */
  today: WithdrawTodaySchema,
})
export type WithdrawSettings = z.infer<typeof WithdrawSettingsSchema>

const moneyErrors = ['amount_invalid', 'idempotency_key_required', 'idempotency_key_reused'] as const
const passwordErrors = [
  'payment_password_not_set',
  'payment_password_wrong',
  'payment_password_locked',
] as const

export const fundsEndpoints = {
  depositMethods: defineEndpoint({
    name: 'funds.depositMethods',
    method: 'GET',
    path: '/wps/relay/MCSFE_getDepositMethods',
    auth: 'member',
    encrypted: false,
    response: z.object({ allowDeposit: z.boolean(), methods: z.array(DepositMethodSchema) }),
    errors: [],
  }),
  /**
   * A fresh reference for the member's next bank transfer, shown with the bank's details
   * before the member pays; it is kept only with the deposit that is sent with it.
   */
  depositReference: defineEndpoint({
    name: 'funds.depositReference',
    method: 'GET',
    path: '/wps/relay/MCSFE_getDepositReference',
    auth: 'member',
    encrypted: false,
    response: z.object({ reference: DepositReferenceSchema }),
    errors: [],
  }),
  /**
   * One of the member's online deposits by its gateway order (the gateway brings the member
   * back with it): its amount and status. Another member's order answers as a missing one.
   */
  depositResult: defineEndpoint({
    name: 'funds.depositResult',
    method: 'GET',
    path: '/wps/relay/MCSFE_getDepositResult',
    auth: 'member',
    encrypted: false,
    query: z.object({ order: text(40).check(z.regex(depositOrderPattern)) }),
    response: DepositSchema,
    errors: ['deposit_not_found'],
  }),
  depositBank: defineEndpoint({
    name: 'funds.depositBank',
    method: 'POST',
    path: '/wps/relay/depositTransferGeneric',
    auth: 'member',
    encrypted: false,
    idempotent: true,
    bodyLimit: imageBodyLimit,
    body: z.object({
      methodCode: text(32),
      amount: AmountInputSchema,
      /**
       * The reference the page showed (funds.depositReference), written in the transfer's
       * note; without it the server makes one. One already used is refused.
       */
      referenceCode: z.optional(DepositReferenceSchema),
      /** The member's own words for the transfer, if a caller sends them (the page does not). */
      reference: z.optional(text(64).check(z.minLength(1))),
      receipt: z.optional(ImageUploadSchema),
      promotionId: DepositBonusChoice,
    }),
    response: DepositSchema,
    errors: [
      ...moneyErrors,
      'amount_out_of_range',
      'deposit_method_unknown',
      'deposit_reference_used',
      'image_invalid',
      ...depositBonusErrors,
    ],
  }),
  depositOnline: defineEndpoint({
    name: 'funds.depositOnline',
    method: 'POST',
    path: '/wps/relay/newDepositPG',
    auth: 'member',
    encrypted: false,
    idempotent: true,
    body: z.object({ methodCode: text(32), amount: AmountInputSchema, promotionId: DepositBonusChoice }),
    /** The gateway page to send the member to. */
    response: z.object({ deposit: DepositSchema, redirectUrl: z.string() }),
    errors: [...moneyErrors, 'amount_out_of_range', 'deposit_method_unknown', ...depositBonusErrors],
  }),
  deposits: defineEndpoint({
    name: 'funds.deposits',
    method: 'GET',
    path: '/wps/relay/MCSFE_getDepositTransactionReport',
    auth: 'member',
    encrypted: false,
    query: z.object({ ...PageQueryShape, ...TimeRangeShape, status: z.optional(z.enum(depositStatuses)) }),
    response: pageOf(DepositSchema),
    errors: [],
  }),
  withdrawSettings: defineEndpoint({
    name: 'funds.withdrawSettings',
    method: 'GET',
    path: '/wps/relay/MCSFE_getWithdrawSettings',
    auth: 'member',
    encrypted: false,
    response: WithdrawSettingsSchema,
    errors: [],
  }),
  banks: defineEndpoint({
    name: 'funds.banks',
    method: 'GET',
    path: '/wps/relay/MCSFE_getBanks',
    auth: 'member',
    encrypted: false,
    response: z.array(BankSchema),
    errors: [],
  }),
  setPaymentPassword: defineEndpoint({
    name: 'funds.setPaymentPassword',
    method: 'POST',
    path: '/wps/relay/setWithdrawPassword',
    auth: 'member',
    encrypted: true,
    modId: 'PAYMENTPASS3',
    /** The first payment password; the login password proves it is the member. */
    body: z.object({
      loginPassword: text(128),
      paymentPassword: text(128),
      confirmPaymentPassword: text(128),
    }),
    response: z.null(),
    errors: [
      'old_password_wrong',
      'password_mismatch',
      'payment_password_invalid',
      'payment_password_exists',
      'TOO_MANY_REQUESTS',
    ],
  }),
  changePaymentPassword: defineEndpoint({
    name: 'funds.changePaymentPassword',
    method: 'POST',
    path: '/wps/relay/changeWithdrawPassword',
    auth: 'member',
    encrypted: true,
    modId: 'PAYMENTPASS3',
    body: z.object({
      oldPaymentPassword: text(128),
      newPaymentPassword: text(128),
      confirmPaymentPassword: text(128),
    }),
    response: z.null(),
    errors: [...passwordErrors, 'password_mismatch', 'payment_password_invalid', 'password_same_as_old'],
  }),
  checkPaymentPassword: defineEndpoint({
    name: 'funds.checkPaymentPassword',
    method: 'POST',
    path: '/wps/relay/checkWithdrawPassword',
    auth: 'member',
    encrypted: true,
    body: z.object({ paymentPassword: text(128) }),
    response: z.object({ valid: z.literal(true) }),
    errors: [...passwordErrors],
  }),
  bankCards: defineEndpoint({
    name: 'funds.bankCards',
    method: 'GET',
    path: '/wps/relay/getBankCards',
    auth: 'member',
    encrypted: false,
    response: z.array(BankCardSchema),
    errors: [],
  }),
  addBankCard: defineEndpoint({
    name: 'funds.addBankCard',
    method: 'POST',
    path: '/wps/relay/withdrawAddCard',
    auth: 'member',
    encrypted: true,
    body: z.object({
      bankCode: text(32),
      accountName: text(64).check(z.minLength(1)),
      accountNumber: text(34).check(z.minLength(1)),
      paymentPassword: text(128),
    }),
    response: BankCardSchema,
    errors: [
      ...passwordErrors,
      'bank_unknown',
      'bank_card_invalid',
      'bank_card_duplicate',
      'bank_card_limit',
    ],
  }),
  deleteBankCard: defineEndpoint({
    name: 'funds.deleteBankCard',
    method: 'POST',
    path: '/wps/relay/withdrawDelCard',
    auth: 'member',
    encrypted: true,
    body: z.object({ cardId: z.int(), paymentPassword: text(128) }),
    response: z.null(),
    errors: [...passwordErrors, 'bank_card_not_found', 'bank_card_in_use'],
  }),
  withdraw: defineEndpoint({
    name: 'funds.withdraw',
    method: 'POST',
    path: '/wps/relay/withdraw',
    auth: 'member',
    encrypted: true,
    idempotent: true,
    /** A retry is matched without its secrets: a retry may carry the authenticator's next code. */
    secrets: ['paymentPassword', 'googleCode'],
    body: z.object({
      amount: AmountInputSchema,
      cardId: z.int(),
      paymentPassword: text(128),
      /**
       * The authenticator app's current code (the spec's "Google verification code"): needed
       * when the brand asks for it (WDGOOGLECODE3, `securityConfig.authenticatorOnWithdraw`)
       * and the member has the authenticator on; ignored otherwise (decision 031).
       */
      googleCode: z.optional(text(16)),
    }),
    response: WithdrawalSchema,
    errors: [
      ...moneyErrors,
      ...passwordErrors,
      'authenticator_code_required',
      'authenticator_code_wrong',
      'authenticator_code_used',
      'authenticator_locked',
      'amount_out_of_range',
      'insufficient_balance',
      'bank_card_not_found',
      'turnover_not_met',
      'withdraw_daily_count_reached',
      'withdraw_daily_limit_reached',
    ],
  }),
  withdrawals: defineEndpoint({
    name: 'funds.withdrawals',
    method: 'GET',
    path: '/wps/relay/MCSFE_getWithdrawTransactionReport',
    auth: 'member',
    encrypted: false,
    query: z.object({ ...PageQueryShape, ...TimeRangeShape, status: z.optional(z.enum(withdrawalStatuses)) }),
    response: pageOf(WithdrawalSchema),
    errors: [],
  }),
  confirmations: defineEndpoint({
    name: 'funds.confirmations',
    method: 'GET',
    path: '/wps/relay/MCSFE_getPaymentConfirmationList',
    auth: 'member',
    encrypted: false,
    /** Paid withdrawals waiting for the member to say whether the money arrived. */
    response: z.array(WithdrawalSchema),
    errors: [],
  }),
  confirmWithdrawal: defineEndpoint({
    name: 'funds.confirmWithdrawal',
    method: 'POST',
    path: '/wps/relay/MCSFE_confirmWithdrawal',
    auth: 'member',
    encrypted: false,
    idempotent: true,
    bodyLimit: imageBodyLimit,
    body: z.object({
      withdrawalId: z.int(),
      outcome: z.enum(withdrawalOutcomes),
      /** For PARTLY_RECEIVED: what arrived (the remainder is what did not). */
      amountReceived: z.optional(AmountInputSchema),
      /** Required for NOT_RECEIVED: a screenshot of the account. */
      proof: z.optional(ImageUploadSchema),
    }),
    response: WithdrawalSchema,
    errors: [
      'idempotency_key_required',
      'idempotency_key_reused',
      'amount_invalid',
      'amount_out_of_range',
      'image_invalid',
      'withdrawal_not_found',
      'withdrawal_not_confirmable',
    ],
  }),
  transferUpline: defineEndpoint({
    name: 'funds.transferUpline',
    method: 'POST',
    path: '/wps/relay/transferUpline',
    auth: 'member',
    encrypted: true,
    idempotent: true,
    secrets: ['paymentPassword'],
    modId: 'MEMTRANS3',
    body: z.object({ amount: AmountInputSchema, paymentPassword: text(128) }),
    /** The upline's account name and the member's balance after the transfer. */
    response: z.object({ upline: z.string(), sumBalance: MoneySchema }),
    errors: [...moneyErrors, ...passwordErrors, 'insufficient_balance', 'transfer_upline_not_allowed'],
  }),
} as const
