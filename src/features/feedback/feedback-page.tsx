/**
 * The feedback page (issue 37): the form (a type, the text with a live word count against the
 * brand's limits, up to 3 png or jpg images with previews) and the member's feedback with the
 * operator's replies. The words are counted as the server counts them (countWords, which
 * finds the words of Khmer, Thai and Chinese too). A refused send keeps everything typed and
 * picked; a sent one shows its number, and the list shows it at once.
 */
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { useId, useMemo, useRef, useState } from 'react'
import {
  countWords,
  defaultFeedbackLimits,
  feedbackTypes,
  maxFeedbackChars,
  maxFeedbackImages,
  type Feedback,
  type FeedbackStatus,
  type FeedbackType,
} from '#contract/feedback'
import { imageTypes, maxImageBytes, type ImageUpload } from '#contract/funds'
import { EmptyState } from '../../components/ui/empty-state'
import { FormError } from '../../components/ui/form-error'
import { Skeleton } from '../../components/ui/skeleton'
import { errorText } from '../../lib/error-messages'
import { useBrandDateTimeFormat } from '../../lib/use-brand-dates'
import { feedbackImageQueryOptions, feedbackListQueryOptions, useSubmitFeedback } from './api'
import './feedback.css'

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

function useTypeNames(): Record<FeedbackType, string> {
  const { t } = useLingui()
  return {
    suggestion: t`Suggestion`,
    problem: t`Problem`,
    payment: t`Payment`,
    game: t`Game`,
    other: t`Other`,
  }
}

function StatusText({ status }: { status: FeedbackStatus }) {
  switch (status) {
    case 'pending':
      return <Trans>Waiting for a reply</Trans>
    case 'replied':
      return <Trans>Replied</Trans>
    case 'closed':
      return <Trans>Closed</Trans>
  }
}

function FeedbackForm({
  limits,
  onSent,
}: {
  limits: { minWords: number; maxWords: number }
  onSent: (f: Feedback) => void
}) {
  const { t, i18n } = useLingui()
  const id = useId()
  const typeNames = useTypeNames()
  const fileInput = useRef<HTMLInputElement>(null)
  const [type, setType] = useState<FeedbackType>('suggestion')
  const [content, setContent] = useState('')
  const [images, setImages] = useState<Picked[]>([])
  const [imageProblem, setImageProblem] = useState<string | null>(null)
  const [problem, setProblem] = useState<string | null>(null)
  const [tried, setTried] = useState(false)
  const words = useMemo(() => countWords(content), [content])
  const { minWords, maxWords } = limits
  const tooShort = words < minWords
  const tooLong = words > maxWords
  const send = useSubmitFeedback({
    onSuccess: (answer) => {
      setContent('')
      setImages([])
      setTried(false)
      onSent(answer.feedback)
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
      if (images.length + added.length >= maxFeedbackImages) {
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
    setImages((now) => [...now, ...added].slice(0, maxFeedbackImages))
    if (refused.length > 0) setImageProblem(refused.join(' '))
  }

  const wrongLength = tried && (tooShort || tooLong)
  return (
    <form
      className="feedback-form"
      noValidate
      aria-busy={send.isPending}
      onSubmit={(e) => {
        e.preventDefault()
        setTried(true)
        setProblem(null)
        if (tooShort || tooLong) return
        send.mutate({
          type,
          content,
          images: images.map(({ contentType, data }) => ({ contentType, data })),
        })
      }}
    >
      <fieldset className="feedback-types">
        <legend>
          <Trans>Type</Trans>
        </legend>
        <div className="feedback-chips">
          {feedbackTypes.map((value) => (
            <label key={value} className="feedback-chip">
              <input
                type="radio"
                name={`${id}-type`}
                value={value}
                checked={type === value}
                onChange={() => setType(value)}
              />
              <span>{typeNames[value]}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <div className="field">
        <label htmlFor={`${id}-content`}>
          <Trans>Your feedback</Trans>
        </label>
        <textarea
          id={`${id}-content`}
          rows={5}
          value={content}
          maxLength={maxFeedbackChars}
          onChange={(e) => setContent(e.target.value)}
          aria-invalid={wrongLength || undefined}
          aria-describedby={`${id}-count${wrongLength ? ` ${id}-length` : ''}`}
        />
        <p
          id={`${id}-count`}
          className={tooLong ? 'feedback-count feedback-over' : 'feedback-count'}
          aria-live="polite"
        >
          <Trans>
            Words: {words} (between {minWords} and {maxWords})
          </Trans>
        </p>
        {wrongLength ? (
          <p id={`${id}-length`} className="field-error">
            <Trans>
              Feedback content length must be between {minWords} and {maxWords} words.
            </Trans>
          </p>
        ) : null}
      </div>
      <div className="field">
        <span className="field-label" id={`${id}-images`}>
          <Trans>Images (optional)</Trans>
        </span>
        <ul className="feedback-thumbs" aria-labelledby={`${id}-images`}>
          {images.map((img, i) => {
            const name = img.name
            return (
              <li key={`${name}-${i}`}>
                <img src={`data:${img.contentType};base64,${img.data}`} alt={name} width={72} height={72} />
                <button
                  type="button"
                  className="feedback-thumb-remove"
                  aria-label={t`Remove ${name}`}
                  onClick={() => setImages((now) => now.filter((_, j) => j !== i))}
                >
                  <span aria-hidden="true">×</span>
                </button>
              </li>
            )
          })}
          {images.length < maxFeedbackImages ? (
            <li>
              <label className="feedback-add" htmlFor={`${id}-file`}>
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
      <FormError text={problem} />
      <button type="submit" className="button button-primary" disabled={send.isPending}>
        {send.isPending ? <Trans>Sending…</Trans> : <Trans>Send feedback</Trans>}
      </button>
    </form>
  )
}

function StoredImage({ id, alt }: { id: number; alt: string }) {
  const { t } = useLingui()
  const img = useQuery(feedbackImageQueryOptions(id))
  if (img.data) {
    return (
      <a href={img.data} target="_blank" rel="noreferrer">
        <img src={img.data} alt={alt} width={72} height={72} />
      </a>
    )
  }
  return (
    <span
      className="feedback-thumb-wait"
      role="img"
      aria-label={img.isError ? t`The image could not be loaded.` : t`Loading`}
    />
  )
}

function FeedbackItem({ f }: { f: Feedback }) {
  const { t } = useLingui()
  const typeNames = useTypeNames()
  const time = useBrandDateTimeFormat()
  const number = f.number
  return (
    <li className="feedback-item card">
      <div className="feedback-item-head">
        <span className="feedback-item-type">{typeNames[f.type]}</span>
        <span className={`feedback-status feedback-status-${f.status}`}>
          <StatusText status={f.status} />
        </span>
      </div>
      <p className="feedback-item-meta">
        {number} · <time dateTime={new Date(f.time).toISOString()}>{time.format(f.time)}</time>
      </p>
      <p className="feedback-item-content">{f.content}</p>
      {f.images.length > 0 ? (
        <ul className="feedback-thumbs" aria-label={t`Images of ${number}`}>
          {f.images.map((img, i) => (
            <li key={img.id}>
              <StoredImage id={img.id} alt={t`Image ${i + 1} of ${number}`} />
            </li>
          ))}
        </ul>
      ) : null}
      {f.reply !== null ? (
        <div className="feedback-reply">
          <p className="feedback-reply-title">
            <Trans>Customer service replied</Trans>
            {f.repliedAt !== null ? (
              <>
                {' · '}
                <time dateTime={new Date(f.repliedAt).toISOString()}>{time.format(f.repliedAt)}</time>
              </>
            ) : null}
          </p>
          <p className="feedback-item-content">{f.reply}</p>
        </div>
      ) : null}
    </li>
  )
}

export function FeedbackPage() {
  const { t, i18n } = useLingui()
  const [pageSize, setPageSize] = useState(20)
  const [sent, setSent] = useState<Feedback | null>(null)
  const list = useQuery(feedbackListQueryOptions(1, pageSize))
  const limits = list.data?.limits ?? defaultFeedbackLimits
  const sentNumber = sent?.number ?? ''
  return (
    <div className="feedback-page">
      <section aria-labelledby="feedback-new">
        <h3 id="feedback-new">
          <Trans>Send feedback</Trans>
        </h3>
        {sent ? (
          <div className="feedback-sent card" role="status">
            <p className="feedback-sent-title">
              <Trans>Thank you! Your feedback {sentNumber} was sent.</Trans>
            </p>
            <p>
              <Trans>Customer service will reply here, and you will get a message when they do.</Trans>
            </p>
            <button type="button" className="button" onClick={() => setSent(null)}>
              <Trans>Send more feedback</Trans>
            </button>
          </div>
        ) : (
          <FeedbackForm limits={limits} onSent={setSent} />
        )}
      </section>
      <section aria-labelledby="feedback-mine">
        <h3 id="feedback-mine">
          <Trans>My feedback</Trans>
        </h3>
        {!list.data ? (
          list.isError ? (
            <FormError text={errorText(i18n, list.error)} />
          ) : (
            <Skeleton lines={3} label={t`Loading`} />
          )
        ) : list.data.list.length === 0 ? (
          <EmptyState title={t`You have not sent any feedback yet.`} />
        ) : (
          <>
            <ul className="feedback-list">
              {list.data.list.map((f) => (
                <FeedbackItem key={f.id} f={f} />
              ))}
            </ul>
            {list.data.total > list.data.list.length && pageSize < 100 ? (
              <button
                type="button"
                className="button"
                onClick={() => setPageSize((n) => Math.min(100, n + 20))}
              >
                <Trans>Show more</Trans>
              </button>
            ) : null}
          </>
        )}
      </section>
    </div>
  )
}
