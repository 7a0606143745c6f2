/**
 * Which popups are open lives in the URL, as search params on the root route
 * (docs/decisions/003-popups-as-routes.md): `?popup=memberCentre&centre=depositv2`, and a
 * popup over another as `?popup=memberCentre.login` (bottom first). So a popup can be linked
 * to, a reload keeps it, and Back closes the topmost one.
 *
 * - Opening pushes a history entry; a closed-and-opened pair (login -> register) replaces it.
 * - Closing goes back when the entry below is the one this app pushed from (so Back and the
 *   close button agree), and otherwise replaces the location (closing never leaves the site).
 * - A link that opens the app on a popup gets the page beneath it as the entry before it.
 * - Calls made together (close login, open the welcome) are applied as one navigation.
 * - The game popup names its vendor: `?popup=gamePopup&vendor=PGS`.
 * - The agent centre names its page: `?popup=agentCentre&agentPage=registerCenter`, and the
 *   member whose downline its team list shows: `&agentOf=123` (Back goes up a level).
 */
import type { AnyRouter } from '@tanstack/react-router'
import { useRouter, useRouterState } from '@tanstack/react-router'
import { z } from 'zod/mini'
import { isMemberCentrePage, isPopupName, type MemberCentrePage, type PopupName } from './popup-registry'

export type { MemberCentrePage, PopupName as ModalName } from './popup-registry'

/** The separator between stacked popups: a character URLSearchParams leaves as it is. */
const separator = '.'

function parseStack(raw: string | undefined): PopupName[] {
  const names: PopupName[] = []
  for (const n of (raw ?? '').split(separator)) {
    if (isPopupName(n) && !names.includes(n)) names.push(n)
  }
  return names
}

const text = z.optional(z.string())

/** A search param that is text, or nothing (a number, an array or an object is dropped). */
function textParam(raw: unknown): string | undefined {
  const parsed = text.safeParse(raw)
  return parsed.success ? parsed.data : undefined
}

export interface PopupSearch {
  /** The open popups, bottom first, joined with `.`. */
  popup?: string
  /** The member centre's page. */
  centre?: MemberCentrePage
  /** The vendor whose games the game popup lists. */
  vendor?: string
  /** The agent centre's page (the agent feature checks it against the pages it shows). */
  agentPage?: string
  /** The member of the team whose own downline the agent centre's page shows (an id). */
  agentOf?: number
}

/** An agent-centre page name as the spec writes them (`agentTeamOverview`). */
const agentPageName = /^[A-Za-z][A-Za-z0-9]{0,39}$/
const agentCentre = 'agentCentre'
/** A member id as the agent centre names one: a positive integer. */
const MemberIdSchema = z.int().check(z.positive(), z.lte(2_147_483_647))

/** A vendor code as the game popup takes it. */
const vendorCode = /^[A-Za-z0-9_]{1,16}$/
const gamePopup = 'gamePopup'

/**
 * The root route's search params: an unknown popup or page is dropped (never an error page),
 * and so is the page when the member centre is not open.
 */
export function validatePopupSearch(search: Record<string, unknown>): PopupSearch {
  const stack = parseStack(textParam(search.popup))
  const centre = textParam(search.centre)
  const vendor = textParam(search.vendor)
  const agentPage = textParam(search.agentPage)
  // The router reads `agentOf=123` as a number; text such as "123" is taken as well.
  const of = MemberIdSchema.safeParse(
    typeof search.agentOf === 'string' && /^[0-9]{1,10}$/.test(search.agentOf)
      ? Number(search.agentOf)
      : search.agentOf,
  )
  const agentShown =
    stack.includes(agentCentre as PopupName) && agentPage !== undefined && agentPageName.test(agentPage)
  return {
    popup: stack.length > 0 ? stack.join(separator) : undefined,
    centre:
      stack.includes('memberCentre' as PopupName) && centre !== undefined && isMemberCentrePage(centre)
        ? centre
        : undefined,
    vendor:
      stack.includes(gamePopup as PopupName) && vendor !== undefined && vendorCode.test(vendor)
        ? vendor
        : undefined,
    agentPage: agentShown ? agentPage : undefined,
    agentOf: agentShown && of.success ? of.data : undefined,
  }
}

export interface ModalState {
  /** Open popups, bottom first. */
  stack: readonly PopupName[]
  /** The member centre's page, when one is chosen. */
  page: MemberCentrePage | undefined
  /** The game popup's vendor. */
  vendor?: string | undefined
  /** The agent centre's page, when one is chosen. */
  agentPage?: string | undefined
  /** The member whose downline that page shows (none: the agent's own). */
  agentOf?: number | undefined
}

export function readModals(search: Record<string, unknown>): ModalState {
  const valid = validatePopupSearch(search)
  return {
    stack: parseStack(valid.popup),
    page: valid.centre,
    vendor: valid.vendor,
    agentPage: valid.agentPage,
    agentOf: valid.agentOf,
  }
}

/** What the history entries this app pushed remember: the hrefs of the in-app entries below. */
interface PopupHistoryState {
  popupTrail?: string[]
}

let router: AnyRouter | undefined

/** The router the popups live in (set by the popup host when it renders). */
export function bindRouter(r: AnyRouter): void {
  router = r
}

interface Batch {
  state: ModalState
  opened: boolean
  closed: boolean
  replace: boolean
}

/** Calls not applied yet: they are applied together, against the location of that moment. */
let queue: ((b: Batch) => void)[] = []
/** A Back in flight: later calls wait until the history has moved. */
let traversing = false

function current(): { href: string; state: ModalState; trail: string[] } | undefined {
  if (!router) return undefined
  const loc = router.history.location
  const search = router.options.parseSearch(loc.search) as Record<string, unknown>
  const trail = (loc.state as PopupHistoryState).popupTrail
  return { href: loc.href, state: readModals(search), trail: Array.isArray(trail) ? trail : [] }
}

function applied(state: ModalState): Batch {
  const b: Batch = { state, opened: false, closed: false, replace: false }
  for (const change of queue) change(b)
  return b
}

function edit(change: (b: Batch) => void): void {
  if (!router) return
  if (queue.length === 0) queueMicrotask(flush)
  queue.push(change)
}

function flush(): void {
  if (traversing) {
    // The history has not moved yet; apply these calls once it has.
    setTimeout(flush, 16)
    return
  }
  const now = current()
  const r = router
  if (!now || !r) {
    queue = []
    return
  }
  const b = applied(now.state)
  queue = []
  const stack = b.state.stack
  const next = {
    popup: stack.length > 0 ? stack.join(separator) : undefined,
    centre: stack.includes('memberCentre' as PopupName) ? b.state.page : undefined,
    vendor: stack.includes(gamePopup as PopupName) ? b.state.vendor : undefined,
    agentPage: stack.includes(agentCentre as PopupName) ? b.state.agentPage : undefined,
    agentOf:
      stack.includes(agentCentre as PopupName) &&
      b.state.agentPage !== undefined &&
      b.state.agentOf !== undefined
        ? b.state.agentOf
        : undefined,
  }
  const target = r.buildLocation({
    to: '.',
    search: (prev: Record<string, unknown>) => ({ ...prev, ...next }),
  } as Parameters<AnyRouter['buildLocation']>[0])
  if (target.href === now.href) return
  const go = (replace: boolean, trail: string[]) =>
    void r.navigate({
      href: target.href,
      replace,
      resetScroll: false,
      state: { popupTrail: trail } as PopupHistoryState,
    } as Parameters<AnyRouter['navigate']>[0])

  if (b.replace || (b.opened && b.closed)) return go(true, now.trail)
  if (b.opened) return go(false, [...now.trail, now.href].slice(-20))
  if (b.closed) {
    const k = [...now.trail].reverse().indexOf(target.href) + 1
    if (k > 0) {
      traversing = true
      const done = () => {
        traversing = false
        stop()
        clearTimeout(timer)
      }
      const stop = r.history.subscribe(done)
      // Should the browser refuse to move, later calls still go through.
      const timer = setTimeout(done, 1000)
      r.history.flush()
      r.history.go(-k)
      return
    }
  }
  go(true, now.trail)
}

const adopted = new WeakSet<AnyRouter>()

/**
 * A link that opens the app on a popup gets the page beneath it as the entry before, once:
 * so Back (a phone's too) closes the popup and stays on the site, and the close button goes
 * back to that page. A reload finds the entry already marked and leaves it alone.
 */
export function adoptDeepLink(): void {
  const r = router
  const now = current()
  if (!r || !now || adopted.has(r)) return
  adopted.add(r)
  if (now.state.stack.length === 0 || now.trail.length > 0) return
  const base = r.buildLocation({
    to: '.',
    search: (prev: Record<string, unknown>) => ({
      ...prev,
      popup: undefined,
      centre: undefined,
      vendor: undefined,
      agentPage: undefined,
      agentOf: undefined,
    }),
  } as Parameters<AnyRouter['buildLocation']>[0])
  r.history.replace(base.href, r.history.location.state)
  // The browser history folds a replace and a push made together into one push: write it now.
  r.history.flush()
  r.history.push(now.href, { popupTrail: [base.href] } satisfies PopupHistoryState)
}

export interface OpenModalOptions {
  /** The member centre's page (none: the menu on a phone, the first page on a desktop). */
  page?: MemberCentrePage
  /** Replace the current location instead of adding a history entry. */
  replace?: boolean
  /** The game popup's vendor. */
  vendor?: string
  /** The agent centre's page (none: the list on a phone, the first page on a desktop). */
  agentPage?: string
}

export function openModal(name: PopupName, opts: OpenModalOptions = {}): void {
  edit((b) => {
    const stack = b.state.stack
    if (name === 'memberCentre') b.state = { ...b.state, page: opts.page }
    if (name === gamePopup) b.state = { ...b.state, vendor: opts.vendor }
    if (name === agentCentre) b.state = { ...b.state, agentPage: opts.agentPage, agentOf: undefined }
    if (opts.replace) b.replace = true
    if (stack.includes(name)) {
      // Already open: only its page (or vendor) may change, in place.
      b.replace = true
      return
    }
    b.state = { ...b.state, stack: [...stack, name] }
    b.opened = true
  })
}

export function closeModal(name: PopupName): void {
  edit((b) => {
    const at = b.state.stack.lastIndexOf(name)
    if (at < 0) return
    b.state = { ...b.state, stack: b.state.stack.filter((n) => n !== name) }
    b.closed = true
  })
}

/** Closes one popup and opens another in its place (login -> register). */
export function switchModal(from: PopupName, to: PopupName): void {
  closeModal(from)
  openModal(to)
}

/**
 * Moves the open member centre to a page. `push` adds a history entry (a page chosen from
 * the phone's menu list, so Back returns to the list); no page at all goes back to the list,
 * and so does `back` to a page (a sub-page's way up to its hub): to that entry when it is
 * the one below, so the control and Back agree.
 */
export function setMemberCentrePage(
  page: MemberCentrePage | undefined,
  opts: { push?: boolean; back?: boolean } = {},
): void {
  edit((b) => {
    if (b.state.page === page) return
    b.state = { ...b.state, page }
    if (page === undefined || opts.back) b.closed = true
    else if (opts.push) b.opened = true
    else b.replace = true
  })
}

/** Moves the open agent centre to a page, with the member centre's history rules. */
export function setAgentCentrePage(page: string | undefined, opts: { push?: boolean } = {}): void {
  edit((b) => {
    if (b.state.agentPage === page) return
    b.state = { ...b.state, agentPage: page, agentOf: undefined }
    if (page === undefined) b.closed = true
    else if (opts.push) b.opened = true
    else b.replace = true
  })
}

/**
 * Shows the downline of a member of the team on the agent centre's page (none: the agent's
 * own), as a new history entry, so Back goes up the way the agent came down.
 */
export function setAgentCentreOf(of: number | undefined): void {
  edit((b) => {
    if (b.state.agentOf === of) return
    b.state = { ...b.state, agentOf: of }
    b.opened = true
  })
}

/** The popups open now, counting calls not yet applied. */
export function openModals(): readonly PopupName[] {
  const now = current()
  return now ? applied(now.state).state.stack : []
}

export function useModals(): ModalState {
  const search = useRouterState({ select: (s) => s.location.search })
  return readModals(search as Record<string, unknown>)
}

interface LayerHistoryState {
  backLayer?: string
}

/**
 * A dialog inside a popup (a transfer over the team list) that the phone's Back closes, as it
 * closes the popups: `show` adds a history entry at the same address, marked with this
 * dialog's name; the dialog is open while that entry is the current one, so Back closes it;
 * `hide` goes back off the entry. A reload keeps the entry but not what the dialog was about:
 * the caller draws nothing then.
 */
export function useBackLayer(name: string): { open: boolean; show: () => void; hide: () => void } {
  const r = useRouter()
  const open = useRouterState({
    select: (s) => (s.location.state as LayerHistoryState).backLayer === name,
  })
  return {
    open,
    show: () => {
      const loc = r.history.location
      if ((loc.state as LayerHistoryState).backLayer === name) return
      r.history.push(loc.href, { ...loc.state, backLayer: name } as typeof loc.state)
    },
    hide: () => {
      if ((r.history.location.state as LayerHistoryState).backLayer === name) r.history.back()
    },
  }
}
