/**
 * `devices`: a member's remembered devices ("Stay signed in", devices.ts) for support: list
 * them, sign them all out (a lost or stolen phone: every device and open tab ends), and the
 * brand's days a device stays signed in. Each change goes through the devices service and
 * leaves an audit row.
 */
import { and, eq } from 'drizzle-orm'
import { z } from 'zod'
import { members, merchants } from '../db/schema'
import type { CommandSpec, OpsContext } from '../ops/commands'
import { OpsError } from '../ops/ops-error'
import { noMore, oneOf, parsed, required } from '../ops/ops-input'
import { createDevices } from './devices'
import { createDevicesRepository } from './devices-repository'

const Days = z.coerce
  .number({ error: 'devices days: the number of days is a whole number from 1 to 365' })
  .int('devices days: the number of days is a whole number from 1 to 365')
  .min(1, 'devices days: at least 1 day')
  .max(365, 'devices days: at most 365 days')

async function memberOf(ctx: OpsContext, raw: string): Promise<{ id: number; username: string }> {
  const username = raw.trim().toLowerCase()
  const [m] = await ctx.db
    .select({ id: members.id, username: members.username })
    .from(members)
    .where(and(eq(members.merchantCode, ctx.merchantCode), eq(members.username, username)))
  if (!m) throw new OpsError(`no account ${username} in ${ctx.merchantCode}`)
  return m
}

export const deviceCommands: Record<string, CommandSpec> = {
  devices: {
    usage: 'devices list <username> | devices sign-out <username> | devices days [1-365]',
    summary:
      "a member's remembered devices (Stay signed in): list them, or sign every device and open tab out (a lost phone); the brand's days a device stays signed in",
    readOnly: (args) => args[0] === 'list' || (args[0] === 'days' && args.length === 1),
    async run(ctx, args) {
      const [word, raw, ...extra] = args
      const mode = oneOf('devices: the action', word, ['list', 'sign-out', 'days'])
      const now = () => new Date()
      const devices = createDevices({ db: ctx.db, repo: createDevicesRepository(ctx.db), now })
      if (mode === 'days') {
        noMore(`devices days ${raw ?? ''}`.trim(), extra)
        const [m] = await ctx.db
          .select({ days: merchants.deviceSessionDays })
          .from(merchants)
          .where(eq(merchants.code, ctx.merchantCode))
        if (!m) throw new OpsError(`no brand ${ctx.merchantCode}`)
        if (raw === undefined)
          return `brand ${ctx.merchantCode}: a remembered device stays signed in ${m.days} days`
        const days = parsed(Days, raw)
        ctx.audit?.({
          target: `brand ${ctx.merchantCode} device days`,
          before: { days: m.days },
          after: { days },
        })
        await ctx.db
          .update(merchants)
          .set({ deviceSessionDays: days })
          .where(eq(merchants.code, ctx.merchantCode))
        ctx.invalidate()
        return `brand ${ctx.merchantCode}: a device remembered from now on stays signed in ${days} days`
      }
      const m = await memberOf(ctx, required(`devices ${mode}: the username`, raw))
      noMore(`devices ${mode} ${m.username}`, extra)
      if (mode === 'list') {
        const list = await devices.list(m.id, 0)
        if (list.length === 0) return `${m.username}: no remembered device`
        return list
          .map(
            (d) =>
              `${d.id}  ${d.name}  last used ${new Date(d.lastUsedAt).toISOString()} from ${d.lastIp}  since ${new Date(d.createdAt).toISOString()}`,
          )
          .join('\n')
      }
      const ended = await devices.signOutEverywhere(m.id, 'operator')
      ctx.audit?.({ target: `devices of ${m.username}`, before: { devices: ended }, after: { devices: 0 } })
      return `${m.username}: ${ended} remembered device(s) and every open session signed out`
    },
  },
}
