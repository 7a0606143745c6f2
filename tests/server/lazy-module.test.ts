import { describe, expect, it } from 'vitest'
import { lazyModule, lazyModuleNames, missingModules } from '#server/lazy-module'

describe('a package loaded on first use', () => {
  it('is loaded once for every caller, even callers that ask at the same time', async () => {
    let loads = 0
    let loaded: () => void = () => undefined
    const loading = new Promise<void>((r) => {
      loaded = r
    })
    const lib = lazyModule('node:path', async () => {
      loads++
      await loading
      return { name: 'lib' }
    })
    expect(loads).toBe(0)
    // Both ask while the load is still under way; it ends only after.
    const both = Promise.all([lib(), lib()])
    loaded()
    const [a, b] = await both
    expect(a).toBe(b)
    expect(await lib()).toBe(a)
    expect(loads).toBe(1)
  })

  it('is tried again by the next caller after a failed load', async () => {
    let loads = 0
    const lib = lazyModule('node:path', async () => {
      loads++
      if (loads === 1) throw new Error('not there yet')
      return 'loaded'
    })
    await expect(lib()).rejects.toThrow('not there yet')
    expect(await lib()).toBe('loaded')
    expect(loads).toBe(2)
  })

  it('is looked up at start: a package this install lacks is named before any request needs it', () => {
    expect(missingModules(['zod', 'sharp', 'no-such-package-of-the-portal'])).toEqual([
      'no-such-package-of-the-portal',
    ])
  })

  it('is found for every package the server loads on first use', async () => {
    await import('#server/app')
    expect(lazyModuleNames()).toEqual(
      expect.arrayContaining([
        'nodemailer',
        'openid-client',
        'plist',
        'qrcode',
        'sharp',
        'svg-captcha',
        'web-push',
      ]),
    )
    expect(missingModules()).toEqual([])
  })
})
