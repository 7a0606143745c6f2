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
