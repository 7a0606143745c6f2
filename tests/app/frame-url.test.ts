/**
 * The addresses the /game frame may open: pages the platform server answers on this site
 * (the demo vendor's), and https addresses on the brand's launch hosts; never the portal
 * itself, nothing that runs script in the portal, nothing on another host.
 */
import { describe, expect, test } from 'vitest'
import { safeFrameUrl } from '#src/features/games/launch/frame-url.ts'

const origin = 'https://portal.example.com'
const hosts = ['https://launch1.example.com', 'launch2.example.com', '//launch3.example.com:8443', '/media']

const check = (raw: string) => safeFrameUrl(raw, hosts, origin)

describe('safeFrameUrl', () => {
  test.each([
    ['/demo-vendor/slot?t=1', '/demo-vendor/slot?t=1'],
    ['demo-vendor/slot', '/demo-vendor/slot'],
    ['https://portal.example.com/demo-vendor/slot#x', '/demo-vendor/slot#x'],
    ['  /demo-vendor/slot  ', '/demo-vendor/slot'],
    ['https://launch1.example.com/play?token=a', 'https://launch1.example.com/play?token=a'],
    ['https://LAUNCH2.example.com/play', 'https://launch2.example.com/play'],
    ['https://launch3.example.com:8443/p', 'https://launch3.example.com:8443/p'],
  ])('opens %s', (raw, expected) => {
    expect(check(raw)).toBe(expected)
  })

  test.each([
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    ' javascript:alert(1)',
    'java\tscript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'blob:https://portal.example.com/0b6f',
    'vbscript:msgbox(1)',
    'about:blank',
    'http://launch1.example.com/play',
    'https://launch1.example.com.evil.net/play',
    'https://evil.net/play',
    '//evil.net/play',
    '/\\evil.net/play',
    'https://user:pass@launch1.example.com/play',
    'https://portal.example.com@evil.net/',
    'https://launch3.example.com/p',
    'https://media/x',
    '/index',
    '/game',
    '/',
    'https://portal.example.com/rng?page=DSL',
    '/demo-vendorx/slot',
    'http://portal.example.com/demo-vendor/slot',
    '',
    '/x'.repeat(3000),
  ])('refuses %s', (raw) => {
    expect(check(raw)).toBeNull()
  })

  test('a site on plain http (development) opens its own server pages only', () => {
    expect(safeFrameUrl('/demo-vendor/x', [], 'http://localhost:5173')).toBe('/demo-vendor/x')
    expect(safeFrameUrl('http://localhost:5173/demo-vendor/x', [], 'http://localhost:5173')).toBe(
      '/demo-vendor/x',
    )
    expect(safeFrameUrl('http://localhost:8080/demo-vendor/x', [], 'http://localhost:5173')).toBeNull()
  })
})
