/**
 * The home page's banner carousel, from the brand's banner announcements (type B) and
 * their art: a row of slides the finger swipes (scroll snapping), dots to pick one, and an
 * advance every few seconds that stops while the pointer is over it or focus is in it,
 * while the page is hidden, when the player pauses it, and never starts for a player who
 * asked for reduced motion (known once the page is hydrated: the server cannot know). The box
 * has its size before the art loads (no shift).
 */
import { useLingui } from '@lingui/react/macro'
import { useRouter } from '@tanstack/react-router'
import { useEffect, useRef, useState, type MouseEvent } from 'react'
import type { Notice } from '#contract/content'
import { bannerDotsUpTo, cdnUrl, fallbackBannerArt, safeBannerLink } from '#contract/first-screen'
import { useMediaQuery } from '../../hooks/use-media-query'

const advanceMs = 5000
const noBanners: readonly Notice[] = []

/** The banner's art, or one of the generated drawings by position when the operator gave none. */
export function bannerImage(banner: Notice, index: number, imageHost: string): string {
  return banner.imageUrl ? cdnUrl(imageHost, banner.imageUrl) : fallbackBannerArt(index)
}

const reducedMotionQuery = '(prefers-reduced-motion: reduce)'

function reducedMotion(): boolean {
  return typeof matchMedia === 'function' && matchMedia(reducedMotionQuery).matches
}

export function BannerCarousel({
  banners: loaded,
  imageHost,
}: {
  /** Undefined while they load: the carousel's box holds their place. */
  banners: readonly Notice[] | undefined
  imageHost: string
}) {
  const banners = loaded ?? noBanners
  const { t } = useLingui()
  const router = useRouter()
  const track = useRef<HTMLDivElement>(null)
  const [current, setCurrent] = useState(0)
  const [held, setHeld] = useState(false)
  // The player's own pause or play, else still when they asked for less motion.
  // False on the server and while the page hydrates (the server cannot know), then the browser's.
  const stillByChoice = useMediaQuery(reducedMotionQuery)
  const [pausedChoice, setPaused] = useState<boolean | null>(null)
  const paused = pausedChoice ?? stillByChoice
  const count = banners.length

  const show = (i: number) => {
    const el = track.current
    if (!el) return
    const slide = el.children[i] as HTMLElement | undefined
    if (!slide || typeof el.scrollTo !== 'function') return
    el.scrollTo({ left: slide.offsetLeft - el.offsetLeft, behavior: reducedMotion() ? 'auto' : 'smooth' })
  }

  // The current slide follows the scroll (a swipe, a dot, or the advance).
  useEffect(() => {
    const el = track.current
    if (!el) return
    // Read once a frame, where layout is clean anyway, not on every scroll event.
    let frame = 0
    const onScroll = () => {
      if (frame) return
      frame = requestAnimationFrame(() => {
        frame = 0
        const w = el.clientWidth
        if (w > 0) setCurrent(Math.min(count - 1, Math.max(0, Math.round(el.scrollLeft / w))))
      })
    }
    el.addEventListener('scroll', onScroll, { passive: true })
    return () => {
      el.removeEventListener('scroll', onScroll)
      cancelAnimationFrame(frame)
    }
  }, [count])

  useEffect(() => {
    if (count < 2 || held || paused) return
    const timer = window.setInterval(() => {
      if (document.visibilityState === 'hidden') return
      const el = track.current
      if (!el) return
      const w = el.clientWidth || 1
      show((Math.round(el.scrollLeft / w) + 1) % count)
    }, advanceMs)
    return () => window.clearInterval(timer)
  }, [count, held, paused])

  if (loaded === undefined) return <div className="banner-carousel" aria-hidden="true" />
  if (count === 0) return null
  return (
    <section
      className="banner-carousel"
      aria-roledescription={t`carousel`}
      aria-label={t`Banners`}
      onPointerEnter={() => setHeld(true)}
      onPointerLeave={() => setHeld(false)}
      onFocus={() => setHeld(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setHeld(false)
      }}
    >
      <div className="banner-track" ref={track}>
        {banners.map((b, i) => {
          const href = safeBannerLink(b.linkUrl)
          const body = (
            <>
              <img
                className="banner-art"
                src={bannerImage(b, i, imageHost)}
                alt=""
                width={720}
                height={300}
                decoding="async"
                loading={i === 0 ? 'eager' : 'lazy'}
                fetchPriority={i === 0 ? 'high' : 'auto'}
              />
              <span className="banner-text">
                <strong className="banner-title">{b.title}</strong>
                <span className="banner-line">{b.content.replace(/<[^>]*>/g, '')}</span>
              </span>
            </>
          )
          return (
            <div
              key={b.id}
              className="banner-slide"
              role="group"
              aria-roledescription={t`slide`}
              aria-label={t`${i + 1} of ${count}`}
              aria-hidden={i === current ? undefined : true}
            >
              {href ? (
                <a
                  href={href}
                  className="banner-link"
                  tabIndex={i === current ? undefined : -1}
                  {...(href.startsWith('/')
                    ? {
                        // A page of the portal opens in the app, not as a new page load.
                        onClick: (e: MouseEvent) => {
                          e.preventDefault()
                          router.history.push(href)
                        },
                      }
                    : { target: '_blank', rel: 'noopener noreferrer' })}
                >
                  {body}
                </a>
              ) : (
                <div className="banner-link">{body}</div>
              )}
            </div>
          )
        })}
      </div>
      {count > 1 ? (
        <div className="banner-controls">
          <button
            type="button"
            className="banner-pause"
            aria-pressed={paused}
            aria-label={t`Pause banners`}
            onClick={() => setPaused(!paused)}
          >
            <svg viewBox="0 0 24 24" width="14" height="14" aria-hidden="true" focusable="false">
              <path fill="currentColor" d={paused ? 'M8 5v14l11-7Z' : 'M7 5h4v14H7zm6 0h4v14h-4z'} />
            </svg>
          </button>
          {count > bannerDotsUpTo ? (
            <>
              <button
                type="button"
                className="banner-step"
                aria-label={t`Previous banner`}
                onClick={() => show((current + count - 1) % count)}
              >
                <StepIcon d="M15 5 8 12l7 7" />
              </button>
              {/* Read out after a step while the banners stand still (paused, or the player's
                  pointer or focus in them); not each time they advance by themselves. */}
              <span className="banner-count" aria-live={paused || held ? 'polite' : 'off'} aria-atomic="true">
                <span aria-hidden="true">
                  {current + 1} / {count}
                </span>
                <span className="visually-hidden">{t`Banner ${current + 1} of ${count}`}</span>
              </span>
              <button
                type="button"
                className="banner-step"
                aria-label={t`Next banner`}
                onClick={() => show((current + 1) % count)}
              >
                <StepIcon d="m9 5 7 7-7 7" />
              </button>
            </>
          ) : (
            banners.map((b, i) => (
              <button
                key={b.id}
                type="button"
                className="banner-dot"
                aria-label={t`Show banner ${i + 1}`}
                aria-current={i === current ? 'true' : undefined}
                onClick={() => show(i)}
              >
                <span aria-hidden="true" />
              </button>
            ))
          )}
        </div>
      ) : null}
    </section>
  )
}

function StepIcon({ d }: { d: string }) {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
      <path
        d={d}
        fill="none"
        stroke="currentColor"
        strokeWidth="2.5"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  )
}
