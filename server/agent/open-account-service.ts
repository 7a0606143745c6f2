/**
 * Opening an account under the calling agent: a member of its downline or an agent of its
 * own, with the brand's username and password rules (the registration's, identity area),
 * rebate rates at most the agent's own, and a password the new account must change at its
 * first login. The member row, its rates and the audit row are one transaction with the
 * request's idempotency key, under the lock of the agent's row (rebate-repository), so 20
 * parallel requests with one key open one account and none goes above the agent's rates.
 */
import type { openAccountKinds } from '#contract/agent'
import type { FieldError } from '#contract/envelope'
import type { GameType } from '#contract/games'
import { checkField } from '#contract/register-rules'
import type { RegisterField } from '#contract/system'
import { AppError } from '../http/errors'
import type { CallerContext } from '../http/request-context'
import type { Audit } from '../identity/audit'
import { normalizeUsername, problemToField } from '../identity/identity-kit'
import type { MembersRepository } from '../identity/members-repository'
import type { Passwords } from '../identity/passwords'
import { usernameTaken } from '../identity/registration'
import { idempotencyOf, withIdempotency } from '../money/idempotency'
import type { Db } from '../plugins/external/db'
import type { AccessService } from '../system/access'
import type { SystemRepository } from '../system/system-repository'
import { newInvitationCode } from './invite-service'
import type { RebateRepository } from './rebate-repository'
import { allRates, assertWithin } from './rebate-service'

/** Any of these lets an agent open accounts (the agent centre's register page). */
export const openAccountFlags = ['AGEREGDOWN3', 'CREATEAFF3', 'AFFMAN3'] as const

/** The member type of an opened agent: a sub-agent. */
const subAgentType = 2

export interface OpenAccountInput {
  kind: (typeof openAccountKinds)[number]
  username: string
  password: string
  confirmPassword: string
  rates: readonly { productType: GameType; rate: number }[]
}

export function createOpenAccountService(deps: {
  db: Db
  repo: SystemRepository
  access: AccessService
  passwords: Passwords
  members: MembersRepository
  rebates: RebateRepository
  audit: Audit
  now: () => Date
}) {
  const { db, repo, access, passwords, members, rebates, audit, now } = deps

  /** The username and password against the brand's rules; both are always required here. */
  async function checkRules(merchantCode: string, input: OpenAccountInput): Promise<void> {
    const rules = await repo.registerRules(merchantCode)
    const fields: FieldError[] = []
    for (const field of ['username', 'password'] as const satisfies readonly RegisterField[]) {
      const rule = rules.find((r) => r.field === field)
      const problem = rule ? checkField({ ...rule, enabled: true, required: true }, input[field]) : null
      if (problem) fields.push(problemToField(field, problem))
      else if (!rule && input[field].trim() === '')
        fields.push({ path: field, code: 'required', message: `${field} is required` })
    }
    const named = input.rates.map((r) => r.productType)
    if (new Set(named).size !== named.length) {
      fields.push({ path: 'rates', code: 'duplicate', message: 'each game type may be named once' })
    }
    if (fields.length > 0) throw new AppError('validation_failed', 'some fields are not valid', { fields })
    if (input.password !== input.confirmPassword) {
      throw new AppError('password_mismatch', 'the passwords differ', {
        fields: [{ path: 'confirmPassword', code: 'mismatch', message: 'the passwords differ' }],
      })
    }
  }

  return {
    async open(caller: CallerContext, agentId: number, input: OpenAccountInput) {
      const snap = await access.snapshot(caller.merchantCode)
      if (!openAccountFlags.some((f) => access.isEnabled(snap, f))) {
        throw new AppError('feature_disabled', 'opening accounts is switched off')
      }
      await checkRules(caller.merchantCode, input)
      const account = input.username.trim()
      const username = normalizeUsername(account)
      if (await members.usernameTaken(caller.merchantCode, username)) throw usernameTaken()
      // Hashed before the transaction: the embedded database has one connection, held by it.
      const passwordHash = await passwords.hash(input.password)
      const at = now()
      return withIdempotency(db, idempotencyOf(caller), at, async (tx) => {
        await rebates.lockMember(tx, agentId)
        assertWithin(await rebates.ratesOf(agentId, tx), input.rates)
        const type = input.kind === 'agent' ? subAgentType : 0
        const member = await members.createUnlessTaken(
          {
            merchantCode: caller.merchantCode,
            username,
            account,
            nickname: account,
            passwordHash,
            type,
            parentId: agentId,
            affiliateCode: type === 0 ? null : newInvitationCode(),
            mustChangePassword: true,
            language: caller.locale,
            registerIp: caller.ip,
            passwordChangedAt: at,
          },
          tx,
        )
        // A racing request for the same name lands here rather than on a constraint error.
        if (!member) throw usernameTaken()
        await rebates.setRates(tx, member.id, input.rates, at)
        await audit(
          {
            merchantCode: caller.merchantCode,
            event: 'register',
            ip: caller.ip,
            memberId: member.id,
            username,
            detail: { openedBy: agentId, kind: input.kind },
          },
          tx,
        )
        return {
          id: member.id,
          account: member.account,
          type: member.type,
          rates: allRates(await rebates.ratesOf(member.id, tx)),
        }
      })
    },
  }
}

export type OpenAccountService = ReturnType<typeof createOpenAccountService>
