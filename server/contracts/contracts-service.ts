/**
 * The life of an agent contract (decision 024): an upline (or the house) offers a kind to a
 * direct downline agent at terms at most its own; the downline accepts (replacing its
 * contract of the kind, and on confirmation ending the downline contracts the new terms
 * fall below: the lower-rate rule) or rejects; either side terminates, effective at the end
 * of the current period. Every step writes its history row and a notice to the other side
 * in the same transaction. A contract or member outside the caller's reach answers as one
 * that does not exist.
 */
import {
  contractKinds,
  tierProblem,
  withinOwn,
  type Contract,
  type ContractAction,
  type ContractActionResult,
  type ContractKind,
  type ContractOverview,
  type ContractTerms,
} from '#contract/contracts'
import { memberTypes } from '#contract/identity-values'
import { pgCodes, pgErrorOf } from '../db/pg-errors'
import { AppError } from '../http/errors'
import type { MerchantRow } from '../money/common'
import type { NoticeWriter } from '../notify/notices'
import type { Db, Tx } from '../plugins/external/db'
import type { ContractParty, ContractRepository, ContractRow } from './contracts-repository'
import { periodEnd } from './periods'

export interface ContractServiceDeps {
  db: Db
  contracts: ContractRepository
  notices: NoticeWriter
  now: () => Date
}

/** Who acts: an agent (member:<id>) or the operator (operator:<name>, for the house). */
export type ContractActor = { memberId: number } | { operator: string }

const dayMs = 86_400_000

type NoticeKind = 'contract_offered' | 'contract_accepted' | 'contract_rejected' | 'contract_terminated'

function actorOf(a: ContractActor): string {
  return 'memberId' in a ? `member:${a.memberId}` : `operator:${a.operator}`
}

const isAgent = (type: number) => (memberTypes.agentTypes as readonly number[]).includes(type)

const notFound = () => new AppError('contract_not_found', 'no such contract')
const closed = (why: string) => new AppError('contract_offer_closed', why)

/** The contract as either side sees it, its status as of `now`. */
export function contractOut(c: ContractRow, now: Date): Contract {
  let status = c.status
  if (status === 'offered' && c.expiresAt && c.expiresAt <= now) status = 'expired'
  if (status === 'accepted' && c.endsAt && c.endsAt <= now) status = 'terminated'
  return {
    id: c.id,
    kind: c.kind,
    uplineId: c.uplineId,
    uplineAccount: c.uplineAccount,
    downlineId: c.downlineId,
    downlineAccount: c.downlineAccount,
    terms: c.terms,
    status,
    offeredAt: c.offeredAt.getTime(),
    answeredAt: c.answeredAt?.getTime() ?? null,
    expiresAt: c.expiresAt?.getTime() ?? null,
    endsAt: c.endsAt?.getTime() ?? null,
  }
}

/** A table the contract's rules refuse: its tiers, or rates above what the offerer holds. */
function checkTerms(terms: ContractTerms, own: ContractTerms | null) {
  if (tierProblem(terms)) {
    throw new AppError(
      'contract_tiers_invalid',
      'tiers must start at 0, rise strictly and never lower a rate',
    )
  }
  if (own && !withinOwn(terms, own)) {
    throw new AppError('contract_rate_too_high', 'a rate is above your own contract of this kind')
  }
}

/** Two offers (or accepts) of one kind to one agent at once: the unique indexes decide. */
function raced(err: unknown): AppError | undefined {
  const pg = pgErrorOf(err)
  if (pg?.code !== pgCodes.uniqueViolation) return undefined
  if (pg.constraint === 'agent_contracts_one_offer') {
    return new AppError('contract_offer_pending', 'another offer of this kind to this agent was just made')
  }
  if (pg.constraint === 'agent_contracts_one_accepted') {
    return closed('another contract of this kind was just accepted')
  }
  return undefined
}

export function createContractService(deps: ContractServiceDeps) {
  const { db, contracts, notices, now } = deps

  async function notify(
    tx: Tx,
    memberId: number | null,
    kind: NoticeKind,
    c: { id: number; kind: ContractKind },
    at: Date,
  ) {
    if (memberId === null) return
    await notices.record(tx, {
      memberId,
      kind,
      amount: 0n,
      reference: `contract:${c.id}`,
      at,
      reason: c.kind,
    })
  }

  /** The offer's target must be the offerer's own direct downline agent (not itself, not a member). */
  async function directDownlineAgent(m: MerchantRow, agentId: number, downlineId: number, ex: Db | Tx) {
    if (downlineId === agentId)
      throw new AppError('contract_target_invalid', 'you cannot offer yourself a contract')
    const target = await contracts.party(m.code, downlineId, ex)
    // Someone outside the caller's team answers as one that does not exist.
    const depth = target ? await contracts.depthUnder(agentId, target.id, ex) : null
    if (!target || depth === null || depth < 1) {
      throw new AppError('downline_not_found', 'no such member in your team')
    }
    if (target.parentId !== agentId || !isAgent(target.type) || target.status !== 'active') {
      throw new AppError('contract_target_invalid', 'contracts are offered to direct downline agents only')
    }
    return target
  }

  /** Writes an offer (closing any open one of the kind to that agent) with its event and notice. */
  async function writeOffer(
    tx: Tx,
    m: MerchantRow,
    by: ContractActor,
    uplineId: number | null,
    target: ContractParty,
    terms: ContractTerms,
    tell = true,
  ) {
    const at = now()
    const old = await contracts.closeOffers(tx, terms.kind, target.id, at)
    const id = await contracts.insert(tx, {
      merchantCode: m.code,
      kind: terms.kind,
      uplineId,
      downlineId: target.id,
      terms,
      status: 'offered',
      offeredAt: at,
      answeredAt: null,
      expiresAt: new Date(at.getTime() + m.contractOfferDays * dayMs),
      createdBy: actorOf(by),
    })
    for (const was of old.expired)
      await contracts.event(tx, { contractId: was, action: 'expired', actor: 'system', at })
    for (const was of old.replaced) {
      await contracts.event(tx, {
        contractId: was,
        action: 'replaced',
        actor: actorOf(by),
        at,
        detail: { by: id },
      })
    }
    await contracts.event(tx, { contractId: id, action: 'offered', actor: actorOf(by), at })
    if (tell) await notify(tx, target.id, 'contract_offered', { id, kind: terms.kind }, at)
    return id
  }

  /**
   * Accepts an open offer in `tx`: the downline contracts its terms fall below are listed
   * (refused without `confirmLower`) or ended now; the previous contract of the kind is
   * replaced.
   */
  async function accept(
    tx: Tx,
    m: MerchantRow,
    memberId: number,
    contractId: number,
    confirmLower: boolean,
    actor = `member:${memberId}`,
  ) {
    const at = now()
    const offer = await contracts.lock(tx, m.code, contractId)
    if (!offer || offer.downlineId !== memberId) throw notFound()
    if (offer.status !== 'offered') throw closed(`this offer is ${offer.status}`)
    if (offer.expiresAt && offer.expiresAt <= at) throw closed('this offer has expired')
    if (offer.uplineId !== null) {
      // The upline's own contract may have changed since it offered.
      const own = await contracts.inForce(offer.uplineId, offer.kind, at, tx)
      if (!own || !withinOwn(offer.terms, own.terms)) {
        throw new AppError('contract_rate_too_high', "a rate is above your upline's own contract now")
      }
    }
    const below = (await contracts.paidBy(memberId, offer.kind, at, tx)).filter(
      (c) => !withinOwn(c.terms, offer.terms),
    )
    if (below.length > 0 && !confirmLower) {
      throw new AppError('contract_lower_rate_confirm', 'accepting ends the downline contracts listed', {
        contracts: below.map((c) => contractOut(c, at)),
      })
    }
    const ended: ContractRow[] = []
    for (const c of below) {
      if (!(await contracts.end(tx, c.id, at, 'terminated'))) continue
      await contracts.event(tx, {
        contractId: c.id,
        action: 'terminated',
        actor,
        at,
        detail: { lowerRate: offer.id },
      })
      await notify(tx, c.downlineId, 'contract_terminated', c, at)
      ended.push({ ...c, status: 'terminated', endsAt: at })
    }
    const retired = await contracts.retireAccepted(tx, offer.kind, memberId, at)
    for (const r of retired) {
      await contracts.event(tx, {
        contractId: r.id,
        action: r.status,
        actor,
        at,
        detail: { by: offer.id },
      })
    }
    if (!(await contracts.setStatus(tx, offer.id, 'offered', { status: 'accepted', answeredAt: at }))) {
      throw closed('this offer was answered already')
    }
    await contracts.event(tx, { contractId: offer.id, action: 'accepted', actor, at })
    await notify(tx, offer.uplineId, 'contract_accepted', offer, at)
    return {
      contract: contractOut({ ...offer, status: 'accepted', answeredAt: at }, at),
      ended: ended.map((c) => contractOut(c, at)),
    }
  }

  async function reject(tx: Tx, m: MerchantRow, memberId: number, contractId: number) {
    const at = now()
    const offer = await contracts.lock(tx, m.code, contractId)
    if (!offer || offer.downlineId !== memberId) throw notFound()
    if (offer.status !== 'offered') throw closed(`this offer is ${offer.status}`)
    if (offer.expiresAt && offer.expiresAt <= at) throw closed('this offer has expired')
    await contracts.setStatus(tx, offer.id, 'offered', { status: 'rejected', answeredAt: at })
    await contracts.event(tx, { contractId: offer.id, action: 'rejected', actor: `member:${memberId}`, at })
    await notify(tx, offer.uplineId, 'contract_rejected', offer, at)
    return { contract: contractOut({ ...offer, status: 'rejected', answeredAt: at }, at), ended: [] }
  }

  /**
   * Terminates a contract in force, effective at the end of its current period, by either
   * side (an operator acts for the house, the upline of a top agent's contract).
   */
  async function terminate(tx: Tx, m: MerchantRow, by: ContractActor, contractId: number) {
    const at = now()
    const c = await contracts.lock(tx, m.code, contractId)
    const mine =
      c &&
      ('memberId' in by ? c.downlineId === by.memberId || c.uplineId === by.memberId : c.uplineId === null)
    if (!c || !mine) throw notFound()
    if (c.status !== 'accepted' || c.endsAt !== null)
      throw closed('this contract is not in force or already ends')
    const endsAt = periodEnd(c.terms, m.timeZone, at)
    await contracts.end(tx, c.id, endsAt, endsAt <= at ? 'terminated' : 'accepted')
    await contracts.event(tx, {
      contractId: c.id,
      action: 'terminated',
      actor: actorOf(by),
      at,
      detail: { endsAt },
    })
    const other = 'memberId' in by && c.downlineId === by.memberId ? c.uplineId : c.downlineId
    await notify(tx, other, 'contract_terminated', c, at)
    const status = endsAt <= at ? 'terminated' : 'accepted'
    return { contract: contractOut({ ...c, status, endsAt }, at), ended: [] }
  }

  /** Runs a step, telling the unique indexes' refusals (two requests at one moment) as such. */
  async function guarded<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work()
    } catch (err) {
      throw raced(err) ?? err
    }
  }

  return {
    /** Offers past their expiry become expired and contracts past their end terminated (the job's). */
    async sweep() {
      return db.transaction((tx) => contracts.sweep(tx, now()))
    },

    /** What one kind's page shows the agent: its own contract, offers to it, its downline agents'. */
    async overview(
      m: MerchantRow,
      agentId: number,
      kind: ContractKind,
      page: { pageNo: number; pageSize: number },
    ): Promise<ContractOverview> {
      const at = now()
      const mine = await contracts.inForce(agentId, kind, at)
      const offers = await contracts.openOffersTo(agentId, kind, at)
      const agents = await contracts.downlineAgents(agentId, {
        limit: page.pageSize,
        offset: (page.pageNo - 1) * page.pageSize,
      })
      const theirs = await contracts.ofDownline(
        agentId,
        kind,
        agents.rows.map((a) => a.id),
        at,
      )
      return {
        kind,
        mine: mine ? contractOut(mine, at) : null,
        offers: offers.map((o) => contractOut(o, at)),
        downline: {
          list: agents.rows.map((a) => {
            const contract = theirs.find((c) => c.downlineId === a.id && c.status === 'accepted')
            const offer = theirs.find((c) => c.downlineId === a.id && c.status === 'offered')
            return {
              ...a,
              contract: contract ? contractOut(contract, at) : null,
              offer: offer ? contractOut(offer, at) : null,
            }
          }),
          total: agents.total,
          pageNo: page.pageNo,
          pageSize: page.pageSize,
        },
      }
    },

    /**
     * One agent's action on a kind, in `run`'s transaction (the route's idempotency key is
     * written in it): offer, accept, reject or terminate.
     */
    async act(
      m: MerchantRow,
      agentId: number,
      kind: ContractKind,
      action: ContractAction,
      run: (work: (tx: Tx) => Promise<ContractActionResult>) => Promise<ContractActionResult>,
    ): Promise<ContractActionResult> {
      const by = { memberId: agentId }
      const ofKind = async (tx: Tx, id: number) => {
        const c = await contracts.byId(m.code, id, tx)
        // A contract of another kind is not found through this kind's endpoint.
        if (c && c.kind !== kind) throw notFound()
      }
      switch (action.action) {
        case 'offer': {
          const { terms } = action
          // The table itself first, then whom it is for, then against the offerer's own.
          checkTerms(terms, null)
          await directDownlineAgent(m, agentId, action.downlineId, db)
          const own = await contracts.inForce(agentId, kind, now())
          if (!own)
            throw new AppError('contract_rate_too_high', 'you hold no contract of this kind to offer from')
          checkTerms(terms, own.terms)
          return guarded(() =>
            run(async (tx) => {
              const target = await directDownlineAgent(m, agentId, action.downlineId, tx)
              const id = await writeOffer(tx, m, by, agentId, target, terms)
              const row = await contracts.byId(m.code, id, tx)
              if (!row) throw new Error('offer not read back')
              return { contract: contractOut(row, now()), ended: [] }
            }),
          )
        }
        case 'accept':
          return guarded(() =>
            run(async (tx) => {
              await ofKind(tx, action.contractId)
              return accept(tx, m, agentId, action.contractId, action.confirmLower === true)
            }),
          )
        case 'reject':
          return guarded(() =>
            run(async (tx) => {
              await ofKind(tx, action.contractId)
              return reject(tx, m, agentId, action.contractId)
            }),
          )
        case 'terminate':
          return guarded(() =>
            run(async (tx) => {
              await ofKind(tx, action.contractId)
              return terminate(tx, m, by, action.contractId)
            }),
          )
      }
    },

    /** The house offers a top agent a contract (the operator's `contract offer`). */
    async houseOffer(tx: Tx, m: MerchantRow, operator: string, agentId: number, terms: ContractTerms) {
      checkTerms(terms, null)
      const target = await houseTarget(m, agentId, tx)
      return guarded(() => writeOffer(tx, m, { operator }, null, target, terms))
    },

    /**
     * The house sets a top agent's contract at once, accepted (the operator's `contract
     * set`): the one it replaces, and any downline contract above it, follow the same rules
     * as an agent's accept with confirmation.
     */
    async houseSet(tx: Tx, m: MerchantRow, operator: string, agentId: number, terms: ContractTerms) {
      checkTerms(terms, null)
      const target = await houseTarget(m, agentId, tx)
      // Set, not offered: no offer waits for the agent, so none is announced.
      const id = await guarded(() => writeOffer(tx, m, { operator }, null, target, terms, false))
      return accept(tx, m, target.id, id, true, `operator:${operator}`)
    },

    /** The house terminates a top agent's contract of a kind (the operator's `contract end`). */
    async houseTerminate(tx: Tx, m: MerchantRow, operator: string, agentId: number, kind: ContractKind) {
      const c = await contracts.inForce(agentId, kind, now(), tx)
      if (!c || c.uplineId !== null || c.endsAt !== null) throw notFound()
      return terminate(tx, m, { operator }, c.id)
    },

    /** A member's contracts in force and open offers, every kind (the operator's `contract list`). */
    async of(memberId: number) {
      const at = now()
      const out: Contract[] = []
      for (const kind of contractKinds) {
        const c = await contracts.inForce(memberId, kind, at)
        if (c) out.push(contractOut(c, at))
        for (const o of await contracts.openOffersTo(memberId, kind, at)) out.push(contractOut(o, at))
      }
      return out
    },
  }

  /** The house contracts only with top agents: an active agent with no upline. */
  async function houseTarget(m: MerchantRow, agentId: number, ex: Tx): Promise<ContractParty> {
    const target = await contracts.party(m.code, agentId, ex)
    if (!target) throw new AppError('downline_not_found', 'no such agent')
    if (!isAgent(target.type) || target.parentId !== null || target.status !== 'active') {
      throw new AppError('contract_target_invalid', 'the house contracts with active top agents only')
    }
    return target
  }
}

export type ContractService = ReturnType<typeof createContractService>
