/**
 * The popups and member-centre pages, registered by the features that own them
 * (docs/decisions/003-popups-as-routes.md). A feature names its popups and pages by
 * augmenting PopupNames and MemberCentrePageNames, and lists them in its own
 * `src/features/<name>/popups.tsx` (collected in src/routes/-components/popups.ts), so no
 * shared file lists them all.
 */
import type { MessageDescriptor } from '@lingui/core'
import { lazy, type ComponentType, type LazyExoticComponent } from 'react'
import type { MemberInfo } from '#contract/identity'
import type { FeatureFlag } from '#contract/system'
import { loadSectionCatalog, type CatalogLoaders } from './i18n'

/**
 * The popups' names: each feature adds its own by module augmentation, e.g.
 * `declare module '../../lib/popup-registry' { interface PopupNames { notice: true } }`.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by module augmentation
export interface PopupNames {}
export type PopupName = keyof PopupNames & string

/** The member centre's pages' names, added by module augmentation like PopupNames. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by module augmentation
export interface MemberCentrePageNames {}
export type MemberCentrePage = keyof MemberCentrePageNames & string

export interface PopupProps {
  /** Closes this popup (Back when it was opened in the app). */
  onClose: () => void
}

export interface CentrePageProps {
  /** Moves the member centre to another page. */
  go: (page: MemberCentrePage) => void
  /** Opens a page as a step of its own (a hub's sub-page): Back returns to this one. */
  open: (page: MemberCentrePage) => void
}

/** A member-only popup shows login to a visitor; an agent-only one shows nothing to a non-agent. */
// wire-values: who may open a popup (a role), not the login's entrance of the contract
export type PopupGuard = 'member' | 'agent'

export interface PopupRegistration {
  name: PopupName
  guard?: PopupGuard
  /** The popup's code, loaded when it first opens. */
  load: () => Promise<ComponentType<PopupProps>>
}

/** What a page may ask of the member to decide whether it is theirs. */
export type MemberFacts = Readonly<Pick<MemberInfo, 'type' | 'toUpline'>>

export interface CentrePageRegistration {
  page: MemberCentrePage
  /** Place in the menu: lower comes first. */
  order: number
  label: MessageDescriptor
  /** The page's content; without it the page shows the empty state. */
  load?: () => Promise<ComponentType<CentrePageProps>>
  /** A count after the label in the menu (the rewards to claim); it draws nothing at 0. */
  badge?: ComponentType
  /**
   * The page this one is opened from (a hub's sub-page): it has no menu entry of its own, the
   * parent's entry stays marked, and its back control returns to the parent.
   */
  parent?: MemberCentrePage
  /** The brand's switch for the page (its endpoints answer feature_disabled while it is off). */
  flag?: FeatureFlag
  /**
   * Whether the page is for this member (transfer to upline: only a member with an upline who
   * may send to it); without it, every member. The server refuses the others all the same.
   */
  forMember?: (member: MemberFacts) => boolean
}

/** More content for a page another feature registered, shown below it (lower order first). */
export interface CentreSectionRegistration {
  page: MemberCentrePage
  order: number
  load: () => Promise<ComponentType<CentrePageProps>>
}

/**
 * A card above the member centre's menu (the member's name, the balance and the ways to move
 * money), lower order first: what portals show at the top of "Me".
 */
export interface CentreSummaryRegistration {
  order: number
  load: () => Promise<ComponentType<CentrePageProps>>
}

/** What one feature's popups.tsx exports as `popups`. */
export interface FeaturePopups {
  popups?: PopupRegistration[]
  memberCentrePages?: CentrePageRegistration[]
  memberCentreSections?: CentreSectionRegistration[]
  memberCentreSummary?: CentreSummaryRegistration[]
  /** A lazily loaded catalog holding this feature's page labels (loaded when the centre opens). */
  catalog?: CatalogLoaders
}

export function definePopups(popups: FeaturePopups): FeaturePopups {
  return popups
}

export interface PopupEntry {
  name: PopupName
  guard?: PopupGuard
  Component: LazyExoticComponent<ComponentType<PopupProps>>
  /** Loads (and runs) the popup's code ahead of opening it. */
  preload: () => Promise<unknown>
}

export interface CentrePageEntry {
  page: MemberCentrePage
  order: number
  label: MessageDescriptor
  /** The page's parts in order: its own content first, then the sections of other features. */
  parts: LazyExoticComponent<ComponentType<CentrePageProps>>[]
  badge?: ComponentType
  parent?: MemberCentrePage
  flag?: FeatureFlag
  forMember?: (member: MemberFacts) => boolean
}

const popupEntries = new Map<string, PopupEntry>()
const pageEntries = new Map<string, CentrePageEntry>()
const catalogs: CatalogLoaders[] = []
let pageList: CentrePageEntry[] = []
let summaryParts: LazyExoticComponent<ComponentType<CentrePageProps>>[] = []

function lazyOf<P>(load: () => Promise<ComponentType<P>>) {
  return lazy(async () => ({ default: await load() }))
}

/** Registers every feature's popups and pages; a name registered twice is a mistake. */
export function registerPopups(features: readonly FeaturePopups[]): void {
  const sections: CentreSectionRegistration[] = []
  const summary: CentreSummaryRegistration[] = []
  for (const f of features) {
    for (const p of f.popups ?? []) {
      if (popupEntries.has(p.name)) throw new Error(`popup ${p.name} is registered twice`)
      popupEntries.set(p.name, { name: p.name, guard: p.guard, Component: lazyOf(p.load), preload: p.load })
    }
    for (const p of f.memberCentrePages ?? []) {
      if (pageEntries.has(p.page)) throw new Error(`member-centre page ${p.page} is registered twice`)
      pageEntries.set(p.page, {
        page: p.page,
        order: p.order,
        label: p.label,
        parts: p.load ? [lazyOf(p.load)] : [],
        badge: p.badge,
        parent: p.parent,
        flag: p.flag,
        forMember: p.forMember,
      })
    }
    sections.push(...(f.memberCentreSections ?? []))
    summary.push(...(f.memberCentreSummary ?? []))
    if (f.catalog && (f.memberCentrePages?.length ?? 0) > 0) catalogs.push(f.catalog)
  }
  for (const s of [...sections].sort((a, b) => a.order - b.order)) {
    const entry = pageEntries.get(s.page)
    if (!entry) throw new Error(`a section names the unregistered member-centre page ${s.page}`)
    entry.parts.push(lazyOf(s.load))
  }
  for (const e of pageEntries.values()) {
    if (e.parent !== undefined && !pageEntries.has(e.parent)) {
      throw new Error(`member-centre page ${e.page} names the unregistered parent ${e.parent}`)
    }
  }
  pageList = [...pageEntries.values()].sort((a, b) => a.order - b.order)
  summaryParts = summary.sort((a, b) => a.order - b.order).map((c) => lazyOf(c.load))
}

/** The cards above the member centre's menu, in order. */
export function memberCentreSummary(): readonly LazyExoticComponent<ComponentType<CentrePageProps>>[] {
  return summaryParts
}

export function popupEntry(name: string): PopupEntry | undefined {
  return popupEntries.get(name)
}

/**
 * Loads a popup's code before it opens, so that opening it (a later task) does not also
 * fetch and run it. Resolves once loaded, also for a name not registered or code that failed
 * (opening it shows that).
 */
export function preloadPopup(name: PopupName): Promise<void> {
  const entry = popupEntries.get(name)
  return entry ? entry.preload().then(noop, noop) : Promise.resolve()
}

function noop(): void {}

export function isPopupName(name: string): name is PopupName {
  return popupEntries.has(name)
}

export function isMemberCentrePage(page: string): page is MemberCentrePage {
  return pageEntries.has(page)
}

/** The member centre's pages in menu order (sub-pages, with a parent, are not in the menu). */
export function memberCentrePages(): readonly CentrePageEntry[] {
  return pageList
}

/** Loads the catalogs that hold the member centre's page labels. */
export function loadMemberCentreCatalogs(): Promise<void> {
  return Promise.all(catalogs.map(loadSectionCatalog)).then(() => undefined)
}
