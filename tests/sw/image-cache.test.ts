/** Which pictures the service worker keeps for offline (src/sw/image-cache.ts). */
import { describe, expect, it } from 'vitest'
import { isCachedImage } from '#src/sw/image-cache.ts'

const origin = 'https://portal.example'
const image = { method: 'GET', destination: 'image' } as const

function kept(address: string, request: Pick<Request, 'method' | 'destination'> = image): boolean {
  return isCachedImage(request, new URL(address, origin), origin)
}

describe('the pictures kept for offline', () => {
  it.each([
    '/media/games/DSL-0001.svg',
    '/media/logos/DSL.svg',
    '/media/lottery/vn-north.svg',
    '/media/rewards/power-bank.svg',
    '/avatars/03.svg',
    'https://cdn.example.net/games/DSL-0001.png',
  ])('keeps %s', (address) => {
    expect(kept(address)).toBe(true)
  })

  it.each([
    // Through the API: a member's own pictures (feedback, receipts) and anything else.
    '/wps/relay/MCSFE_getPlayerAvatar',
    '/lgw/anything.png',
    '/index',
    'data:image/svg+xml;base64,PHN2Zy8+',
    'blob:https://portal.example/3f1c',
  ])('leaves %s alone', (address) => {
    expect(kept(address)).toBe(false)
  })

  it('keeps only pictures fetched with GET', () => {
    expect(kept('/media/games/DSL-0001.svg', { method: 'GET', destination: 'script' })).toBe(false)
    expect(kept('/media/games/DSL-0001.svg', { method: 'POST', destination: 'image' })).toBe(false)
  })
})
