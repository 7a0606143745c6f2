/**
 * The operator's side of missions: make one from a template (with its unlisted backing
 * promotion, template `mission`, when it pays a bonus or cash), change, pause, resume and
 * list. Each change in the caller's transaction; the command writes the audit row.
 */
import {
  MissionRuleSchema,
  type MissionKind,
  type MissionRewardKind,
  type MissionRule,
  type NewbieGoal,
} from '#contract/missions'
import type { Turnover } from '#contract/promotions'
import { AppError } from '../../http/errors'
import type { MerchantRow } from '../../money/common'
import type { Db, Tx } from '../../plugins/external/db'
import type { PromotionRepository } from '../../promotions/promotions-repository'
import { missionTemplateName } from '../../promotions/templates'
import type { MissionRepository, MissionRow, NewMission } from './missions-repository'
import { ruleForReward, ruleFromOperator, ruleInUnits, templateOf } from './templates'

export interface MissionAdminDeps {
  repo: MissionRepository
  promotionRepo: Pick<PromotionRepository, 'add' | 'update'>
  now: () => Date
}

/** A change; a rule's amounts as the operator writes them (whole points, units of money). */
export type MissionEdit =
  | { field: 'rule'; rule: MissionRule }
  | { field: 'reward'; rewardKind: MissionRewardKind }
  | { field: 'turnover'; turnover: Turnover }
  | { field: 'score'; score: number }
  | { field: 'start'; at: Date }
  | { field: 'end'; at: Date | null }
  | { field: 'sort'; sort: number }

/** An operator's rule in the book's units (centipoints, minor units), refused when not exact. */
function inUnits(rule: MissionRule, rewardKind: MissionRewardKind, decimals: number): MissionRule {
  const r = ruleFromOperator(rule, rewardKind, decimals)
  if ('bad' in r) {
    throw new AppError(
      'validation_failed',
      `${r.bad} has more decimals than ${r.decimals === 0 ? 'none' : r.decimals} (${r.points ? 'points' : 'money'})`,
    )
  }
  const checked = MissionRuleSchema.safeParse(r.rule)
  if (!checked.success) throw new AppError('validation_failed', 'an amount of the rule is too large')
  return checked.data
}

export function createMissionAdmin(deps: MissionAdminDeps) {
  const { repo, promotionRepo, now } = deps

  async function backing(
    m: MerchantRow,
    row: Pick<NewMission, 'frequency' | 'startsAt'> & {
      turnover: Turnover
      titles: Record<string, string>
      rules: Record<string, string>
    },
    by: string,
    ex: Db | Tx,
  ) {
    const p = await promotionRepo.add(
      {
        merchantCode: m.code,
        template: missionTemplateName,
        category: 'others',
        claimMode: 'auto',
        frequency: row.frequency,
        rule: { kind: 'fixed', amount: 0 },
        eligibility: {},
        turnover: row.turnover,
        code: null,
        codeUses: null,
        titles: row.titles,
        contents: row.rules,
        imageUrl: null,
        startsAt: row.startsAt,
        endsAt: null,
        pausedAt: null,
        sort: 1000,
        createdAt: now(),
        createdBy: by,
      },
      ex,
    )
    return p.id
  }

  async function found(m: MerchantRow, id: number, ex: Db | Tx): Promise<MissionRow> {
    const mission = await repo.byId(m.code, id, ex)
    if (!mission) throw new AppError('mission_not_found', 'no such mission')
    return mission
  }

  return {
    async create(
      m: MerchantRow,
      kind: MissionKind,
      opts: { goal?: NewbieGoal; startsAt?: Date; endsAt?: Date | null },
      createdBy: string,
      ex: Db | Tx,
    ): Promise<MissionRow> {
      const t = templateOf(kind, opts.goal ?? null)
      const at = now()
      const row = {
        merchantCode: m.code,
        kind,
        goal: t.goal,
        frequency: t.frequency,
        rule: ruleInUnits(t.rule, t.rewardKind, m.currencyDecimals),
        rewardKind: t.rewardKind,
        turnover: t.turnover,
        score: t.score,
        eligibility: t.eligibility,
        titles: t.titles,
        rules: t.rules,
        imageUrl: null,
        startsAt: opts.startsAt ?? at,
        endsAt: opts.endsAt ?? null,
        pausedAt: null,
        sort: t.sort,
        createdAt: at,
        createdBy,
      }
      const promotionId = t.rewardKind === 'points' ? null : await backing(m, row, createdBy, ex)
      return repo.add({ ...row, promotionId }, ex)
    },

    async edit(m: MerchantRow, id: number, e: MissionEdit, by: string, ex: Db | Tx) {
      const before = await found(m, id, ex)
      let set: Partial<NewMission>
      switch (e.field) {
        case 'rule':
          if (e.rule.kind !== before.kind) {
            throw new AppError('validation_failed', `a ${before.kind} mission takes a ${before.kind} rule`)
          }
          set = { rule: inUnits(e.rule, before.rewardKind, m.currencyDecimals) }
          break
        case 'reward': {
          // A rescue pays a share of a money loss: its reward is money, never points.
          if (before.kind === 'rescue' && e.rewardKind === 'points') {
            throw new AppError(
              'validation_failed',
              'a rescue pays a share of the loss in money: bonus or cash',
            )
          }
          // The figures the operator wrote stay (10 points become 10.00 of bonus), in the new unit.
          const rule = ruleForReward(before.rule, before.rewardKind, e.rewardKind, m.currencyDecimals)
          if (e.rewardKind !== 'points' && before.promotionId === null) {
            set = {
              rewardKind: e.rewardKind,
              rule,
              promotionId: await backing(m, { ...before, turnover: before.turnover }, by, ex),
            }
          } else set = { rewardKind: e.rewardKind, rule }
          break
        }
        case 'turnover':
          set = { turnover: e.turnover }
          if (before.promotionId !== null) {
            await promotionRepo.update(before.promotionId, { turnover: e.turnover }, ex)
          }
          break
        case 'score':
          set = { score: e.score }
          break
        case 'start':
          set = { startsAt: e.at }
          break
        case 'end':
          set = { endsAt: e.at }
          break
        case 'sort':
          set = { sort: e.sort }
          break
      }
      return { before, after: await repo.update(id, set, ex) }
    },

    async pause(m: MerchantRow, id: number, paused: boolean, ex: Db | Tx) {
      const before = await found(m, id, ex)
      return repo.update(before.id, { pausedAt: paused ? now() : null }, ex)
    },

    all: (m: MerchantRow, ex: Db | Tx) => repo.all(m.code, ex),
  }
}

export type MissionAdmin = ReturnType<typeof createMissionAdmin>
