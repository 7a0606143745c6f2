/** What the funds flows share: their dependencies, repositories and the member's row. */
import type { Endpoints } from '#contract/endpoints'
import type { HandlerGroup } from '../http/contract-routes'
import { AppError } from '../http/errors'
import type { Authenticator } from '../identity/authenticator'
import { createMembersRepository, type MemberRow } from '../identity/members-repository'
import type { Passwords } from '../identity/passwords'
import type { Throttle } from '../identity/throttle'
import { createFundsRepository } from './funds-repository'
import type { FundsService } from './funds-service'
import type { MoneyDeps } from './wallet-handlers'

export interface FundsDeps extends MoneyDeps {
  passwords: Passwords
  throttle: Throttle
  funds: FundsService
  /** The online gateway's page for an order; null when no gateway is configured. */
  payUrl: ((order: string) => string) | null
  /** The authenticator app's codes (decision 031), asked for on withdrawal where the brand says so. */
  authenticator: Authenticator
  /** The brand asks for the authenticator's code on withdrawal (WDGOOGLECODE3). */
  authenticatorOnWithdraw(merchantCode: string): Promise<boolean>
}

/** The funds endpoints' handlers; each flow file answers a part of them. */
export type FundsHandlers = HandlerGroup<Endpoints['funds']>

export function createFundsKit(deps: FundsDeps) {
  const members = createMembersRepository(deps.db)
  return {
    ...deps,
    members,
    fundsRepo: createFundsRepository(deps.db),
    /** The member's row; a session whose account is gone is answered as logged out. */
    async member(memberId: number): Promise<MemberRow> {
      const row = await members.byId(memberId)
      if (!row) throw new AppError('user.or.token.invalid', 'the account is gone')
      return row
    },
  }
}

export type FundsKit = ReturnType<typeof createFundsKit>
