/**
 * Operator commands for agent contracts: the house's contract with a top agent, offered for
 * the agent to accept or set at once, ended at the end of its period, and listed. Through the
 * contracts service, in the command's transaction with its audit row.
 */
import {
  ContractKindSchema,
  ContractTermsSchema,
  contractKinds,
  type ContractTerms,
} from '#contract/contracts'
import { AppError } from '../http/errors'
import { sweptNotices } from '../notify/notices'
import type { CommandSpec, OpsContext } from '../ops/commands'
import { OpsError } from '../ops/ops-error'
import { noMore, oneOf, required } from '../ops/ops-input'
import { merchantByCode } from '../system/brands-repository'
import { createContractRepository } from './contracts-repository'
import { createContractService } from './contracts-service'
import { runSettle, settleUsage } from './settle-command'

const actions = ['offer', 'set', 'end', 'list', 'settle'] as const

function service(ctx: OpsContext) {
  return createContractService({
    db: ctx.db,
    contracts: createContractRepository(ctx.db),
    notices: ctx.notices ?? sweptNotices,
    now: () => new Date(),
  })
}

/** The terms as typed (JSON without the kind, which the command names), checked by the contract. */
function termsOf(kind: string, raw: string | undefined): ContractTerms {
  const text = required(`contract: the ${kind} terms (JSON, e.g. {"tiers":[{"from":0,"rate":5000}]})`, raw)
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    throw new OpsError(`the terms are not JSON: ${text}`)
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new OpsError('the terms are a JSON object with its tiers (and a dividend its period)')
  }
  const r = ContractTermsSchema.safeParse({ ...value, kind })
  if (!r.success) {
    const issue = r.error.issues[0]
    throw new OpsError(
      `the terms are invalid at ${issue?.path.join('.') || 'the top'}: ${issue?.message ?? ''}`,
    )
  }
  return r.data
}

/** A refusal of the service, as the operator's one line. */
async function told<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work()
  } catch (err) {
    if (err instanceof AppError) throw new OpsError(`${err.errorCode}: ${err.message}`)
    throw err
  }
}

export const contractsCommands: Record<string, CommandSpec> = {
  contract: {
    usage: `contract offer|set <agent> <kind> <terms-json> | end <agent> <kind> | list <agent> | ${settleUsage.replace('contract ', '').replace(' | contract ', ' | ')}`,
    summary:
      "the house's contracts with a top agent, and their settlement (kinds: " +
      contractKinds.join(', ') +
      ')',
    readOnly: (args) => args[0] === 'list' || (args[0] === 'settle' && args.includes('--dry-run')),
    async run(ctx, args) {
      const [word, rawAgent, rawKind, rawTerms, ...extra] = args
      const action = oneOf('contract: the action', word, actions)
      if (action === 'settle') {
        const brand = await merchantByCode(ctx.db, ctx.merchantCode)
        if (!brand) throw new OpsError(`no brand ${ctx.merchantCode}`)
        return runSettle(ctx, brand, args.slice(1))
      }
      const username = required(`contract ${action}: the agent's username`, rawAgent)
      const m = await merchantByCode(ctx.db, ctx.merchantCode)
      if (!m) throw new OpsError(`no brand ${ctx.merchantCode}`)
      const repo = createContractRepository(ctx.db)
      const agent = await repo.partyNamed(m.code, username)
      if (!agent) throw new OpsError(`no account ${username}`)
      const contracts = service(ctx)
      if (action === 'list') {
        noMore(
          `contract list ${username}`,
          [rawKind, rawTerms, ...extra].filter((w) => w !== undefined),
        )
        const rows = await contracts.of(agent.id)
        if (rows.length === 0) return `${username} has no contract and no offer`
        return rows
          .map(
            (c) =>
              `#${c.id} ${c.kind} ${c.status}${c.endsAt ? ` ends ${new Date(c.endsAt).toISOString()}` : ''} ${JSON.stringify(c.terms)}`,
          )
          .join('\n')
      }
      const kind = oneOf(`contract ${action} ${username}: the kind`, rawKind, ContractKindSchema.options)
      if (action === 'end') {
        noMore(
          `contract end ${username} ${kind}`,
          [rawTerms, ...extra].filter((w) => w !== undefined),
        )
        const done = await told(() =>
          ctx.db.transaction((tx) =>
            contracts.houseTerminate(tx, m, ctx.operator ?? 'operator', agent.id, kind),
          ),
        )
        ctx.audit?.({
          target: `${kind} contract #${done.contract.id} of ${username}`,
          before: { status: 'accepted' },
          after: { status: done.contract.status, endsAt: done.contract.endsAt },
        })
        return `${kind} contract #${done.contract.id} of ${username} ends ${new Date(done.contract.endsAt ?? Date.now()).toISOString()}`
      }
      const terms = termsOf(kind, rawTerms)
      noMore(`contract ${action} ${username} ${kind}`, extra)
      const before = (await contracts.of(agent.id))
        .filter((c) => c.kind === kind)
        .map((c) => ({ id: c.id, status: c.status }))
      if (action === 'offer') {
        const id = await told(() =>
          ctx.db.transaction((tx) =>
            contracts.houseOffer(tx, m, ctx.operator ?? 'operator', agent.id, terms),
          ),
        )
        ctx.audit?.({ target: `${kind} contract of ${username}`, before, after: { offered: id, terms } })
        return `offered ${username} ${kind} contract #${id}`
      }
      const done = await told(() =>
        ctx.db.transaction((tx) => contracts.houseSet(tx, m, ctx.operator ?? 'operator', agent.id, terms)),
      )
      ctx.audit?.({
        target: `${kind} contract of ${username}`,
        before,
        after: { accepted: done.contract.id, terms, ended: done.ended.map((c) => c.id) },
      })
      const ended =
        done.ended.length > 0 ? `; ended ${done.ended.map((c) => `#${c.id}`).join(', ')} (lower rate)` : ''
      return `${username} holds ${kind} contract #${done.contract.id}${ended}`
    },
  },
}
