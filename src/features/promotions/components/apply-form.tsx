/**
 * The apply form (spec section 5): a remark of at most 140 characters, counted as the server
 * counts them (code points, so an emoji is one), and up to 3 png or jpg images of at most
 * 5 MB, each checked here before anything is sent; the server checks their bytes again.
 */
import { Trans, useLingui } from '@lingui/react/macro'
import { useId, useRef, useState } from 'react'
import { imageTypes, type ImageUpload } from '#contract/funds'
import { maxApplyImages, maxImageBytes, maxRemarkLength, type Promotion } from '#contract/promotions'
import { errorText } from '../../../lib/error-messages'
import { showToast } from '../../../lib/toast-store'
import { useApplyPromotion } from '../api/claim'

interface Picked extends ImageUpload {
  name: string
}

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

export function ApplyForm({ promotion, onDone }: { promotion: Promotion; onDone: () => void }) {
  const { t, i18n } = useLingui()
  const id = useId()
  const fileInput = useRef<HTMLInputElement>(null)
  const [remark, setRemark] = useState('')
  const [images, setImages] = useState<Picked[]>([])
  const [imageProblem, setImageProblem] = useState<string | null>(null)
  const [problem, setProblem] = useState<string | null>(null)
  const length = [...remark].length
  const tooLong = length > maxRemarkLength
  const apply = useApplyPromotion({
    onSuccess: () => {
      showToast(t`Your application was sent. We will let you know when it is reviewed.`, 'success')
      onDone()
    },
    onError: (err) => setProblem(errorText(i18n, err)),
  })

  async function pick(files: FileList | null) {
    setImageProblem(null)
    const list = [...(files ?? [])]
    if (fileInput.current) fileInput.current.value = ''
    const added: Picked[] = []
    const refused: string[] = []
    for (const file of list) {
      if (images.length + added.length >= maxApplyImages) {
        refused.push(t`Add at most 3 images.`)
        break
      }
      const type = imageTypes.find((x) => x === file.type)
      if (!type || file.size > maxImageBytes) {
        const name = file.name
        refused.push(t`${name} is not a PNG or JPG file of at most 5 MB.`)
        continue
      }
      try {
        added.push({ name: file.name, contentType: type, data: await readBase64(file) })
      } catch {
        refused.push(t`The image could not be read. Please choose another.`)
      }
    }
    setImages((now) => [...now, ...added].slice(0, maxApplyImages))
    if (refused.length > 0) setImageProblem(refused.join(' '))
  }

  return (
    <form
      className="promotion-form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault()
        if (tooLong) return
        setProblem(null)
        apply.mutate({
          promotionId: promotion.id,
          remark,
          images: images.map(({ contentType, data }) => ({ contentType, data })),
        })
      }}
    >
      <div className="field">
        <label htmlFor={`${id}-remark`}>
          <Trans>Remark</Trans>
        </label>
        <textarea
          id={`${id}-remark`}
          rows={4}
          value={remark}
          onChange={(e) => setRemark(e.target.value)}
          aria-invalid={tooLong || undefined}
          aria-describedby={`${id}-count${tooLong ? ` ${id}-long` : ''}`}
          data-autofocus
        />
        <p
          id={`${id}-count`}
          className={tooLong ? 'remark-count remark-over' : 'remark-count'}
          aria-live="polite"
        >
          {length}/{maxRemarkLength}
        </p>
        {tooLong ? (
          <p id={`${id}-long`} className="field-error">
            <Trans>The remark may be at most 140 characters.</Trans>
          </p>
        ) : null}
      </div>
      <div className="field">
        <span className="field-label" id={`${id}-images`}>
          <Trans>Images (optional)</Trans>
        </span>
        <ul className="apply-thumbs" aria-labelledby={`${id}-images`}>
          {images.map((img, i) => {
            const name = img.name
            return (
              <li key={`${name}-${i}`}>
                <img
                  src={`data:${img.contentType};base64,${img.data}`}
                  alt={img.name}
                  width={72}
                  height={72}
                />
                <button
                  type="button"
                  className="apply-thumb-remove"
                  aria-label={t`Remove ${name}`}
                  onClick={() => setImages((now) => now.filter((_, j) => j !== i))}
                >
                  <span aria-hidden="true">×</span>
                </button>
              </li>
            )
          })}
          {images.length < maxApplyImages ? (
            <li>
              <label className="apply-add" htmlFor={`${id}-file`}>
                <Trans>Add image</Trans>
              </label>
              <input
                ref={fileInput}
                id={`${id}-file`}
                className="visually-hidden"
                type="file"
                accept="image/png,image/jpeg"
                multiple
                aria-describedby={`${id}-hint${imageProblem ? ` ${id}-img-error` : ''}`}
                onChange={(e) => void pick(e.target.files)}
              />
            </li>
          ) : null}
        </ul>
        <p id={`${id}-hint`} className="field-hint">
          <Trans>Up to 3 PNG or JPG images, at most 5 MB each.</Trans>
        </p>
        {imageProblem ? (
          <p id={`${id}-img-error`} className="field-error" role="alert">
            {imageProblem}
          </p>
        ) : null}
      </div>
      {problem ? (
        <p className="field-error" role="alert">
          {problem}
        </p>
      ) : null}
      <button type="submit" className="button button-primary" disabled={apply.isPending || tooLong}>
        {apply.isPending ? <Trans>Sending…</Trans> : <Trans>Send application</Trans>}
      </button>
    </form>
  )
}
