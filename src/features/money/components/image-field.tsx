/**
 * A receipt or proof image: png or jpg of at most 5 MB, checked here before anything is
 * sent, then read as base64 without the data: prefix (src/contract/funds.ts).
 */
import { useLingui } from '@lingui/react/macro'
import { useId, useState } from 'react'
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
  const [problem, setProblem] = useState<string | null>(null)
  const shown = problem ?? error ?? null

  async function pick(file: File | undefined) {
    setProblem(null)
    if (!file) {
      onChange(null)
      return
    }
    const type = imageTypes.find((x) => x === file.type)
    if (!type || file.size > maxImageBytes) {
      setProblem(t`The image must be a PNG or JPG file of at most 5 MB.`)
      onChange(null)
      return
    }
    try {
      onChange({ contentType: type, data: await readBase64(file) })
    } catch {
      setProblem(t`The image could not be read. Please choose another.`)
      onChange(null)
    }
  }

  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="file"
        accept="image/png,image/jpeg"
        aria-invalid={shown ? true : undefined}
        aria-describedby={shown ? `${id}-error` : `${id}-hint`}
        aria-required={required || undefined}
        onChange={(e) => void pick(e.target.files?.[0])}
      />
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
