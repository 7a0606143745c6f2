/**
 * `useSyncExternalStoreWithSelector` as an ES module on React's own hooks, in place of the
 * `use-sync-external-store/shim/with-selector` package (CommonJS) that TanStack Store's
 * selector hook imports. With the app on preact/compat (react-alias.ts), the build and the
 * component tests both take this one, so a selection is computed the same way in each.
 *
 * Same contract as React's: the selection is recomputed only for a new snapshot, and a
 * selection equal (isEqual) to the one last rendered is returned as that same object.
 */
import { useEffect, useMemo, useRef, useSyncExternalStore } from 'react'

export function useSyncExternalStoreWithSelector<Snapshot, Selection>(
  subscribe: (onStoreChange: () => void) => () => void,
  getSnapshot: () => Snapshot,
  getServerSnapshot: undefined | null | (() => Snapshot),
  selector: (snapshot: Snapshot) => Selection,
  isEqual?: (a: Selection, b: Selection) => boolean,
): Selection {
  // The selection last rendered, shared by every render of this component.
  const rendered = useRef<{ hasValue: boolean; value: Selection | undefined }>({
    hasValue: false,
    value: undefined,
  }).current

  const [getSelection, getServerSelection] = useMemo(() => {
    let memo: { snapshot: Snapshot; selection: Selection } | null = null
    const select = (next: Snapshot): Selection => {
      if (memo === null) {
        const selection = selector(next)
        if (isEqual !== undefined && rendered.hasValue && isEqual(rendered.value as Selection, selection)) {
          memo = { snapshot: next, selection: rendered.value as Selection }
          return memo.selection
        }
        memo = { snapshot: next, selection }
        return selection
      }
      if (Object.is(memo.snapshot, next)) return memo.selection
      const selection = selector(next)
      if (isEqual !== undefined && isEqual(memo.selection, selection)) {
        memo = { snapshot: next, selection: memo.selection }
        return memo.selection
      }
      memo = { snapshot: next, selection }
      return selection
    }
    const server = getServerSnapshot ?? undefined
    return [() => select(getSnapshot()), server === undefined ? undefined : () => select(server())] as const
  }, [getSnapshot, getServerSnapshot, selector, isEqual, rendered])

  const value = useSyncExternalStore(subscribe, getSelection, getServerSelection)
  useEffect(() => {
    rendered.hasValue = true
    rendered.value = value
  }, [value, rendered])
  return value
}
