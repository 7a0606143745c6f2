import { describe, expect, it } from 'vitest'
import { ArtCache, artFile } from '#server/http/art-media'
import { limiter } from '#server/limiter'

describe('art file names', () => {
  const name = /^[A-Za-z0-9_-]{1,40}$/
  it('splits a name and its format, and refuses any other ending or name', () => {
    expect(artFile('DSL-0002.webp', name)).toEqual({ name: 'DSL-0002', format: 'webp' })
    expect(artFile('DSL-0002.svg', name)).toEqual({ name: 'DSL-0002', format: 'svg' })
    for (const bad of ['DSL-0002.png', 'DSL-0002', '.webp', 'a.webp.svg', '..%2Fx.svg', 'DSL 2.svg']) {
      expect(artFile(bad, name), bad).toBeNull()
    }
  })
})

describe('rendered art cache', () => {
  it('renders once for parallel first requests, then answers from memory', async () => {
    const cache = new ArtCache(10)
    let renders = 0
    let rendered: () => void = () => undefined
    const rendering = new Promise<void>((r) => {
      rendered = r
    })
    const make = async () => {
      renders++
      await rendering
      return Buffer.from('art')
    }
    // All five ask while the first render is still under way; it ends only after.
    const asked = Promise.all(Array.from({ length: 5 }, () => cache.get('a', make)))
    rendered()
    const all = await asked
    expect(all.every((a) => a?.toString() === 'art')).toBe(true)
    await cache.get('a', make)
    expect(renders).toBe(1)
  })

  it('keeps neither a missing name nor a failed render: the next request asks again', async () => {
    const cache = new ArtCache(10)
    let calls = 0
    expect(await cache.get('gone', async () => (calls++, undefined))).toBeUndefined()
    expect(await cache.get('gone', async () => (calls++, 'now there'))).toBe('now there')
    await expect(cache.get('bad', () => Promise.reject(new Error('render failed')))).rejects.toThrow(
      'render failed',
    )
    expect(await cache.get('bad', async () => 'rendered')).toBe('rendered')
    expect(calls).toBe(2)
  })

  it('holds at most its bound, dropping the oldest', async () => {
    const cache = new ArtCache(2)
    let renders = 0
    const make = async () => (renders++, 'x')
    await cache.get('a', make)
    await cache.get('b', make)
    await cache.get('c', make)
    await cache.get('b', make)
    expect(renders).toBe(3)
    await cache.get('a', make)
    expect(renders).toBe(4)
  })
})

/** A task the test holds: `begun` settles when it starts, and it runs until `end()`. */
function heldTask() {
  let began: () => void = () => undefined
  let end: () => void = () => undefined
  const begun = new Promise<void>((r) => {
    began = r
  })
  const ended = new Promise<void>((r) => {
    end = r
  })
  return { begun, ended, began, end }
}

describe('limiter', () => {
  it('runs at most its limit at once, the rest in the order they came', async () => {
    const run = limiter(2)
    let active = 0
    let most = 0
    const started: number[] = []
    const tasks = [0, 1, 2, 3, 4].map(heldTask)
    const all = Promise.all(
      tasks.map((task, i) =>
        run(async () => {
          active++
          most = Math.max(most, active)
          started.push(i)
          task.began()
          await task.ended
          active--
        }),
      ),
    )
    await Promise.all([tasks[0]?.begun, tasks[1]?.begun])
    expect(started).toEqual([0, 1])
    // Whichever ends, the next in line takes its place.
    tasks[1]?.end()
    await tasks[2]?.begun
    expect(started).toEqual([0, 1, 2])
    tasks[0]?.end()
    await tasks[3]?.begun
    expect(started).toEqual([0, 1, 2, 3])
    tasks[3]?.end()
    await tasks[4]?.begun
    expect(started).toEqual([0, 1, 2, 3, 4])
    tasks[2]?.end()
    tasks[4]?.end()
    await all
    expect(most).toBe(2)
  })

  it('frees the place of a task that fails', async () => {
    const run = limiter(1)
    await expect(run(() => Promise.reject(new Error('no')))).rejects.toThrow('no')
    expect(await run(async () => 'next')).toBe('next')
  })
})
