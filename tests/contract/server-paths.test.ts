/**
 * One list of server-owned path prefixes: the dev server proxies exactly what the service
 * worker and the static server keep away from the shell.
 */
import { describe, expect, it } from 'vitest'
import { serverPathPattern, serverPathPrefixes } from '#contract/server-paths'
import viteConfig from '../../vite.config'

describe('server-owned paths', () => {
  it('include the payment gateway, which the dev proxy once missed', () => {
    expect(serverPathPrefixes).toContain('/gateway')
  })

  it.each(serverPathPrefixes.flatMap((prefix) => [prefix, `${prefix}/x/y`, `${prefix}?probe=1`]))(
    'match %s',
    (url) => {
      expect(serverPathPattern.test(url)).toBe(true)
    },
  )

  it.each(['/', '/index', '/wpsx', '/devices', '/gateways', '/manifest.webmanifestx', '/x/wps'])(
    'leave the app path %s alone',
    (url) => {
      expect(serverPathPattern.test(url)).toBe(false)
    },
  )

  it('are what the dev server proxies to the platform', () => {
    const config = viteConfig({ command: 'serve', mode: 'development', isSsrBuild: false })
    const proxy = 'then' in config ? {} : (config.server?.proxy ?? {})
    expect(Object.keys(proxy)).toEqual([serverPathPattern.source])
  })
})
