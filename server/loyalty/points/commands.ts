/**
 * The operator's points commands (decision 030): a member's balance, and adjustments by hand
 * through the points service (audited: the command's transaction writes the audit row with
 * the movement).
 */
import { parsePoints, pointsOf } from '#contract/points-values'
import type { CommandSpec } from '../../ops/commands'
import { OpsError } from '../../ops/ops-error'
import { noMore, oneOf, parsed, required, text } from '../../ops/ops-input'
import { createPointsLedger } from './points-ledger'
import { createPointsService, PointsError } from './points-service'

function services(ctx: { db: Parameters<typeof createPointsLedger>[0] }) {
  return createPointsService({ points: createPointsLedger(ctx.db), now: () => new Date() })
}

/** Points as the operator typed them ("+500", "-12.5"), in centipoints, signed. */
function typedPoints(raw: string | undefined, what: string): bigint {
  if (raw === undefined) throw new OpsError(`${what} is required`)
  const negative = raw.startsWith('-')
  const centipoints = parsePoints(negative || raw.startsWith('+') ? raw.slice(1) : raw)
  if (centipoints === null) {
    throw new OpsError(`${what} "${raw}" is not a number of points (above zero, at most 2 decimals, signed)`)
  }
  return negative ? -centipoints : centipoints
}

export const pointsCommands: Record<string, CommandSpec> = {
  points: {
    usage: 'points balance <username> | adjust <username> <±points> <reason…>',
    readOnly: (args) => args[0] === 'balance',
    summary: "a member's loyalty points, or add or take away points by hand with a reason (audited)",
    async run(ctx, args) {
      const [word, rawUser, ...rest] = args
      const mode = oneOf('points: the action', word, ['balance', 'adjust'])
      const service = services(ctx)
      try {
        if (mode === 'balance') {
          const username = required('points balance: the username', rawUser)
          noMore(`points balance ${username}`, rest)
          const m = await service.memberByUsername(ctx.db, ctx.merchantCode, username)
          return `${m.username}: ${pointsOf(await service.balanceOf(ctx.db, ctx.merchantCode, m.id))} points`
        }
        const username = required('points adjust: the username', rawUser)
        const [rawPoints, ...words] = rest
        const centipoints = typedPoints(rawPoints, 'points adjust: the points')
        const reason = parsed(text('points adjust: the reason', 140), words.join(' '))
        const r = await service.adjust(ctx.db, ctx.merchantCode, username, centipoints, reason)
        ctx.audit?.({
          target: `member ${r.username}`,
          before: { points: pointsOf(r.before) },
          after: { points: pointsOf(r.after), adjustment: pointsOf(centipoints), reason },
        })
        return `${r.username}: ${centipoints > 0n ? '+' : ''}${pointsOf(centipoints)} points (${reason}); now ${pointsOf(r.after)} points`
      } catch (err) {
        if (err instanceof PointsError) {
          throw new OpsError(
            err.code === 'points_insufficient'
              ? `points adjust: ${err.message}, not enough for that deduction; nothing was done`
              : err.message,
          )
        }
        throw err
      }
    },
  },
}
