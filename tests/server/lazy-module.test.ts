import { describe, expect, it } from 'vitest'
import { lazyModule } from '#server/lazy-module'

describe('a package loaded on first use', () => {
  it('is loaded once for every caller, even callers that ask at the same time', async () => {
    let loads = 0
    const lib = lazyModule(async () => {
      loads++
      await new Promise((r) => setTimeout(r, 10))
      return { name: 'lib' }
    })
    expect(loads).toBe(0)
    const [a, b] = await Promise.all([lib(), lib()])
    expect(a).toBe(b)
    expect(await lib()).toBe(a)
    expect(loads).toBe(1)
  })

  it('is tried again by the next caller after a failed load', async () => {
    let loads = 0
    const lib = lazyModule(async () => {
      loads++
      if (loads === 1) throw new Error('not there yet')
      return 'loaded'
    })
    await expect(lib()).rejects.toThrow('not there yet')
    expect(await lib()).toBe('loaded')
    expect(loads).toBe(2)
  })
})
