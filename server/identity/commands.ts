/**
 * The identity area's operator commands: lifting the login stops of an account or an address,
 * and the member's profile and the brand's profile rules (profile-commands.ts).
 */
import type { CommandSpec } from '../ops/commands'
import { noMore, oneOf, required } from '../ops/ops-input'
import { profileCommands } from './profile-commands'
import { clearLoginStops } from './throttle'

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
  ...profileCommands,
}
