/**
 * Arrows at the ends of a row that scrolls sideways, for a mouse: on a device that hovers
 * with a fine pointer, wider than a phone, "Scroll left" shows while the row has more to see
 * before its view and "Scroll right" while it has more after, each scrolling it by about a
 * view. A phone swipes: there nothing runs past one media query, and nothing is drawn.
 *
 * The row's ends are watched by an IntersectionObserver on its first and last items, with
 * the row as the root: no scroll listener and no layout read, the browser tells after its
 * own layout (taking over the server's first screen, the page is never laid out early). The
 * arrows overlay the row's ends inside its `.scroll-row` box, so they move nothing.
 */
import { useLingui } from '@lingui/react/macro'
import { useEffect, useLayoutEffect, useRef, useState, type FocusEvent, type RefObject } from 'react'
import { useMediaQuery } from '../../hooks/use-media-query'
import './scroll-arrows.css'

/**
 * A mouse or a trackpad (a pointer that hovers, and fine), on a screen wider than a phone's
 * layout (use-media-query.ts): scroll-arrows.css, the same query.
 */
const mouseQuery = '(hover: hover) and (pointer: fine) and (min-width: 700px)'

/** Which ends of a row have items out of its view. */
export interface RowEnds {
  before: boolean
  after: boolean
}
const inView: RowEnds = { before: false, after: false }

function matches(query: string): boolean {
  return typeof matchMedia === 'function' && matchMedia(query).matches
}

/**
 * Whether `row`'s first and last items are out of its view, on a mouse (never on a touch
 * screen). `items` changes when the row's items do (their number), so the new ends are watched.
 */
export function useRowEnds(row: RefObject<HTMLElement | null>, items: unknown): RowEnds {
  const [ends, setEnds] = useState(inView)
  // Followed as it changes: a window widened from a phone's width gets its arrows at once.
  const mouse = useMediaQuery(mouseQuery)
  // A touch screen or a phone's width: no arrows, and nothing watched.
  const watched = mouse && typeof IntersectionObserver === 'function'
  useEffect(() => {
    if (!watched) return
    const el = row.current
    const first = el?.firstElementChild
    const last = el?.lastElementChild
    if (!el || !first || !last) return
    const hidden = new Map<Element, boolean>()
    const observer = new IntersectionObserver(
      (entries) => {
        for (const e of entries) hidden.set(e.target, e.intersectionRatio < 1)
        const next = { before: hidden.get(first) ?? false, after: hidden.get(last) ?? false }
        setEnds((was) => (was.before === next.before && was.after === next.after ? was : next))
      },
      // An item hidden by a pixel's fraction (rounding at the row's end) counts as seen.
      { root: el, rootMargin: '0px 2px', threshold: 1 },
    )
    observer.observe(first)
    observer.observe(last)
    return () => observer.disconnect()
  }, [row, items, watched])
  return watched ? ends : inView
}

/** The arrows of `row` (its `.scroll-row` box holds both); `items` as for useRowEnds. */
export function ScrollArrows({ row, items }: { row: RefObject<HTMLElement | null>; items: unknown }) {
  const { t } = useLingui()
  const { before, after } = useRowEnds(row, items)
  const back = useRef<HTMLButtonElement>(null)
  const on = useRef<HTMLButtonElement>(null)
  // The arrow that has the focus. Pressed to its row's end, it hides and the browser drops
  // the focus: the focus goes to the other arrow, not back to the page's start.
  const focused = useRef<HTMLButtonElement | null>(null)
  useLayoutEffect(() => {
    const was = focused.current
    if (!was?.hidden) return
    focused.current = null
    const now = document.activeElement
    if (now && now !== document.body && now !== was) return
    const other = was === on.current ? back.current : on.current
    other?.focus({ preventScroll: true })
  }, [before, after])
  // The row fades at an end that has more to see, under its arrow (scroll-arrows.css): what
  // lies beneath the arrow reads as going on, not as covered.
  useEffect(() => {
    const el = row.current
    if (!el) return
    el.toggleAttribute('data-more-before', before)
    el.toggleAttribute('data-more-after', after)
  }, [row, before, after])
  if (!before && !after) return null
  const scroll = (direction: number) => {
    const el = row.current
    // About a view: the item partly seen at the end comes to the start (the row snaps to items).
    el?.scrollBy({
      left: direction * el.clientWidth * 0.8,
      behavior: matches('(prefers-reduced-motion: reduce)') ? 'auto' : 'smooth',
    })
  }
  const onFocus = (e: FocusEvent<HTMLButtonElement>) => {
    focused.current = e.currentTarget
  }
  const onBlur = (e: FocusEvent<HTMLButtonElement>) => {
    if (!e.currentTarget.hidden) focused.current = null
  }
  return (
    <>
      <button
        ref={back}
        type="button"
        className="row-arrow row-arrow-back"
        aria-label={t`Scroll left`}
        hidden={!before}
        onFocus={onFocus}
        onBlur={onBlur}
        onClick={() => scroll(-1)}
      />
      <button
        ref={on}
        type="button"
        className="row-arrow row-arrow-on"
        aria-label={t`Scroll right`}
        hidden={!after}
        onFocus={onFocus}
        onBlur={onBlur}
        onClick={() => scroll(1)}
      />
    </>
  )
}
