/**
 * The identity area's operator commands: lifting the login stops of an account or an
 * address, resetting a member's authenticator app (a lost phone), a member's remembered
 * devices and the brand's "Stay signed in" days (device-commands.ts), and the member's
 * profile and the brand's profile rules (profile-commands.ts).
 */
import { and, eq } from 'drizzle-orm'
import { members } from '../db/schema'
import type { CommandSpec } from '../ops/commands'
import { OpsError } from '../ops/ops-error'
import { noMore, oneOf, required } from '../ops/ops-input'
import { createAuthenticator } from './authenticator'
import { lazyAuthenticatorKeys } from './authenticator-seal'
import { deviceCommands } from './device-commands'
import { profileCommands } from './profile-commands'
import { clearLoginStops, createThrottle } from './throttle'

export const identityCommands: Record<string, CommandSpec> = {
  login: {
    usage: 'login unlock <username> | login reset-ip <address>',
    summary:
      "lift a login lock or captcha requirement for an account, or an address's stops (logins and registrations)",
    async run(ctx, args) {
      const [word, raw, ...extra] = args
      const mode = oneOf('login: the action', word, ['unlock', 'reset-ip'])
      const value = required(
        mode === 'unlock' ? 'login unlock: the username' : 'login reset-ip: the address',
        raw,
      )
      noMore(`login ${mode} ${value}`, extra)
      // An account's lock is kept per address it was guessed from; an address's budgets
      // (logins, and registrations) and its locks on accounts all go with reset-ip.
      const target = value.trim()
      const removed = await clearLoginStops(
        ctx.db,
        ctx.merchantCode,
        mode === 'unlock' ? { account: target } : { address: target },
      )
      ctx.audit?.({
        target: mode === 'unlock' ? `logins of ${target}` : `logins from ${target}`,
        before: { stops: removed },
        after: { stops: [] },
      })
      return removed.length > 0 ? `cleared ${removed.join(', ')}` : `nothing to clear for ${value}`
    },
  },
  authenticator: {
    usage: 'authenticator status <username> | authenticator reset <username>',
    summary:
      "a member's authenticator app: whether it is on; reset removes it and its recovery codes (a lost phone), so the member can set it up again",
    readOnly: (args) => args[0] === 'status',
    async run(ctx, args) {
      const [word, raw, ...extra] = args
      const mode = oneOf('authenticator: the action', word, ['status', 'reset'])
      const username = required(`authenticator ${mode}: the username`, raw).trim().toLowerCase()
      noMore(`authenticator ${mode} ${username}`, extra)
      const [m] = await ctx.db
        .select({ id: members.id })
        .from(members)
        .where(and(eq(members.merchantCode, ctx.merchantCode), eq(members.username, username)))
      if (!m) throw new OpsError(`no account ${username} in ${ctx.merchantCode}`)
      const now = () => new Date()
      const service = createAuthenticator({
        db: ctx.db,
        throttle: createThrottle(ctx.db, now),
        keys: lazyAuthenticatorKeys(ctx.db),
        now,
      })
      const before = await service.status(m.id)
      if (mode === 'status') {
        return before.enabled
          ? `${username}: authenticator on since ${new Date(before.enabledAt ?? 0).toISOString()}, ${before.recoveryCodesLeft} recovery codes left`
          : `${username}: authenticator off`
      }
      const removed = await service.remove(m.id)
      ctx.audit?.({
        target: `authenticator of ${username}`,
        before: { enabled: before.enabled, recoveryCodesLeft: before.recoveryCodesLeft },
        after: { enabled: false, recoveryCodesLeft: 0 },
      })
      return removed
        ? `reset the authenticator of ${username}: it is off, and the member may set it up again`
        : `${username} has no authenticator on; nothing to reset`
    },
  },
  ...deviceCommands,
  ...profileCommands,
}
