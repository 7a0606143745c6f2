/**
 * Wallet endpoints: balances, the brand's wallet mode, transfers between the member's own
 * wallets, the sweep back to main and the funds summary (fund notices are the inbox's:
 * server/notify/inbox-handlers.ts).
 */
import type { ContractKind } from '#contract/contracts'
import type { Endpoints } from '#contract/endpoints'
import { minorToMoney } from '#contract/money'
import { mainAccountTypeId, type Balances, type ContractRequestState } from '#contract/wallet'
import { createContractRepository } from '../contracts/contracts-repository'
import type { HandlerGroup } from '../http/contract-routes'
import { AppError } from '../http/errors'
import type { Db } from '../plugins/external/db'
import { amountOrThrow, currencyOf, orInsufficient, type MerchantRow } from './common'
import { createFundsRepository } from './funds-repository'
import { idempotencyOf, withIdempotency } from './idempotency'
import type { Executor, Ledger, MemberWallet } from './ledger'
import type { MoneySettings, WalletDef } from './settings'

export interface MoneyDeps {
  db: Db
  ledger: Ledger
  settings: MoneySettings
  now: () => Date
}

/** Every wallet's balance (zero for wallets never used) and their sum. */
export async function balancesOf(
  ex: Executor,
  ledger: Ledger,
  m: MerchantRow,
  memberId: number,
  defs: WalletDef[],
  onlyTypeId?: number,
): Promise<Balances> {
  return balancesFrom(m, await ledger.memberWallets(ex, m.code, memberId), defs, onlyTypeId)
}

/** The balances answer from the member's wallets as read (zero for wallets never used). */
export function balancesFrom(
  m: MerchantRow,
  wallets: readonly MemberWallet[],
  defs: WalletDef[],
  onlyTypeId?: number,
): Balances {
  const held = new Map(wallets.map((w) => [w.accountTypeId, w.balance] as const))
  const sum = [...held.values()].reduce((s, b) => s + b, 0n)
  const shown = onlyTypeId === undefined ? defs : defs.filter((d) => d.accountTypeId === onlyTypeId)
  return {
    sumBalance: minorToMoney(sum, currencyOf(m)),
    currency: m.currency,
    currencySymbol: m.currencySymbol,
    currencyDecimals: m.currencyDecimals,
    balance: shown.map((d) => ({
      accountTypeId: d.accountTypeId,
      accountTypeName: d.name,
      availBalance: minorToMoney(held.get(d.accountTypeId) ?? 0n, currencyOf(m)),
      status: d.maintenance ? ('MAINTENANCE' as const) : ('OK' as const),
    })),
  }
}

export function memberOf(caller: { session?: { memberId: number } }): number {
  const id = caller.session?.memberId
  if (id === undefined) throw new AppError('CUSTOMER_NOT_LOGIN', 'log in first')
  return id
}

export function walletHandlers({ db, ledger, settings, now }: MoneyDeps): HandlerGroup<Endpoints['wallet']> {
  return {
    async balance({ input, caller }) {
      const m = await settings.merchant(caller.merchantCode)
      const typeId = input.typeId === undefined ? 0 : Number(input.typeId)
      if (typeId !== 0) {
        const defs = await settings.wallets(m)
        if (!defs.some((d) => d.accountTypeId === typeId))
          throw new AppError('wallet_unknown', 'no such wallet')
      }
      return balancesOf(
        db,
        ledger,
        m,
        memberOf(caller),
        await settings.wallets(m),
        typeId === 0 ? undefined : typeId,
      )
    },

    async merchantWallet({ caller }) {
      const m = await settings.merchant(caller.merchantCode)
      return {
        walletMode: m.walletMode,
        mainAccountTypeId,
        currency: m.currency,
        currencySymbol: m.currencySymbol,
        currencyDecimals: m.currencyDecimals,
      }
    },

    async transfer({ input, caller }) {
      const memberId = memberOf(caller)
      const m = await settings.merchant(caller.merchantCode)
      const amount = amountOrThrow(input.amount, m)
      if (input.fromAccountTypeId === input.toAccountTypeId) {
        throw new AppError('wallet_same', 'choose two different wallets')
      }
      const defs = await settings.wallets(m)
      const from = defs.find((d) => d.accountTypeId === input.fromAccountTypeId)
      const to = defs.find((d) => d.accountTypeId === input.toAccountTypeId)
      if (!from || !to) throw new AppError('wallet_unknown', 'no such wallet')
      const closed = [from, to].find((d) => d.maintenance)
      if (closed) {
        throw new AppError('vendor_under_maintenance', `${closed.name} is under maintenance`, {
          accountTypeId: closed.accountTypeId,
        })
      }
      const fromId = await ledger.memberAccount(m.code, memberId, from.accountTypeId)
      const toId = await ledger.memberAccount(m.code, memberId, to.accountTypeId)
      return orInsufficient(ledger, db, m, () =>
        withIdempotency(db, idempotencyOf(caller), now(), async (tx) => {
          // The member's wallets after the movement come back with it (one statement).
          const posted = await ledger.post(
            tx,
            {
              merchantCode: m.code,
              type: 'WALLET_TRANSFER',
              memberId,
              memo: `${from.name} > ${to.name}`,
              actor: 'member',
              at: now(),
              postings: [
                { accountId: fromId, amount: -amount },
                { accountId: toId, amount },
              ],
            },
            { walletsOf: memberId },
          )
          return balancesFrom(m, posted.wallets ?? [], defs)
        }),
      )
    },

    async sweep({ caller }) {
      const memberId = memberOf(caller)
      const m = await settings.merchant(caller.merchantCode)
      const mainId = await ledger.memberAccount(m.code, memberId)
      const defs = await settings.wallets(m)
      const open = new Set(defs.filter((d) => !d.maintenance).map((d) => d.accountTypeId))
      return withIdempotency(db, idempotencyOf(caller), now(), async (tx) => {
        const rows = await ledger.lockMemberWallets(tx, m.code, memberId)
        const moving = rows.filter(
          (r) => r.accountTypeId !== mainAccountTypeId && open.has(r.accountTypeId) && r.balance > 0n,
        )
        if (moving.length > 0) {
          const total = moving.reduce((s, r) => s + r.balance, 0n)
          await ledger.post(tx, {
            merchantCode: m.code,
            type: 'WALLET_TRANSFER',
            memberId,
            memo: 'sweep > MAIN',
            actor: 'member',
            at: now(),
            postings: [
              ...moving.map((r) => ({ accountId: r.id, amount: -r.balance })),
              { accountId: mainId, amount: total },
            ],
          })
        }
        return balancesOf(tx, ledger, m, memberId, defs)
      })
    },

    async consolidated({ caller }) {
      const memberId = memberOf(caller)
      const m = await settings.merchant(caller.merchantCode)
      const wallets = await ledger.memberWallets(db, m.code, memberId)
      const sum = wallets.reduce((s, w) => s + w.balance, 0n)
      const f = await createFundsRepository(db).fundsSummary(memberId)
      const money = (minor: bigint) => minorToMoney(minor, currencyOf(m))
      const contracts = await createContractRepository(db).summary(memberId, now())
      const state = (kind: ContractKind): ContractRequestState => {
        const s = contracts.get(kind)
        return s?.offered ? 1 : s?.accepted ? 2 : 0
      }
      return {
        dailysalreqtype: state('dailySalary'),
        divtypereq: state('dividend'),
        contracthoursalreq: state('hourlySalary'),
        realtimesalreqtype: state('realTimeSalary'),
        sumBalance: minorToMoney(sum, currencyOf(m)),
        withdrawalsInFlight: money(f.inFlight),
        totalDeposits: money(f.deposited),
        totalWithdrawals: money(f.paidOut),
        pendingDeposits: f.pendingDeposits,
        pendingWithdrawals: f.pendingWithdrawals,
        unconfirmedWithdrawals: f.unconfirmedWithdrawals,
      }
    },
  }
}
