/**
 * A sideways row's arrows: none on a touch screen (no observer either), and on a mouse each
 * arrow shows only while its end of the row has an item out of view, as the row's observer
 * reports it; an arrow scrolls the row by most of its width, and an arrow that hides while it
 * has the focus hands the focus to the other.
 */
import { act, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useEffect, useRef, useState } from 'react'
import { afterEach, expect, test, vi } from 'vitest'
import { ScrollArrows } from '#src/components/scroll-row/scroll-arrows.tsx'
import { renderUi } from './render'

/** The page's IntersectionObservers, to report what each sees. */
class FakeObserver {
  static all: FakeObserver[] = []
  readonly targets: Element[] = []
  constructor(
    readonly report: (entries: Partial<IntersectionObserverEntry>[]) => void,
    readonly options: IntersectionObserverInit,
  ) {
    FakeObserver.all.push(this)
  }
  observe(target: Element) {
    this.targets.push(target)
  }
  disconnect() {
    this.targets.length = 0
  }
  /** Reports each target as wholly in view or not. */
  see(seen: Map<Element, boolean>) {
    act(() =>
      this.report([...seen].map(([target, shown]) => ({ target, intersectionRatio: shown ? 1 : 0.4 }))),
    )
  }
}

function stubDevice({ mouse, reducedMotion = false }: { mouse: boolean; reducedMotion?: boolean }) {
  FakeObserver.all = []
  vi.stubGlobal('IntersectionObserver', FakeObserver)
  // A MediaQueryList that never changes while a test runs.
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query.includes('pointer: fine') ? mouse : query.includes('reduced-motion') && reducedMotion,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }))
}

afterEach(() => {
  vi.unstubAllGlobals()
})

/** Calls `onDrawn` with the row's count from an effect, which runs after the arrows' own. */
function Drawn({ count, onDrawn }: { count: number; onDrawn?: (count: number) => void }) {
  useEffect(() => onDrawn?.(count), [count, onDrawn])
  return null
}

/** A row of `first` items, and a button that adds six (as a row grows while it is drawn). */
function Row({ first, onDrawn }: { first: number; onDrawn?: (count: number) => void }) {
  const row = useRef<HTMLUListElement>(null)
  const [count, setCount] = useState(first)
  return (
    <div className="scroll-row">
      <button type="button" onClick={() => setCount((n) => n + 6)}>
        More
      </button>
      <ul ref={row} aria-label="Games">
        {Array.from({ length: count }, (_, i) => (
          <li key={i}>Game {i + 1}</li>
        ))}
      </ul>
      <ScrollArrows row={row} items={count} />
      <Drawn count={count} onDrawn={onDrawn} />
    </div>
  )
}

const items = () => screen.getAllByRole('listitem')
const arrow = (name: 'Scroll left' | 'Scroll right') => screen.queryByRole('button', { name })

test('a touch screen gets no arrows, and no observer', async () => {
  stubDevice({ mouse: false })
  const drawn = vi.fn()
  await renderUi(<Row first={8} onDrawn={drawn} />)
  await userEvent.click(await screen.findByRole('button', { name: 'More' }))
  // The effects of the grown row have run, the arrows' before the one that tells.
  await waitFor(() => expect(drawn).toHaveBeenCalledWith(14))
  expect(FakeObserver.all).toEqual([])
  expect(document.querySelector('.row-arrow')).toBeNull()
})

test('on a mouse, each arrow shows while its end has more to see, and scrolls by most of a view', async () => {
  stubDevice({ mouse: true })
  const user = userEvent.setup()
  await renderUi(<Row first={8} />)
  const list = await screen.findByRole('list', { name: 'Games' })
  await waitFor(() => expect(FakeObserver.all).toHaveLength(1))
  const observer = FakeObserver.all[0] as FakeObserver
  // The row is the root; its first and last items are watched.
  expect(observer.options.root).toBe(list)
  expect(observer.targets).toEqual([items()[0], items()[7]])
  // Nothing reported yet: no arrows.
  expect(document.querySelector('.row-arrow')).toBeNull()

  const [first, last] = [items()[0] as Element, items()[7] as Element]
  observer.see(
    new Map([
      [first, true],
      [last, false],
    ]),
  )
  expect(arrow('Scroll left')).toBeNull()
  const on = arrow('Scroll right')
  expect(on).not.toBeNull()

  Object.defineProperty(list, 'clientWidth', { value: 500 })
  const scrollBy = vi.fn()
  list.scrollBy = scrollBy
  await user.click(on as HTMLElement)
  expect(scrollBy).toHaveBeenCalledWith({ left: 400, behavior: 'smooth' })

  // Scrolled to the middle, then to the end.
  observer.see(new Map([[first, false]]))
  expect(arrow('Scroll left')).not.toBeNull()
  expect(arrow('Scroll right')).not.toBeNull()
  observer.see(new Map([[last, true]]))
  expect(arrow('Scroll right')).toBeNull()
  await user.click(arrow('Scroll left') as HTMLElement)
  expect(scrollBy).toHaveBeenLastCalledWith({ left: -400, behavior: 'smooth' })
})

test('more items: the new last one is watched', async () => {
  stubDevice({ mouse: true })
  await renderUi(<Row first={6} />)
  await waitFor(() => expect(FakeObserver.all).toHaveLength(1))
  await userEvent.click(screen.getByRole('button', { name: 'More' }))
  await waitFor(() => expect(FakeObserver.all).toHaveLength(2))
  expect(FakeObserver.all[0]?.targets).toEqual([])
  expect(FakeObserver.all[1]?.targets).toEqual([items()[0], items()[11]])
})

test('without motion for a player who asked for less, and the focus stays on an arrow at the end', async () => {
  stubDevice({ mouse: true, reducedMotion: true })
  const user = userEvent.setup()
  await renderUi(<Row first={8} />)
  const list = await screen.findByRole('list', { name: 'Games' })
  await waitFor(() => expect(FakeObserver.all).toHaveLength(1))
  const observer = FakeObserver.all[0] as FakeObserver
  const [first, last] = [items()[0] as Element, items()[7] as Element]
  observer.see(
    new Map([
      [first, false],
      [last, false],
    ]),
  )
  Object.defineProperty(list, 'clientWidth', { value: 300 })
  const scrollBy = vi.fn()
  list.scrollBy = scrollBy
  const back = arrow('Scroll left') as HTMLElement
  back.focus()
  await user.keyboard('{Enter}')
  expect(scrollBy).toHaveBeenCalledWith({ left: -240, behavior: 'auto' })
  // The start is reached: the left arrow hides, and the right one has the focus.
  observer.see(new Map([[first, true]]))
  expect(arrow('Scroll left')).toBeNull()
  expect(document.activeElement).toBe(arrow('Scroll right'))
})
