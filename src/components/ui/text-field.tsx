import { useEffect, useId, useRef, type InputHTMLAttributes } from 'react'

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string
  error?: string | null
  hint?: string
}

/**
 * A labelled input with its error tied to it (aria-invalid, aria-describedby). A required
 * field shows its asterisk in the placeholder (spec section 5) and says so to assistive tech.
 */
export function TextField({ label, error, hint, required, placeholder, ...input }: TextFieldProps) {
  const id = useId()
  const field = useRef<HTMLInputElement>(null)
  const controlled = input.value
  const adopted = useRef(false)
  useEffect(() => {
    // Typed before the app took the server's page over: the field shows it, but React does
    // not replay a change made before hydration, so the form's state would not know it and
    // its first render would wipe it. Handed to the form as the change it was.
    if (adopted.current) return
    adopted.current = true
    const el = field.current
    if (!el || controlled === undefined || el.value === String(controlled) || el.value === '') return
    const typed = el.value
    // Through React's own tracking first (so it sees a change), then the typed text back.
    el.value = String(controlled)
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(el, typed)
    el.dispatchEvent(new Event('input', { bubbles: true }))
  }, [controlled])
  const errorId = `${id}-error`
  const hintId = `${id}-hint`
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        ref={field}
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        aria-required={required || undefined}
        placeholder={required && placeholder ? `* ${placeholder}` : placeholder}
        {...input}
      />
      {hint ? (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="field-error">
          {error}
        </p>
      ) : null}
    </div>
  )
}
