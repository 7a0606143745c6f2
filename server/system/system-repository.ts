/**
 * Reads of the brand's system data. Content in a language the brand has not written
 * falls back to English, then to any language it has.
 */
import { and, asc, eq, inArray } from 'drizzle-orm'
import { LocaleSchema, type Locale } from '#contract/locales'
import type {
  ConsolidatedSettings,
  Country,
  CustomerService,
  HelpArticle,
  RegisterFieldRule,
  Resource,
  Template,
  WhitelabelNode,
} from '#contract/system'
import { RegisterFieldRuleSchema, csTypes } from '#contract/system'
import { localName, pickLanguage, storedNames } from '../db/localized'
import * as s from '../db/schema'
import type { Db } from '../plugins/external/db'

export interface FlatNode {
  modId: string
  parentModId: string | null
  enabled: boolean
}

/** Builds the nested childrenNodes tree from flat rows, keeping their sort order. */
export function buildTree(rows: FlatNode[]): WhitelabelNode[] {
  const byParent = new Map<string | null, FlatNode[]>()
  for (const r of rows) {
    const list = byParent.get(r.parentModId) ?? []
    list.push(r)
    byParent.set(r.parentModId, list)
  }
  const walk = (parent: string | null): WhitelabelNode[] =>
    (byParent.get(parent) ?? []).map((r) => {
      const children = walk(r.modId)
      const node: WhitelabelNode = { modId: r.modId, enabled: r.enabled ? '1' : '0' }
      if (children.length > 0) node.childrenNodes = children
      return node
    })
  // A node whose parent is gone is left out: the access gate counts it as off too.
  return walk(null)
}

export function createSystemRepository(db: Db) {
  return {
    async merchantCodes(): Promise<string[]> {
      const rows = await db.select({ code: s.merchants.code }).from(s.merchants)
      return rows.map((r) => r.code)
    },

    async whitelabelRows(merchantCode: string): Promise<FlatNode[]> {
      return db
        .select({
          modId: s.whitelabelNodes.modId,
          parentModId: s.whitelabelNodes.parentModId,
          enabled: s.whitelabelNodes.enabled,
        })
        .from(s.whitelabelNodes)
        .where(eq(s.whitelabelNodes.merchantCode, merchantCode))
        .orderBy(asc(s.whitelabelNodes.sort), asc(s.whitelabelNodes.modId))
    },

    async registerRules(merchantCode: string): Promise<RegisterFieldRule[]> {
      const rows = await db
        .select()
        .from(s.registerFieldRules)
        .where(eq(s.registerFieldRules.merchantCode, merchantCode))
        .orderBy(asc(s.registerFieldRules.sort))
      // Storage reads are validated too: an operator's bad row is skipped, not served.
      return rows.flatMap((r) => {
        const parsed = RegisterFieldRuleSchema.safeParse(r)
        return parsed.success ? [parsed.data] : []
      })
    },

    async countries(): Promise<Country[]> {
      const rows = await db.select().from(s.countries).orderBy(asc(s.countries.sort))
      return rows.map((r) => ({
        countryCode: r.countryCode,
        countryDialingCode: r.dialingCode,
        name: r.name,
        minDigits: r.minDigits,
        maxDigits: r.maxDigits,
      }))
    },

    /** The brand's customer-service links for its VIP state, titled in the caller's language. */
    async customerService(
      merchantCode: string,
      brand: { vipServiceState: string; defaultLanguage: string },
      locale: Locale,
    ): Promise<CustomerService[]> {
      const rows = await db
        .select()
        .from(s.customerService)
        .where(eq(s.customerService.merchantCode, merchantCode))
        .orderBy(asc(s.customerService.sort))
      const vip = brand.vipServiceState === 'vipcs'
      return rows.flatMap((r) => {
        const csType = csTypes.find((t) => t === r.csType)
        if (!csType || (csType === 'VIP') !== vip) return []
        return [{ csType, title: localName(r.titles, r.title, locale, brand.defaultLanguage), url: r.url }]
      })
    },

    async resources(merchantCode: string): Promise<Resource[]> {
      const rows = await db
        .select()
        .from(s.domainResources)
        .where(eq(s.domainResources.merchantCode, merchantCode))
        .orderBy(asc(s.domainResources.sort))
      return rows.map((r) => ({ resourceType: r.resourceType, url: r.url, qrCodeUrl: r.qrCodeUrl }))
    },

    async domains(merchantCode: string): Promise<string[]> {
      const rows = await db.select().from(s.domains).where(eq(s.domains.merchantCode, merchantCode))
      return rows.map((r) => r.domain).sort()
    },

    async cdns(merchantCode: string, kind: 'image' | 'launchGame'): Promise<string[]> {
      const rows = await db
        .select()
        .from(s.cdnHosts)
        .where(and(eq(s.cdnHosts.merchantCode, merchantCode), eq(s.cdnHosts.kind, kind)))
      return rows.map((r) => r.url).sort()
    },

    async helpArticles(merchantCode: string, locale: Locale, category?: string): Promise<HelpArticle[]> {
      const rows = await db
        .select()
        .from(s.helpArticles)
        .where(
          and(
            eq(s.helpArticles.merchantCode, merchantCode),
            inArray(s.helpArticles.language, [locale, 'en']),
          ),
        )
        .orderBy(asc(s.helpArticles.sort), asc(s.helpArticles.id))
      return pickLanguage(rows, locale)
        .filter((r) => category === undefined || r.category === category)
        .map((r) => ({ id: r.id, category: r.category, title: r.title, content: r.content }))
    },

    async templates(merchantCode: string, locale: Locale, code?: string): Promise<Template[]> {
      const rows = await db
        .select()
        .from(s.templates)
        .where(and(eq(s.templates.merchantCode, merchantCode), inArray(s.templates.language, [locale, 'en'])))
        .orderBy(asc(s.templates.code))
      const out = new Map<string, Template>()
      for (const lang of ['en', locale]) {
        for (const r of rows) {
          if (r.language === lang && (code === undefined || r.code === code)) {
            out.set(r.code, { code: r.code, title: r.title, content: r.content })
          }
        }
      }
      return [...out.values()]
    },

    async merchant(merchantCode: string) {
      const [row] = await db.select().from(s.merchants).where(eq(s.merchants.code, merchantCode))
      return row
    },

    async consolidated(merchantCode: string): Promise<ConsolidatedSettings | undefined> {
      const [m] = await db.select().from(s.merchants).where(eq(s.merchants.code, merchantCode))
      if (!m) return undefined
      const languages = m.languages.flatMap((l) => {
        const p = LocaleSchema.safeParse(l)
        return p.success ? [p.data] : []
      })
      const defaultLanguage = LocaleSchema.safeParse(m.defaultLanguage)
      return {
        merchantCode: m.code,
        brandName: m.name,
        shortName: m.shortName,
        currency: m.currency,
        currencySymbol: m.currencySymbol,
        currencyDecimals: m.currencyDecimals,
        defaultLanguage: defaultLanguage.success ? defaultLanguage.data : 'km',
        languages,
        themeColor: m.themeColor,
        backgroundColor: m.backgroundColor,
        logoUrl: m.logoUrl,
        agentTypes: [1, 2, 41, 42],
        guestTypes: [4],
        passwordExpiryDays: m.passwordExpiryDays,
        minimumAge: m.minimumAge,
        vipServiceState: m.vipServiceState,
        descriptions: storedNames(m.descriptions),
        shareImageUrl: m.shareImageUrl,
        timeZone: m.timeZone,
      }
    },
  }
}

export type SystemRepository = ReturnType<typeof createSystemRepository>
