/**
 * Operator commands for money: deposits and withdrawals waiting for a decision, manual
 * adjustments and bonuses through the ledger, and the reconciliation check.
 */
import { depositStatuses, withdrawalStatuses } from '#contract/funds'
import {
  formatMinor,
  formatMoney,
  moneyToMinor,
  parseAmount,
  type Currency,
  type Money,
} from '#contract/money'
import { walletModes } from '#contract/wallet-values'
import { formatContractReconcile, reconcileContracts } from '../contracts/reconcile'
import { formatLotteryReconcile, reconcileLottery } from '../lottery/reconcile'
import type { CommandSpec, OpsContext } from '../ops/commands'
import { OpsError } from '../ops/ops-error'
import { idOf, noMore, oneOf, required } from '../ops/ops-input'
import { formatPromotionReconcile, reconcilePromotions } from '../promotions/reconcile'
import { merchantByCode, setWalletMode } from '../system/brands-repository'
import { formatGameReconcile, reconcileGames } from '../vendors/reconcile'
import { currencyOf } from './common'
import { createFundsRepository } from './funds-repository'
import { createFundsService, SettlementError } from './funds-service'
import { createLedger, InsufficientFunds } from './ledger'
import { formatReconcile, reconcile } from './ledger-reconcile'

function services(ctx: OpsContext) {
  const ledger = createLedger(ctx.db)
  return { ledger, funds: createFundsService(ctx.db, ledger, () => new Date(), ctx.notices) }
}

async function settle<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work()
  } catch (err) {
    if (err instanceof SettlementError) throw new OpsError(err.message)
    if (err instanceof InsufficientFunds)
      throw new OpsError('the member’s balance is not enough for that debit')
    throw err
  }
}

interface BrandCurrency extends Currency {
  code: string
}

/** The brand's currency: every amount the operator types or reads is in it. */
async function currency(ctx: OpsContext): Promise<BrandCurrency> {
  const m = await merchantByCode(ctx.db, ctx.merchantCode)
  if (!m) throw new OpsError(`no brand ${ctx.merchantCode}`)
  return { code: m.currency, ...currencyOf(m) }
}

/**
 * An amount the operator typed, in major units of the brand's currency ("100" is 100 dong
 * on a 0-decimal brand, 100.00 dollars on a 2-decimal one), optionally signed. Too many
 * decimals for the currency is refused, never rounded.
 */
function typedAmount(text: string, c: BrandCurrency, opts: { signed: boolean }, what: string): bigint {
  const negative = opts.signed && text.startsWith('-')
  const minor = parseAmount(negative ? text.slice(1) : text, c)
  if (minor === null) {
    const shape = c.decimals === 0 ? 'whole numbers only' : `at most ${c.decimals} decimals`
    throw new OpsError(`${what} "${text}" is not an amount in ${c.code} (${shape}, above zero)`)
  }
  return negative ? -minor : minor
}

/** "150.25 USD", "100,000 VND" */
function shown(minor: bigint, c: BrandCurrency): string {
  return `${formatMinor(minor, c)} ${c.code}`
}

/** The main wallet before a credit or debit of `minor`, from the balance after it. */
function walletBefore(after: Money, minor: bigint, c: BrandCurrency): string {
  return shown(moneyToMinor(after, c) - minor, c)
}

/** A deposit's state before the operator's decision, for the audit trail. */
async function depositBefore(ctx: OpsContext, id: number) {
  const d = await createFundsRepository(ctx.db).brandDeposit(ctx.merchantCode, id)
  return d ? { status: d.status } : null
}

async function withdrawalBefore(ctx: OpsContext, id: number) {
  const w = await createFundsRepository(ctx.db).brandWithdrawal(ctx.merchantCode, id)
  return w ? { status: w.status } : null
}

/**
 * `--turnover <multiple>` (or `--turnover=<multiple>`) anywhere among a bonus's words: a
 * multiple above zero in tenths at most (10, 1.5), as tenths; the other words in order.
 */
function turnoverOption(args: string[]): {
  rest: string[]
  multiple: { tenths: bigint; text: string } | null
} {
  const rest: string[] = []
  let given: string | null = null
  for (let i = 0; i < args.length; i++) {
    const word = args[i] ?? ''
    if (word === '--turnover' || word.startsWith('--turnover=')) {
      if (given !== null) throw new OpsError('bonus: --turnover is given twice')
      given = word === '--turnover' ? (args[++i] ?? '') : word.slice('--turnover='.length)
    } else {
      rest.push(word)
    }
  }
  if (given === null) return { rest, multiple: null }
  const m = /^(\d{1,4})(?:\.(\d))?$/.exec(given)
  const tenths = m ? BigInt(m[1] ?? '0') * 10n + BigInt(m[2] ?? '0') : 0n
  if (tenths <= 0n) {
    throw new OpsError(
      `bonus: the turnover multiple "${given}" is not a number above zero with at most one decimal (10, 1.5)`,
    )
  }
  return { rest, multiple: { tenths, text: given } }
}

export const fundsCommands: Record<string, CommandSpec> = {
  deposits: {
    usage: `deposits list [${depositStatuses.join('|')}] | approve <id> | fail <id> [reason]`,
    readOnly: (args) => args[0] === undefined || args[0] === 'list',
    summary: 'list deposits, credit one (bank transfer received) or mark it failed',
    async run(ctx, args) {
      const [word, id, ...rest] = args
      const mode = oneOf('deposits: the action', word ?? 'list', ['list', 'approve', 'fail'])
      const { funds } = services(ctx)
      const c = await currency(ctx)
      if (mode === 'list') {
        const status = oneOf('deposits list: the status', (id ?? 'PENDING').toUpperCase(), depositStatuses)
        const rows = await createFundsRepository(ctx.db).brandDeposits(ctx.merchantCode, status, 200)
        if (rows.length === 0) return `no ${status.toLowerCase()} deposits`
        return rows
          .map(
            ({ d, account }) =>
              `#${d.id}  ${account.padEnd(14)} ${formatMinor(d.amount, c).padStart(14)}  ${d.methodCode.padEnd(8)} ${d.status.padEnd(9)} ref ${[d.referenceCode, d.reference].filter(Boolean).join(' / ') || d.gatewayOrder || '-'}${d.receiptId ? '  (receipt)' : ''}  ${d.createdAt.toISOString()}`,
          )
          .join('\n')
      }
      if (mode === 'approve') {
        const depositId = idOf(`deposits ${mode}: the deposit id`, id)
        const before = await depositBefore(ctx, depositId)
        const d = await settle(() => funds.creditDeposit(ctx.merchantCode, depositId, 'operator'))
        ctx.audit?.({
          target: `deposit #${d.id}`,
          before,
          after: { status: d.status, amount: shown(d.amount, c) },
        })
        return `deposit #${d.id} credited: ${shown(d.amount, c)}`
      }
      if (mode === 'fail') {
        const reason = rest.join(' ').trim() || undefined
        const depositId = idOf(`deposits ${mode}: the deposit id`, id)
        const before = await depositBefore(ctx, depositId)
        const d = await settle(() => funds.failDeposit(ctx.merchantCode, depositId, reason))
        ctx.audit?.({
          target: `deposit #${d.id}`,
          before,
          after: { status: d.status, reason: reason ?? null },
        })
        return `deposit #${d.id} failed`
      }
      throw new OpsError(`deposits ${mode}: not an action`)
    },
  },

  withdrawals: {
    usage: 'withdrawals list [status] | approve <id> | reject <id> [reason]',
    readOnly: (args) => args[0] === undefined || args[0] === 'list',
    summary: 'list withdrawals, mark one paid, or reject it (the amount goes back)',
    async run(ctx, args) {
      const [word, id, ...rest] = args
      const mode = oneOf('withdrawals: the action', word ?? 'list', ['list', 'approve', 'reject'])
      const { funds } = services(ctx)
      const c = await currency(ctx)
      if (mode === 'list') {
        const status = oneOf(
          'withdrawals list: the status',
          (id ?? 'PENDING').toUpperCase(),
          withdrawalStatuses,
        )
        const rows = await createFundsRepository(ctx.db).brandWithdrawals(ctx.merchantCode, status, 200)
        if (rows.length === 0) return `no ${status.toLowerCase()} withdrawals`
        return rows
          .map(
            ({ w, account }) =>
              `#${w.id}  ${account.padEnd(14)} ${formatMinor(w.amount, c).padStart(14)}  ${w.bankName} ${w.accountNumber} (${w.accountName})  ${w.status}${w.amountReceived !== null ? ` received ${formatMinor(w.amountReceived, c)}` : ''}${w.proofId ? '  (proof)' : ''}  ${w.createdAt.toISOString()}`,
          )
          .join('\n')
      }
      if (mode === 'approve') {
        const withdrawalId = idOf(`withdrawals ${mode}: the withdrawal id`, id)
        const before = await withdrawalBefore(ctx, withdrawalId)
        const w = await settle(() => funds.approveWithdrawal(ctx.merchantCode, withdrawalId))
        ctx.audit?.({
          target: `withdrawal #${w.id}`,
          before,
          after: { status: w.status, amount: shown(w.amount, c) },
        })
        return `withdrawal #${w.id} paid: ${shown(w.amount, c)}`
      }
      if (mode === 'reject') {
        const reason = rest.join(' ').trim() || undefined
        const withdrawalId = idOf(`withdrawals ${mode}: the withdrawal id`, id)
        const before = await withdrawalBefore(ctx, withdrawalId)
        const w = await settle(() => funds.rejectWithdrawal(ctx.merchantCode, withdrawalId, reason))
        ctx.audit?.({
          target: `withdrawal #${w.id}`,
          before,
          after: { status: w.status, reason: reason ?? null },
        })
        return `withdrawal #${w.id} rejected: ${shown(w.amount, c)} returned`
      }
      throw new OpsError(`withdrawals ${mode}: not an action`)
    },
  },

  adjust: {
    usage: "adjust <username> <amount in the brand's currency, e.g. 25 or -10.5> <reason…>",
    summary: "credit or debit a member's main wallet through the ledger, with a reason",
    async run(ctx, args) {
      const [rawUsername, rawAmount, ...rest] = args
      const username = required('adjust: the username', rawUsername)
      const amount = required('adjust: the amount', rawAmount)
      const c = await currency(ctx)
      const minor = typedAmount(amount, c, { signed: true }, 'adjust: the amount')
      const reason = required('adjust: the reason', rest.join(' '))
      const r = await settle(() =>
        services(ctx).funds.adjust(ctx.merchantCode, username, minor, reason, 'ADJUSTMENT'),
      )
      ctx.audit?.({
        target: `member ${r.account}`,
        before: { mainWallet: walletBefore(r.balance, minor, c) },
        after: {
          adjustment: `${minor < 0n ? '-' : '+'}${shown(minor < 0n ? -minor : minor, c)}`,
          mainWallet: `${formatMoney(r.balance, c)} ${c.code}`,
        },
      })
      return `${r.account}: ${minor < 0n ? '-' : '+'}${shown(minor < 0n ? -minor : minor, c)} (${reason}); main wallet now ${formatMoney(r.balance, c)} ${c.code}`
    },
  },

  bonus: {
    usage:
      "bonus <username> <amount in the brand's currency> [--turnover <multiple, e.g. 10 or 1.5>] <what it is for…>",
    summary:
      "credit a bonus to a member's main wallet (shown in bonus details), with the valid bets to wager before a withdrawal",
    async run(ctx, args) {
      const { rest: words, multiple } = turnoverOption(args)
      const [rawUsername, rawAmount, ...rest] = words
      const username = required('bonus: the username', rawUsername)
      const amount = required('bonus: the amount', rawAmount)
      const c = await currency(ctx)
      const minor = typedAmount(amount, c, { signed: false }, 'bonus: the amount')
      const memo = required('bonus: what it is for', rest.join(' '))
      const r = await settle(() =>
        services(ctx).funds.adjust(ctx.merchantCode, username, minor, memo, 'BONUS', multiple?.tenths),
      )
      const turnover = r.requirement
        ? {
            requirement: `#${r.requirement.id}`,
            multiple: multiple?.text,
            required: shown(r.requirement.required, c),
          }
        : null
      ctx.audit?.({
        target: `member ${r.account}`,
        before: { mainWallet: walletBefore(r.balance, minor, c) },
        after: {
          bonus: shown(minor, c),
          mainWallet: `${formatMoney(r.balance, c)} ${c.code}`,
          ...(turnover ? { turnover } : {}),
        },
      })
      const wager = r.requirement
        ? `; turnover requirement #${r.requirement.id}: wager ${shown(r.requirement.required, c)} (×${multiple?.text})`
        : ''
      return `${r.account}: bonus ${shown(minor, c)} (${memo}); main wallet now ${formatMoney(r.balance, c)} ${c.code}${wager}`
    },
  },

  reconcile: {
    usage: 'reconcile',
    readOnly: () => true,
    summary:
      'check every balance against its postings and that the ledger sums to zero, that game stakes and wins agree with the vendors’ calls and the rounds, lottery stakes and payouts with the bets, and contract payments and credited promotion claims with their movements',
    async run(ctx, args) {
      noMore('reconcile', args)
      const report = await reconcile(ctx.db)
      const games = await reconcileGames(ctx.db, ctx.merchantCode)
      const lottery = await reconcileLottery(ctx.db, ctx.merchantCode, new Date())
      const contracts = await reconcileContracts(ctx.db, ctx.merchantCode)
      const promotions = await reconcilePromotions(ctx.db, ctx.merchantCode)
      const text = [
        formatReconcile(report),
        formatGameReconcile(games),
        formatLotteryReconcile(lottery),
        formatContractReconcile(contracts),
        formatPromotionReconcile(promotions),
      ].join('\n')
      if (!report.ok || !games.ok || !lottery.ok || !contracts.ok || !promotions.ok) throw new OpsError(text)
      return text
    },
  },

  'wallet-mode': {
    usage: 'wallet-mode [SINGLE | MULTI]',
    readOnly: (args) => args.length === 0,
    summary:
      'show or set where games play from: SINGLE the main wallet, MULTI one wallet per vendor (open game sessions keep theirs)',
    async run(ctx, args) {
      const [mode, ...extra] = args
      if (mode === undefined) {
        const m = await merchantByCode(ctx.db, ctx.merchantCode)
        if (!m) throw new OpsError(`no brand ${ctx.merchantCode}`)
        return `${ctx.merchantCode}: wallet mode ${m.walletMode}`
      }
      const wanted = oneOf('wallet-mode: the mode', mode.toUpperCase(), walletModes)
      noMore(`wallet-mode ${wanted}`, extra)
      const was = await merchantByCode(ctx.db, ctx.merchantCode)
      if (!was) throw new OpsError(`no brand ${ctx.merchantCode}`)
      ctx.audit?.({
        target: `brand ${ctx.merchantCode}`,
        before: { walletMode: was.walletMode },
        after: { walletMode: wanted },
      })
      await setWalletMode(ctx.db, ctx.merchantCode, wanted)
      ctx.invalidate()
      return `${ctx.merchantCode}: wallet mode ${wanted}`
    },
  },
}
