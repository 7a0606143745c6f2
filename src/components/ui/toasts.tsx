/**
 * The toast stack, announced politely to screen readers. A toast never covers a prompt (an
 * element marked `data-prompt`: the offer to turn on notifications, the update prompt):
 * the stack sits at the bottom of the screen, at the top when a prompt is where it would
 * be, and above the prompts when they are at both.
 */
import { useLayoutEffect, useRef, useState } from 'react'
import { dismissToast, useToasts } from '../../lib/toast-store'

/** The stack's distance from the screen's edge (feedback.css). */
const edge = 12

type Place = { side: 'bottom' | 'top'; offset: number }

const atBottom: Place = { side: 'bottom', offset: edge }

/** The prompts on screen, as their boxes. */
function promptBoxes(): DOMRect[] {
  return [...document.querySelectorAll<HTMLElement>('[data-prompt]')]
    .map((el) => el.getBoundingClientRect())
    .filter((r) => r.width > 0 && r.height > 0 && r.bottom > 0 && r.top < window.innerHeight)
}

/** Whether a band of the screen from `top` to `bottom` meets any of the boxes. */
function meets(boxes: DOMRect[], top: number, bottom: number): boolean {
  const left = edge
  const right = window.innerWidth - edge
  return boxes.some((b) => b.top < bottom && b.bottom > top && b.left < right && b.right > left)
}

/** Where a stack this tall covers no prompt. */
export function placeFor(height: number, boxes: DOMRect[]): Place {
  const vh = window.innerHeight
  if (!meets(boxes, vh - edge - height, vh - edge)) return atBottom
  if (!meets(boxes, edge, edge + height)) return { side: 'top', offset: edge }
  // Prompts at both ends: just above the highest of those at the bottom.
  const lowHalf = boxes.filter((b) => b.bottom > vh / 2)
  const top = Math.min(...lowHalf.map((b) => b.top))
  return { side: 'bottom', offset: Math.max(edge, vh - top + edge) }
}

export function Toasts({ dismissLabel }: { dismissLabel: string }) {
  const toasts = useToasts()
  const stack = useRef<HTMLDivElement>(null)
  const [place, setPlace] = useState<Place>(atBottom)
  const showing = toasts.length > 0

  useLayoutEffect(() => {
    if (!showing) return
    const measure = () => {
      const height = stack.current?.getBoundingClientRect().height ?? 0
      const next = placeFor(height, promptBoxes())
      setPlace((old) => (old.side === next.side && old.offset === next.offset ? old : next))
    }
    measure()
    // A prompt may come (or go) while the toast shows, and the page may scroll one under it.
    const observer = new MutationObserver(measure)
    observer.observe(document.body, { childList: true, subtree: true })
    window.addEventListener('scroll', measure, { passive: true })
    window.addEventListener('resize', measure)
    return () => {
      observer.disconnect()
      window.removeEventListener('scroll', measure)
      window.removeEventListener('resize', measure)
    }
  }, [showing, toasts.length])

  return (
    <div
      ref={stack}
      className="toasts"
      role="status"
      aria-live="polite"
      data-place={place.side}
      style={place.side === 'top' ? { top: place.offset, bottom: 'auto' } : { bottom: place.offset }}
    >
      {toasts.map((t) => (
        <div key={t.id} className={`toast toast-${t.tone}`}>
          <span>
            {t.text}
            {t.count > 1 ? <span className="toast-count"> ×{t.count}</span> : null}
          </span>
          <button
            type="button"
            className="icon-button"
            aria-label={dismissLabel}
            onClick={() => dismissToast(t.id)}
          >
            <span aria-hidden="true">×</span>
          </button>
        </div>
      ))}
    </div>
  )
}
