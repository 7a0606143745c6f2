/**
 * The system area's operator commands: maintenance, blocked regions and addresses, the
 * white-label flags, the payload-encryption key and the brand's status; going live, the
 * customer-service links and the audit trail come from their own files.
 */
import { z } from 'zod'
import { featureFlags, isFeatureFlag, type FeatureFlag } from '#contract/system'
import type { CommandSpec, OpsContext } from '../ops/commands'
import { OpsError } from '../ops/ops-error'
import { noMore, oneOf, required } from '../ops/ops-input'
import { parseCidr } from './access'
import {
  accessSettingsOf,
  addFlag,
  blockIp,
  flagOf,
  flagsOf,
  ipBlockCount,
  ipBlockOf,
  ipBlocksOf,
  saveAccessSettings,
  setFlag,
  unblockIp,
  type AccessSettingsPatch,
} from './access-repository'
import { auditCommands } from './audit-commands'
import { customerServiceCommands } from './customer-service-commands'
import { goLiveCommands } from './golive-commands'

const Country = z
  .string()
  .transform((v) => v.toUpperCase())
  .pipe(z.string().regex(/^[A-Z]{2}$/, 'a country is two letters, e.g. KH'))

/** Adds the flag's row and any missing one above it; the names added, the flag first. */
async function addFlagWithParents(ctx: OpsContext, modId: FeatureFlag, enabled: boolean): Promise<string[]> {
  const added: string[] = []
  let node: FeatureFlag | null = modId
  let on = enabled
  while (node !== null) {
    if (node !== modId && (await flagOf(ctx.db, ctx.merchantCode, node))) break
    const parentModId: FeatureFlag | null = featureFlags[node]
    await addFlag(ctx.db, ctx.merchantCode, { modId: node, parentModId, enabled: on })
    added.push(node)
    node = parentModId
    on = false
  }
  return added
}

async function touchSettings(ctx: OpsContext, patch: AccessSettingsPatch) {
  const row = await accessSettingsOf(ctx.db, ctx.merchantCode)
  const changed = Object.keys(patch) as (keyof typeof patch)[]
  ctx.audit?.({
    target: `access settings of ${ctx.merchantCode}`,
    before: row ? Object.fromEntries(changed.map((k) => [k, row[k as keyof typeof row] ?? null])) : null,
    after: patch,
  })
  await saveAccessSettings(ctx.db, ctx.merchantCode, patch)
  ctx.invalidate()
}

export const systemCommands: Record<string, CommandSpec> = {
  maintenance: {
    usage: 'maintenance on [message] | off',
    summary: 'switch the maintenance page on or off for the brand',
    async run(ctx, args) {
      const [word, ...rest] = args
      const mode = oneOf('maintenance: the switch', word, ['on', 'off'])
      if (mode === 'on') {
        const message = rest.join(' ').trim() || null
        await touchSettings(ctx, { maintenance: true, maintenanceMessage: message })
        return `maintenance on for ${ctx.merchantCode}`
      }
      noMore('maintenance off', rest)
      await touchSettings(ctx, { maintenance: false, maintenanceMessage: null, maintenanceUntil: null })
      return `maintenance off for ${ctx.merchantCode}`
    },
  },

  region: {
    usage: 'region block <CC> | unblock <CC> | list',
    readOnly: (args) => args[0] === 'list',
    summary: 'restrict or allow callers from a country (ISO code from the CDN header)',
    async run(ctx, args) {
      const [word, cc, ...extra] = args
      const mode = oneOf('region: the action', word, ['block', 'unblock', 'list'])
      const row = await accessSettingsOf(ctx.db, ctx.merchantCode)
      const current = new Set(row?.blockedCountries ?? [])
      if (mode === 'list') return current.size ? [...current].sort().join('\n') : 'no blocked regions'
      const parsed = Country.safeParse(required(`region ${mode}: the country (two letters, e.g. KH)`, cc))
      if (!parsed.success) throw new OpsError(parsed.error.issues[0]?.message ?? 'bad country')
      noMore(`region ${mode} ${parsed.data}`, extra)
      const others = [...current].filter((c) => c !== parsed.data)
      const next = mode === 'block' ? [...others, parsed.data] : others
      await touchSettings(ctx, { blockedCountries: next.sort() })
      return `${mode === 'block' ? 'blocked' : 'unblocked'} region ${parsed.data}`
    },
  },

  ip: {
    usage: 'ip block <address|cidr> [note] | unblock <address|cidr> | list',
    readOnly: (args) => args[0] === 'list',
    summary: 'block or unblock a client address or range',
    async run(ctx, args) {
      const [word, raw, ...note] = args
      const mode = oneOf('ip: the action', word, ['block', 'unblock', 'list'])
      if (mode === 'list') {
        const rows = await ipBlocksOf(ctx.db)
        return rows.length
          ? rows.map((r) => `${r.cidr}${r.note ? `  ${r.note}` : ''}`).join('\n')
          : 'no blocked addresses'
      }
      const c = parseCidr(required(`ip ${mode}: the address (an IP address or CIDR range)`, raw))
      if (!c) throw new OpsError(`not an IP address or CIDR range: ${raw}`)
      const cidr = c.prefix === (c.family === 'ipv4' ? 32 : 128) ? c.address : `${c.address}/${c.prefix}`
      const was = await ipBlockOf(ctx.db, cidr)
      const before = was ? { blocked: true, note: was.note } : { blocked: false }
      if (mode === 'block') {
        // An address blocked already keeps its first note.
        const after = was ? before : { blocked: true, note: note.join(' ') || null }
        ctx.audit?.({ target: `address ${cidr}`, before, after })
        await blockIp(ctx.db, cidr, note.join(' ') || null)
      } else {
        ctx.audit?.({ target: `address ${cidr}`, before, after: { blocked: false } })
        await unblockIp(ctx.db, cidr)
      }
      ctx.invalidate()
      return `${mode === 'block' ? 'blocked' : 'unblocked'} ${cidr}`
    },
  },

  flag: {
    usage: 'flag set <modId> on|off | list',
    readOnly: (args) => args[0] === 'list',
    summary: 'switch a white-label feature node on or off',
    async run(ctx, args) {
      const [word, rawModId, rawValue, ...extra] = args
      const mode = oneOf('flag: the action', word, ['set', 'list'])
      if (mode === 'list') {
        const rows = await flagsOf(ctx.db, ctx.merchantCode)
        return rows
          .map(
            (r) => `${r.enabled ? 'on ' : 'off'} ${r.modId}${r.parentModId ? ` (in ${r.parentModId})` : ''}`,
          )
          .join('\n')
      }
      const modId = required('flag set: the flag (its modId, see: flag list)', rawModId)
      const value = oneOf(`flag set ${modId}: the switch`, rawValue, ['on', 'off'])
      noMore(`flag set ${modId} ${value}`, extra)
      const was = await flagOf(ctx.db, ctx.merchantCode, modId)
      const after = { enabled: value === 'on' }
      if (was) {
        ctx.audit?.({ target: `flag ${modId}`, before: { enabled: was.enabled }, after })
        await setFlag(ctx.db, ctx.merchantCode, modId, value === 'on')
        ctx.invalidate()
        return `${modId} ${value}`
      }
      if (!isFeatureFlag(modId))
        throw new OpsError(`no flag ${modId} for ${ctx.merchantCode} (see: flag list)`)
      // A flag the product knows that this brand was made without: its row, and the rows of
      // the nodes above it that are missing too (off, so nothing else is switched on).
      ctx.audit?.({ target: `flag ${modId}`, before: null, after })
      const added = await addFlagWithParents(ctx, modId, value === 'on')
      ctx.invalidate()
      return `${modId} ${value} (added${added.length > 1 ? `, with ${added.slice(1).join(', ')} off` : ''})`
    },
  },

  key: {
    usage: 'key rotate',
    outsideTransaction: true,
    summary: 'retire the payload-encryption key and make a new one',
    async run(ctx, args) {
      oneOf('key: the action', args[0], ['rotate'])
      noMore('key rotate', args.slice(1))
      if (!ctx.rotateKey) throw new OpsError('key rotation needs the running server')
      const k = await ctx.rotateKey()
      ctx.audit?.({ target: 'payload-encryption key', before: null, after: { kid: k.kid } })
      return `new key ${k.kid}`
    },
  },

  status: {
    usage: 'status',
    readOnly: () => true,
    summary: 'show maintenance, blocked regions and addresses',
    async run(ctx, args) {
      noMore('status', args)
      const row = await accessSettingsOf(ctx.db, ctx.merchantCode)
      const ips = await ipBlockCount(ctx.db)
      return [
        `brand: ${ctx.merchantCode}`,
        `maintenance: ${row?.maintenance ? 'on' : 'off'}${row?.maintenanceMessage ? ` (${row.maintenanceMessage})` : ''}`,
        `blocked regions: ${row?.blockedCountries.join(', ') || 'none'}`,
        `blocked addresses: ${ips}`,
      ].join('\n')
    },
  },

  ...auditCommands,
  ...goLiveCommands,
  ...customerServiceCommands,
}
