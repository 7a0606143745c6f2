/**
 * The tab's live stream (src/lib/live.ts): it sends the session and its language, hands on
 * each event the contract knows (and drops a malformed one), reconnects after a drop with
 * the last id it saw, and stops for good when the server refuses the session or the tab's
 * session ends (its own logout included).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { LiveEvent } from '#contract/live'
import { connectLive } from '#src/lib/live.ts'
import { beginLogout } from '#src/lib/session.ts'

const token = 'tok_0123456789abcdef'

function streamOf(frames: string[]): Response {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const f of frames) controller.enqueue(new TextEncoder().encode(f))
      controller.close()
    },
  })
  return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } })
}

beforeEach(() => {
  sessionStorage.setItem('token', token)
})
afterEach(() => {
  sessionStorage.clear()
  vi.useRealTimers()
})

describe('the live stream', () => {
  it('hands on events, drops a malformed one, and reconnects with the last id seen', async () => {
    const calls: Headers[] = []
    const events: LiveEvent[] = []
    let second: () => void = () => undefined
    const reconnected = new Promise<void>((r) => (second = r))
    const fetch = vi.fn(async (_url: RequestInfo | URL, init?: RequestInit) => {
      calls.push(new Headers(init?.headers))
      if (calls.length === 1) {
        return streamOf([
          'retry: 2000\n\n',
          'id: 41\ndata: {"type":"ready"}\n\n',
          'id: 42\ndata: {"type":"balance"}\n\n',
          'id: 43\ndata: {"type":"inbox","unread":-5}\n\n',
          'data: not json\n\n',
          'id: 44\ndata: {"type":"lottery","settled":2,"won":1,"payout":"9.80"}\n\n',
        ])
      }
      second()
      return streamOf(['id: 44\ndata: {"type":"ready"}\n\n'])
    })
    const stop = connectLive({ onEvent: (e) => events.push(e), fetch, minDelayMs: 1, maxDelayMs: 2 })
    await reconnected
    stop()
    expect(calls[0]?.get('authorization')).toBe(token)
    expect(calls[0]?.get('last-event-id')).toBeNull()
    expect(calls[1]?.get('last-event-id')).toBe('44')
    expect(events.slice(0, 3)).toEqual([
      { type: 'ready' },
      { type: 'balance' },
      { type: 'lottery', settled: 2, won: 1, payout: '9.80' },
    ])
  })

  it.each([
    ['the tab’s session is gone', () => sessionStorage.clear()],
    // The tab's own logout: the server ends the session (and says so) before the logout's
    // answer reaches the tab, whose token is still stored.
    ['the tab is signing out', () => beginLogout()],
  ])('acts on nothing once %s, and does not reconnect', async (name, end) => {
    sessionStorage.setItem('token', `${token}_${name.length}`)
    const events: LiveEvent[] = []
    let pull: () => void = () => undefined
    const pulled = new Promise<void>((r) => (pull = r))
    const encoder = new TextEncoder()
    let push: (frame: string) => void = () => undefined
    const fetch = vi.fn(async (_url: RequestInfo | URL, init?: RequestInit) => {
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          // As a real fetch does: stopping the request ends its body.
          init?.signal?.addEventListener('abort', () =>
            controller.error(new DOMException('stopped', 'AbortError')),
          )
          push = (frame) => controller.enqueue(encoder.encode(frame))
          controller.enqueue(encoder.encode('id: 1\ndata: {"type":"ready"}\n\n'))
        },
        pull() {
          pull()
        },
      })
      return new Response(body, { status: 200 })
    })
    let closed: () => void = () => undefined
    const done = new Promise<void>((r) => (closed = r))
    connectLive({
      onEvent: (e) => events.push(e),
      onState: (s) => {
        if (s === 'closed') closed()
      },
      fetch,
      minDelayMs: 1,
    })
    await pulled
    await vi.waitFor(() => expect(events).toEqual([{ type: 'ready' }]))
    end()
    push('id: 2\ndata: {"type":"end"}\n\n')
    await done
    expect(events).toEqual([{ type: 'ready' }])
    expect(fetch).toHaveBeenCalledTimes(1)
  })

  it('stops for good when the session is refused, and never calls without one', async () => {
    const fetch = vi.fn(async () => new Response('{}', { status: 401 }))
    const states: string[] = []
    let closed: () => void = () => undefined
    const done = new Promise<void>((r) => (closed = r))
    connectLive({
      onEvent: () => undefined,
      onState: (s) => {
        states.push(s)
        if (s === 'closed') closed()
      },
      fetch,
      minDelayMs: 1,
    })
    await done
    // A reconnect would be under way by now if one were planned: the online event asks for one.
    window.dispatchEvent(new Event('online'))
    expect(fetch).toHaveBeenCalledTimes(1)
    expect(states).toEqual(['connecting', 'closed'])

    sessionStorage.clear()
    const none = vi.fn(async () => new Response('{}', { status: 401 }))
    const stop = connectLive({ onEvent: () => undefined, fetch: none })
    stop()
    expect(none).not.toHaveBeenCalled()
  })
})
