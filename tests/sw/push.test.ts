/**
 * Web push in the service worker: the notification, the app badge, the word to open
 * windows, a malformed payload, and where a click goes.
 */
import { describe, expect, it, vi } from 'vitest'
import type { PushPayload } from '#contract/push-payload'
import { genericNotice, onNotificationClick, onPush, onSubscriptionChange, safeUrl } from '#src/sw/push.ts'

function fakeWorker(windows: { url: string; focused?: boolean; visibilityState?: string }[] = []) {
  const shown: { title: string; options: NotificationOptions }[] = []
  const posted: unknown[] = []
  const focused: string[] = []
  const opened: string[] = []
  const clients = windows.map((w) => ({
    url: w.url,
    focused: w.focused ?? false,
    visibilityState: w.visibilityState ?? 'hidden',
    postMessage: (m: unknown) => posted.push(m),
    focus: vi.fn(async function (this: unknown) {
      focused.push(w.url)
      return clientFor(w.url)
    }),
  }))
  const navigated: string[] = []
  const clientFor = (url: string) => ({ url, navigate: async (to: string) => navigated.push(to) })
  const badge = { set: vi.fn(async (_n?: number) => undefined), clear: vi.fn(async () => undefined) }
  const sw = {
    location: { origin: 'https://portal.example' },
    registration: {
      showNotification: async (title: string, options: NotificationOptions) => {
        shown.push({ title, options })
      },
      pushManager: { subscribe: vi.fn(async () => ({})) },
    },
    navigator: { setAppBadge: badge.set, clearAppBadge: badge.clear },
    clients: {
      matchAll: async () => clients,
      openWindow: async (url: string) => {
        opened.push(url)
        return null
      },
    },
  }
  return { sw: sw as unknown as ServiceWorkerGlobalScope, shown, posted, focused, opened, navigated, badge }
}

const notice: PushPayload = {
  type: 'deposit_credited',
  title: 'Deposit received',
  body: '$150.25 has been added to your balance.',
  url: '/index?popup=memberCentre&centre=depositv2',
  unreadCount: 3,
  tag: 'fund-7',
}
const data = (v: unknown) =>
  ({ text: () => (typeof v === 'string' ? v : JSON.stringify(v)) }) as PushMessageData

describe('a push', () => {
  it('shows the notice, sets the badge to the unread count and tells open windows', async () => {
    const w = fakeWorker([{ url: 'https://portal.example/index' }])
    await onPush(w.sw, data(notice))
    expect(w.shown).toEqual([
      {
        title: 'Deposit received',
        options: expect.objectContaining({ body: notice.body, tag: 'fund-7', data: { url: notice.url } }),
      },
    ])
    expect(w.badge.set).toHaveBeenCalledWith(3)
    expect(w.posted).toEqual([{ type: 'PUSH_NOTICE', notice }])
  })

  it('shows no system notification while the app is in front: the window shows its toast', async () => {
    const w = fakeWorker([{ url: 'https://portal.example/index', focused: true, visibilityState: 'visible' }])
    await onPush(w.sw, data(notice))
    expect(w.shown).toEqual([])
    expect(w.badge.set).toHaveBeenCalledWith(3)
    expect(w.posted).toEqual([{ type: 'PUSH_NOTICE', notice }])
  })

  it('still notifies when the app is open but behind another app', async () => {
    const w = fakeWorker([{ url: 'https://portal.example/index', focused: false, visibilityState: 'hidden' }])
    await onPush(w.sw, data(notice))
    expect(w.shown).toHaveLength(1)
  })

  it('clears the badge when nothing is unread', async () => {
    const w = fakeWorker()
    await onPush(w.sw, data({ ...notice, unreadCount: 0 }))
    expect(w.badge.clear).toHaveBeenCalled()
    expect(w.badge.set).not.toHaveBeenCalled()
  })

  it.each([
    ['not JSON', 'not json at all'],
    ['the wrong shape', { hello: 'world' }],
    ['an off-site link', { ...notice, url: 'https://evil.example/' }],
    ['no data', null],
  ])('with %s still shows a generic notification and does not throw', async (_label, raw) => {
    const w = fakeWorker([{ url: 'https://portal.example/index' }])
    await expect(onPush(w.sw, raw === null ? null : data(raw))).resolves.toBeUndefined()
    expect(w.shown).toHaveLength(1)
    expect(w.shown[0]?.title).toBe(genericNotice.title)
    expect(w.posted).toEqual([])
    expect(w.badge.set).not.toHaveBeenCalled()
  })
})

describe('a click on the notification', () => {
  const clicked = (url: unknown) => ({ data: { url }, close: vi.fn() }) as unknown as Notification

  it('focuses an open window and takes it to the notice’s page', async () => {
    const w = fakeWorker([{ url: 'https://portal.example/rng' }])
    const n = clicked(notice.url)
    await onNotificationClick(w.sw, n)
    expect(n.close).toHaveBeenCalled()
    expect(w.focused).toEqual(['https://portal.example/rng'])
    expect(w.navigated).toEqual([notice.url])
    expect(w.opened).toEqual([])
  })

  it('opens a window when none is open, and never leaves the site', async () => {
    const w = fakeWorker()
    await onNotificationClick(w.sw, clicked('//evil.example/x'))
    expect(w.opened).toEqual(['/index'])
    expect(safeUrl('/index?popup=memberCentre')).toBe('/index?popup=memberCentre')
    expect(safeUrl('javascript:alert(1)')).toBe('/index')
  })
})

describe('a replaced subscription', () => {
  it('subscribes again with the same key and asks a window to send it', async () => {
    const w = fakeWorker([{ url: 'https://portal.example/index' }])
    const key = new Uint8Array([4, 1, 2]).buffer
    await onSubscriptionChange(w.sw, {
      options: { applicationServerKey: key },
    } as unknown as PushSubscription)
    expect(w.sw.registration.pushManager.subscribe).toHaveBeenCalledWith({
      userVisibleOnly: true,
      applicationServerKey: key,
    })
    expect(w.posted).toEqual([{ type: 'PUSH_SUBSCRIPTION_CHANGED' }])
  })
})
