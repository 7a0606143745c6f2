/**
 * Draws `fallback` (a skeleton of the same size) first and its children in a task of their
 * own once the page around it has painted: a row below the fold then never lengthens the
 * task that draws the first screen.
 */
import { useEffect, useState, type ReactNode } from 'react'
import { yieldToMain } from '../../utils/idle'

export function Deferred({ children, fallback }: { children: ReactNode; fallback: ReactNode }) {
  const [ready, setReady] = useState(false)
  useEffect(() => {
    let live = true
    void yieldToMain().then(() => {
      if (live) setReady(true)
    })
    return () => {
      live = false
    }
  }, [])
  return <>{ready ? children : fallback}</>
}

/**
 * How many of `total` items to draw: `first` at once, then `step` more in each task after
 * (one task per `step`), so a long list that arrives at once (the home page's vendor lanes,
 * a row of games) is not drawn in one long task. Items below `first` never wait.
 */
export function useGrowingCount(total: number, first: number, step = first): number {
  const [shown, setShown] = useState(first)
  useEffect(() => {
    if (shown >= total) return
    let live = true
    void yieldToMain().then(() => {
      if (live) setShown((n) => n + step)
    })
    return () => {
      live = false
    }
  }, [shown, total, step])
  return Math.min(shown, total)
}
