/**
 * A receipt or proof image: png or jpg of at most 5 MB, checked here before anything is
 * sent, then read as base64 without the data: prefix (src/contract/funds.ts). The file input
 * is the label's button (styled, reached with Tab, opened with Enter or Space); the picture
 * chosen shows as a preview with its name, and Remove takes it away (focus back on the
 * button) without touching the rest of the form.
 */
import { Trans, useLingui } from '@lingui/react/macro'
import { useId, useRef, useState } from 'react'
import { imageTypes, maxImageBytes, type ImageUpload } from '#contract/funds'

function readBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader()
    reader.onerror = () => reject(reader.error ?? new Error('the file could not be read'))
    reader.onload = () => {
      const url = typeof reader.result === 'string' ? reader.result : ''
      resolve(url.slice(url.indexOf(',') + 1))
    }
    reader.readAsDataURL(file)
  })
}

export function ImageField({
  label,
  onChange,
  error,
  required,
}: {
  label: string
  onChange: (image: ImageUpload | null) => void
  error?: string | null
  required?: boolean
}) {
  const { t } = useLingui()
  const id = useId()
  const input = useRef<HTMLInputElement>(null)
  const [problem, setProblem] = useState<string | null>(null)
  const [preview, setPreview] = useState<{ url: string; name: string } | null>(null)
  const shown = problem ?? error ?? null

  function show(file: File | null, image?: ImageUpload) {
    setPreview(
      file && image ? { url: `data:${image.contentType};base64,${image.data}`, name: file.name } : null,
    )
  }

  async function pick(file: File | undefined) {
    setProblem(null)
    if (!file) return
    const type = imageTypes.find((x) => x === file.type)
    if (!type || file.size > maxImageBytes) {
      setProblem(t`The image must be a PNG or JPG file of at most 5 MB.`)
      show(null)
      onChange(null)
      return
    }
    try {
      const image = { contentType: type, data: await readBase64(file) }
      onChange(image)
      show(file, image)
    } catch {
      setProblem(t`The image could not be read. Please choose another.`)
      show(null)
      onChange(null)
    }
  }

  function remove() {
    if (input.current) input.current.value = ''
    setProblem(null)
    show(null)
    onChange(null)
    input.current?.focus()
  }

  return (
    <div className="field image-field">
      <span className="image-field-label" id={`${id}-label`}>
        {label}
      </span>
      {preview ? (
        <div className="image-field-preview">
          <img src={preview.url} alt={t`Chosen picture: ${preview.name}`} />
          <span className="image-field-name">{preview.name}</span>
          <button type="button" className="button" onClick={remove} aria-label={t`Remove ${preview.name}`}>
            <Trans>Remove</Trans>
          </button>
        </div>
      ) : null}
      <input
        ref={input}
        id={id}
        className="image-field-input"
        type="file"
        accept="image/png,image/jpeg"
        aria-labelledby={`${id}-label`}
        aria-invalid={shown ? true : undefined}
        aria-describedby={shown ? `${id}-error` : `${id}-hint`}
        aria-required={required || undefined}
        onChange={(e) => void pick(e.target.files?.[0])}
      />
      <label htmlFor={id} id={`${id}-button`} className="button image-field-button">
        {preview ? <Trans>Choose another picture</Trans> : <Trans>Choose a picture</Trans>}
      </label>
      <p id={`${id}-hint`} className="field-hint">
        {t`PNG or JPG, at most 5 MB.`}
      </p>
      {shown ? (
        <p id={`${id}-error`} className="field-error">
          {shown}
        </p>
      ) : null}
    </div>
  )
}
