/** A form's error as a whole (not tied to one field), announced when it appears. */
export function FormError({ text }: { text: string | null | undefined }) {
  if (!text) return null
  return (
    <p role="alert" className="form-error">
      {text}
    </p>
  )
}
