/**
 * An accessible modal: a real dialog role with a label, focus moved in and kept in,
 * Escape closes, focus returns to where it was, the page behind is inert. States follow
 * the spec: hidden -> overlay -> shown, and back on close.
 */
import { useEffectEvent, useId, useLayoutEffect, useRef, useState, type ReactNode } from 'react'
import { createPortal } from 'react-dom'

const focusable =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), iframe, [tabindex]:not([tabindex="-1"])'

/** Open modals, innermost last: only the innermost one listens to keys. */
const openStack: string[] = []

export interface ModalProps {
  open: boolean
  onClose: () => void
  title: ReactNode
  children: ReactNode
  /** The member centre is not closed by a click on the background. */
  closeOnBackdrop?: boolean
  /** Label of the close button (translated by the caller). */
  closeLabel: string
  size?: 'small' | 'medium' | 'large' | 'full'
  footer?: ReactNode
  /**
   * A side sheet (the header's menu) slides in from the end edge instead of the centre; a
   * bottom sheet (a short form over a page) rises from the bottom edge on a phone, in reach
   * of the thumb, and stays centred on a wider screen.
   */
  placement?: 'centre' | 'side' | 'bottom'
}

type Phase = 'hidden' | 'overlay' | 'shown'

export function Modal({
  open,
  onClose,
  title,
  children,
  closeOnBackdrop = true,
  closeLabel,
  size = 'medium',
  footer,
  placement = 'centre',
}: ModalProps) {
  const id = useId()
  const titleId = `${id}-title`
  const panel = useRef<HTMLDivElement>(null)
  // Shown once the dialog has had its first, transparent frame; until then an open dialog is
  // in its overlay phase, and a closed one is hidden.
  const [shown, setShown] = useState(false)
  const phase: Phase = !open ? 'hidden' : shown ? 'shown' : 'overlay'
  const close = useEffectEvent(() => onClose())

  // A layout effect: where to return is taken, and keys are handled, in the same commit that
  // shows the dialog, before anything else can run, whatever schedules the render.
  useLayoutEffect(() => {
    if (!open) return
    const returnTo = document.activeElement instanceof HTMLElement ? document.activeElement : null
    openStack.push(id)
    const root = document.getElementById('root')
    // The dialog's first frame lays it out and paints it still transparent (its layout is
    // the larger part of opening it: the text of a notice); focus moves in at the frame after,
    // as it fades in. Focusing brings style and layout up to date, so in one frame the two
    // made one long task on a phone. A Tab pressed before then is kept inside by the key
    // handler below.
    let inertTimer: ReturnType<typeof setTimeout> | undefined
    let raf = requestAnimationFrame(() => {
      raf = requestAnimationFrame(() => {
        setShown(true)
        // Unless the player already moved into the dialog (a Tab, a tap) since it opened.
        // The element marked to take it (a form's first field), else the dialog itself: a
        // screen reader reads its title and Tab reaches its first control next, and a dialog
        // opened by a tap or a link shows no focus ring on its close button.
        if (!panel.current?.contains(document.activeElement)) {
          const first = panel.current?.querySelector<HTMLElement>('[data-autofocus]') ?? panel.current
          first?.focus()
        }
        // After the focus, and in a task of its own: making the page inert restyles all of it,
        // which then is the next frame's work instead of a second long pass in this one (with
        // the page already inert, focusing restyled the whole page too). Focus is inside by
        // then, the backdrop covers the page and the key handler keeps Tab in the dialog.
        inertTimer = setTimeout(() => {
          if (openStack.includes(id)) root?.setAttribute('inert', '')
        }, 0)
      })
    })

    const onKey = (e: KeyboardEvent) => {
      if (openStack[openStack.length - 1] !== id) return
      if (e.key === 'Escape') {
        e.stopPropagation()
        close()
        return
      }
      if (e.key !== 'Tab' || !panel.current) return
      const items = [...panel.current.querySelectorAll<HTMLElement>(focusable)].filter(
        (el) => !el.closest('[hidden], [inert]'),
      )
      if (items.length === 0) {
        e.preventDefault()
        panel.current.focus()
        return
      }
      const firstItem = items[0]
      const lastItem = items[items.length - 1]
      const active = document.activeElement
      const onPanel = active === panel.current
      if (e.shiftKey && (active === firstItem || onPanel || !panel.current.contains(active))) {
        e.preventDefault()
        lastItem?.focus()
      } else if (!e.shiftKey && (active === lastItem || !panel.current.contains(active))) {
        e.preventDefault()
        firstItem?.focus()
      }
    }
    document.addEventListener('keydown', onKey, true)
    return () => {
      cancelAnimationFrame(raf)
      clearTimeout(inertTimer)
      document.removeEventListener('keydown', onKey, true)
      const at = openStack.lastIndexOf(id)
      if (at >= 0) openStack.splice(at, 1)
      if (openStack.length === 0) root?.removeAttribute('inert')
      setShown(false)
      returnTo?.focus()
    }
  }, [open, id])

  if (!open) return null
  return createPortal(
    // The backdrop is no control: a click on it is the mouse's way to close, as Escape and the
    // close button are the keyboard's and a screen reader's.
    <div
      role="presentation"
      className={placement === 'centre' ? 'modal-backdrop' : `modal-backdrop modal-backdrop-${placement}`}
      data-state={phase}
      onMouseDown={(e) => {
        if (closeOnBackdrop && e.target === e.currentTarget) onClose()
      }}
    >
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        className={`modal modal-${size}`}
        data-state={phase}
      >
        <div className="modal-head">
          <h2 id={titleId} className="modal-title">
            {title}
          </h2>
          <button type="button" className="icon-button" aria-label={closeLabel} onClick={onClose}>
            <span aria-hidden="true">×</span>
          </button>
        </div>
        <div className="modal-body">{children}</div>
        {footer ? <div className="modal-foot">{footer}</div> : null}
      </div>
    </div>,
    document.body,
  )
}
