/**
 * A test's live stream: GET /wps/live/stream on a listening app, read with the same parser
 * the app uses, each event checked against the contract.
 */
import { createParser } from 'eventsource-parser'
import type { FastifyInstance } from 'fastify'
import { LiveEventSchema, liveStreamPath, type LiveEvent } from '#contract/live'

export type Heard = LiveEvent & { eventId: number | null }

export interface LiveClient {
  status: number
  /** The error envelope when the stream was refused. */
  refusal: unknown
  /** Every event heard so far, in order. */
  heard: Heard[]
  /** The first event after those already taken by `next` that matches; waits for it. */
  next(match?: (e: Heard) => boolean, what?: string): Promise<Heard>
  /** Resolves when the server ends the stream. */
  ended: Promise<void>
  close(): void
}

/** Where a test app listens (started once per app). */
export async function baseUrlOf(app: FastifyInstance): Promise<string> {
  const address = app.server.address()
  if (address && typeof address === 'object') return `http://127.0.0.1:${address.port}`
  await app.listen({ port: 0, host: '127.0.0.1' })
  return baseUrlOf(app)
}

export async function openLive(
  app: FastifyInstance,
  token: string | null,
  opts: { lastEventId?: string; language?: string; timeoutMs?: number } = {},
): Promise<LiveClient> {
  const base = await baseUrlOf(app)
  const abort = new AbortController()
  const headers: Record<string, string> = { accept: 'text/event-stream', language: opts.language ?? 'EN' }
  if (token) headers.authorization = token
  if (opts.lastEventId !== undefined) headers['last-event-id'] = opts.lastEventId
  const res = await fetch(`${base}${liveStreamPath}`, { headers, signal: abort.signal })
  const heard: Heard[] = []
  let taken = 0
  const waiters = new Set<() => void>()
  const wake = () => {
    for (const w of [...waiters]) w()
  }
  const timeoutMs = opts.timeoutMs ?? 10_000
  let endedResolve: () => void = () => undefined
  const ended = new Promise<void>((r) => (endedResolve = r))
  let done = false
  const client: LiveClient = {
    status: res.status,
    refusal: null,
    heard,
    ended,
    close: () => abort.abort(),
    next(match = () => true, what = 'an event') {
      return new Promise<Heard>((resolve, reject) => {
        const look = () => {
          for (let i = taken; i < heard.length; i++) {
            const e = heard[i]
            if (e && match(e)) {
              taken = i + 1
              cleanup()
              resolve(e)
              return true
            }
          }
          if (done) {
            cleanup()
            reject(new Error(`the stream ended before ${what}; heard ${JSON.stringify(heard)}`))
            return true
          }
          return false
        }
        const timer = setTimeout(() => {
          cleanup()
          reject(new Error(`no ${what} within ${timeoutMs} ms; heard ${JSON.stringify(heard)}`))
        }, timeoutMs)
        const cleanup = () => {
          clearTimeout(timer)
          waiters.delete(waiter)
        }
        const waiter = () => void look()
        if (!look()) waiters.add(waiter)
      })
    },
  }
  if (!res.ok || !res.body) {
    client.refusal = await res.json().catch(() => null)
    done = true
    endedResolve()
    return client
  }
  const parser = createParser({
    onEvent(m) {
      const event = LiveEventSchema.parse(JSON.parse(m.data))
      heard.push({ ...event, eventId: m.id ? Number(m.id) : null })
      wake()
    },
  })
  const decoder = new TextDecoder()
  void (async () => {
    try {
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
        parser.feed(decoder.decode(chunk, { stream: true }))
      }
    } catch {
      // aborted by the test
    } finally {
      done = true
      endedResolve()
      wake()
    }
  })()
  return client
}
