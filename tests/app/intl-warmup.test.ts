import { afterEach, describe, expect, it, vi } from 'vitest'
import { warmIntl } from '#src/lib/intl-warmup.ts'

class FakeWorker {
  static made: FakeWorker[] = []
  onmessage: (() => void) | null = null
  onerror: (() => void) | null = null
  posted: unknown[] = []
  terminated = false
  constructor(
    readonly url: URL,
    readonly options: WorkerOptions,
  ) {
    FakeWorker.made.push(this)
  }
  postMessage(message: unknown) {
    this.posted.push(message)
  }
  terminate() {
    this.terminated = true
  }
}

afterEach(() => {
  vi.unstubAllGlobals()
  vi.useRealTimers()
  FakeWorker.made = []
})

describe('locale data prepared off the main thread', () => {
  it('asks a module worker for the language, and ends it once it answers', () => {
    vi.stubGlobal('Worker', FakeWorker)
    warmIntl('km')
    const [worker] = FakeWorker.made
    expect(worker?.options).toEqual({ type: 'module' })
    expect(worker?.url.pathname).toMatch(/intl-warmup\.worker\.ts$/)
    expect(worker?.posted).toEqual([{ locale: 'km' }])
    expect(worker?.terminated).toBe(false)
    worker?.onmessage?.()
    expect(worker?.terminated).toBe(true)
  })

  it('ends a worker that never answers, and one that fails', () => {
    vi.useFakeTimers()
    vi.stubGlobal('Worker', FakeWorker)
    warmIntl('th')
    warmIntl('vi')
    const [silent, failing] = FakeWorker.made
    failing?.onerror?.()
    expect(failing?.terminated).toBe(true)
    expect(silent?.terminated).toBe(false)
    vi.advanceTimersByTime(10_000)
    expect(silent?.terminated).toBe(true)
  })

  it('does nothing where workers are missing or refused', () => {
    vi.stubGlobal('Worker', undefined)
    expect(() => warmIntl('km')).not.toThrow()
    vi.stubGlobal(
      'Worker',
      class {
        constructor() {
          throw new DOMException('refused', 'SecurityError')
        }
      },
    )
    expect(() => warmIntl('km')).not.toThrow()
  })
})

describe('the warm-up worker', () => {
  it('builds the language’s formatters and answers ready, even for a language or message it cannot use', async () => {
    const posted: unknown[] = []
    const scope = self as unknown as { onmessage: ((e: { data: unknown }) => void) | null }
    const post = vi.spyOn(window, 'postMessage').mockImplementation((m: unknown) => void posted.push(m))
    const made = vi.spyOn(Intl, 'DateTimeFormat')
    await import('#src/lib/intl-warmup.worker.ts')
    scope.onmessage?.({ data: { locale: 'km' } })
    expect(made).toHaveBeenCalledWith('km', { dateStyle: 'medium', timeStyle: 'short' })
    scope.onmessage?.({ data: { locale: 'not a language!' } })
    scope.onmessage?.({ data: 'nonsense' })
    expect(made).toHaveBeenCalledTimes(2)
    expect(posted).toEqual(['ready', 'ready', 'ready'])
    post.mockRestore()
    made.mockRestore()
    scope.onmessage = null
  })
})
