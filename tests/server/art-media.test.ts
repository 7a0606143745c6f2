import { describe, expect, it } from 'vitest'
import { ArtCache, artFile } from '../../server/http/art-media'
import { limiter } from '../../server/limiter'

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
    const make = async () => {
      renders++
      await new Promise((r) => setTimeout(r, 5))
      return Buffer.from('art')
    }
    const all = await Promise.all(Array.from({ length: 5 }, () => cache.get('a', make)))
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

describe('limiter', () => {
  it('runs at most its limit at once, the rest in the order they came', async () => {
    const run = limiter(2)
    let active = 0
    let most = 0
    const order: number[] = []
    await Promise.all(
      [0, 1, 2, 3, 4].map((i) =>
        run(async () => {
          active++
          most = Math.max(most, active)
          await new Promise((r) => setTimeout(r, 5))
          order.push(i)
          active--
        }),
      ),
    )
    expect(most).toBe(2)
    expect(order).toEqual([0, 1, 2, 3, 4])
  })

  it('frees the place of a task that fails', async () => {
    const run = limiter(1)
    await expect(run(() => Promise.reject(new Error('no')))).rejects.toThrow('no')
    expect(await run(async () => 'next')).toBe('next')
  })
})
