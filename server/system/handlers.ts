/**
 * Handlers of the system endpoints: everything is read from the database, per brand and
 * in the caller's language.
 */
import type { Endpoints } from '#contract/endpoints'
import type { Keyring } from '../crypto/keyring'
import type { HandlerGroup } from '../http/contract-routes'
import { AppError } from '../http/errors'
import type { HotReads } from '../http/hot-reads'
import type { Database } from '../plugins/external/db'
import type { AccessService } from './access'
import type { SystemRepository } from './system-repository'

export interface SystemDeps {
  repo: SystemRepository
  access: AccessService
  keyring: Keyring
  database: Database
  /** Keeps the brand's part of the status for SETTINGS_TTL_SECONDS (see http/hot-reads.ts). */
  hotReads: HotReads
}

export function systemHandlers(deps: SystemDeps): HandlerGroup<Endpoints['system']> {
  const { repo, access, keyring, hotReads } = deps

  /** What the customer-service links depend on: the VIP state and the default language. */
  async function csBrand(merchantCode: string) {
    const m = await repo.merchant(merchantCode)
    return { vipServiceState: m?.vipServiceState ?? 'normal', defaultLanguage: m?.defaultLanguage ?? 'en' }
  }

  return {
    async whitelabel({ caller }) {
      const snap = await access.snapshot(caller.merchantCode)
      return { childrenNodes: snap.tree }
    },

    async status({ caller }) {
      const m = caller.merchantCode
      // The brand's part is the same for every caller in one language (the customer-service
      // links are titled in it); the verdict and address are the caller's.
      const brandPart = hotReads.value(m, `system.status\u0000${caller.locale}`, async () => {
        const [register, resources, customerService, imageCDNs, launchGameCDNs] = await Promise.all([
          repo.registerRules(m),
          repo.resources(m),
          csBrand(m).then((b) => repo.customerService(m, b, caller.locale)),
          repo.cdns(m, 'image'),
          repo.cdns(m, 'launchGame'),
        ])
        return { register, resources, customerService, imageCDNs, launchGameCDNs }
      })
      const [verdict, snap, { register, resources, customerService, imageCDNs, launchGameCDNs }] =
        await Promise.all([access.verdict(m, caller.ip, caller.country), access.snapshot(m), brandPart])
      return {
        maintenance: verdict.maintenance,
        maintenanceMessage: verdict.maintenance ? snap.maintenanceMessage : null,
        maintenanceUntil: verdict.maintenance ? snap.maintenanceUntil : null,
        regionRestriction: verdict.regionRestriction,
        ipBlocked: verdict.ipBlocked,
        clientIp: caller.ip,
        country: caller.country,
        info: { whitelabel: snap.tree, register, resources, customerService, imageCDNs, launchGameCDNs },
      }
    },

    async domainRoute({ caller }) {
      const [customerService, domainList, resources] = await Promise.all([
        csBrand(caller.merchantCode).then((b) => repo.customerService(caller.merchantCode, b, caller.locale)),
        repo.domains(caller.merchantCode),
        repo.resources(caller.merchantCode),
      ])
      return { customerService, domainList, resources }
    },

    async registerSettings({ caller }) {
      return repo.registerRules(caller.merchantCode)
    },

    async country() {
      return repo.countries()
    },

    async helpCenter({ caller, input }) {
      return repo.helpArticles(caller.merchantCode, caller.locale, input.category)
    },

    async templates({ caller, input }) {
      return repo.templates(caller.merchantCode, caller.locale, input.code)
    },

    async consolidatedSettings({ caller }) {
      const settings = await repo.consolidated(caller.merchantCode)
      if (!settings) throw new AppError('merchant.acct.setup.err', 'the brand is not set up')
      return settings
    },

    async publicKey() {
      return keyring.publicKey()
    },

    async health() {
      try {
        await deps.database.ping()
      } catch {
        throw new AppError('service_unavailable', 'database unreachable')
      }
      return { status: 'ok' as const, database: 'ok' as const }
    },
  }
}
