/**
 * The live channel's transport: one server-sent-events stream for the signed-in tab
 * (src/contract/live.ts), read with fetch so it carries the session's Authorization header
 * as every call does. It reconnects by itself (1 s doubling to 30 s, at once when the
 * network or the page comes back), sending the last event id it saw so the server sends
 * what it missed. Each event is checked against the contract before it is handed on.
 */
import { createParser } from 'eventsource-parser'
import { LiveEventSchema, liveStreamPath, type LiveEvent } from '#contract/live'
import { env } from '../config/env'
import { languageHeader } from './i18n'
import { isLeaving } from './session'
import { sessionStore } from './storage'

export type LiveState = 'connecting' | 'open' | 'closed'

export interface LiveOptions {
  onEvent(event: LiveEvent): void
  onState?(state: LiveState): void
  fetch?: typeof fetch
  /** The first and the longest wait before reconnecting. */
  minDelayMs?: number
  maxDelayMs?: number
}

/** The server refuses the stream for good (no session, a guest): no reconnecting. */
const finalStatuses = new Set([400, 401, 403, 404])
/** This session has its streams open elsewhere: tried again after a minute. */
const fullDelayMs = 60_000

/** Opens the tab's stream; the answer stops it. */
export function connectLive(opts: LiveOptions): () => void {
  const doFetch = opts.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args))
  const minDelay = opts.minDelayMs ?? 1000
  const maxDelay = opts.maxDelayMs ?? 30_000
  let stopped = false
  let lastId: string | null = null
  let delay = minDelay
  let abort: AbortController | null = null
  let timer: ReturnType<typeof setTimeout> | null = null

  const setState = (s: LiveState) => opts.onState?.(s)

  async function run(): Promise<void> {
    timer = null
    const token = sessionStore.token()
    if (stopped || !token) return
    abort = new AbortController()
    setState('connecting')
    const headers: Record<string, string> = {
      Accept: 'text/event-stream',
      Authorization: token,
      Language: languageHeader(),
      Device: 'web',
    }
    const merchant = sessionStore.merchant()
    if (merchant) headers.Merchant = merchant
    if (lastId) headers['Last-Event-ID'] = lastId
    let wait = delay
    try {
      const res = await doFetch(env.VITE_API_BASE_URL + liveStreamPath, {
        headers,
        signal: abort.signal,
        cache: 'no-store',
      })
      if (finalStatuses.has(res.status)) {
        stopped = true
        setState('closed')
        return
      }
      if (res.status === 429) wait = fullDelayMs
      if (res.ok && res.body) {
        const parser = createParser({
          onEvent(m) {
            // The tab's session is no longer this stream's (signed out, storage cleared), or
            // the tab is signing out (the session's end is its own doing, and a read now would
            // go out with the ended token): nothing it says is acted on, nor is it reopened.
            if (sessionStore.token() !== token || isLeaving(token)) {
              stopped = true
              abort?.abort()
              return
            }
            let data: unknown
            try {
              data = JSON.parse(m.data)
            } catch {
              return
            }
            const parsed = LiveEventSchema.safeParse(data)
            if (!parsed.success) return
            if (m.id) lastId = m.id
            if (parsed.data.type === 'ready') {
              delay = minDelay
              setState('open')
            }
            if (parsed.data.type === 'end') stopped = true
            opts.onEvent(parsed.data)
          },
        })
        const reader = res.body.pipeThrough(new TextDecoderStream()).getReader()
        for (;;) {
          const { done, value } = await reader.read()
          if (done) break
          parser.feed(value)
        }
      }
    } catch {
      // The network dropped or the stream was stopped: tried again below unless stopped.
    }
    abort = null
    setState('closed')
    if (stopped) return
    schedule(wait + Math.floor(Math.random() * 250))
    delay = Math.min(delay * 2, maxDelay)
  }

  function schedule(ms: number) {
    if (timer || stopped) return
    timer = setTimeout(() => void run(), ms)
  }

  /** Back at once when the network or the page comes back, if the stream is down. */
  const now = () => {
    if (stopped || abort) return
    if (timer) clearTimeout(timer)
    timer = null
    delay = minDelay
    void run()
  }
  const onVisible = () => {
    if (document.visibilityState === 'visible') now()
  }
  window.addEventListener('online', now)
  document.addEventListener('visibilitychange', onVisible)
  void run()

  return () => {
    stopped = true
    if (timer) clearTimeout(timer)
    abort?.abort()
    window.removeEventListener('online', now)
    document.removeEventListener('visibilitychange', onVisible)
  }
}
