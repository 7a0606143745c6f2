/// <reference lib="webworker" />
/**
 * Web push in the service worker (no DOM here).
 *
 * - push: the payload is checked against the contract; a malformed one still shows a
 *   generic notification (a push must show one) and never throws. While a window of the
 *   app is focused and visible, no system notification is shown: the window shows a toast. The app badge is set to
 *   the unread count, and open windows are told, so they refresh the balance and lists.
 * - notificationclick: focuses an open window on the notice's page, or opens one.
 * - pushsubscriptionchange: subscribes again with the same key and asks an open window to
 *   send the new subscription (the worker holds no session).
 */
import { PushPayloadSchema, type PushPayload } from '../contract/push-payload'
import type { WorkerToPage } from './messages'

/** What a push shows when its payload cannot be read. */
export const genericNotice = { title: 'New notice', body: 'Open the app to see it.', url: '/index' }

export function readPayload(data: { text(): string } | null | undefined): PushPayload | null {
  if (!data) return null
  try {
    const parsed = PushPayloadSchema.safeParse(JSON.parse(data.text()))
    return parsed.success ? parsed.data : null
  } catch {
    return null
  }
}

/** An app path only: a payload never sends the user to another site. */
export function safeUrl(url: unknown): string {
  return typeof url === 'string' && /^\/(?!\/)[^\s]*$/.test(url) ? url : '/index'
}

async function setBadge(nav: WorkerNavigator, count: number): Promise<void> {
  const badging = nav as WorkerNavigator & {
    setAppBadge?: (n?: number) => Promise<void>
    clearAppBadge?: () => Promise<void>
  }
  try {
    if (count > 0) await badging.setAppBadge?.(count)
    else await badging.clearAppBadge?.()
  } catch {
    // Badging is a nicety: a refusal changes nothing else.
  }
}

async function tellWindows(sw: ServiceWorkerGlobalScope, message: WorkerToPage): Promise<void> {
  const windows = await sw.clients.matchAll({ type: 'window', includeUncontrolled: true })
  for (const w of windows) w.postMessage(message)
}

export async function onPush(sw: ServiceWorkerGlobalScope, data: PushMessageData | null): Promise<void> {
  const notice = readPayload(data)
  // A window of the app in front: it shows a toast (told below), not a system notice.
  const windows = await sw.clients.matchAll({ type: 'window', includeUncontrolled: true })
  const inView = windows.some((w) => w.focused && w.visibilityState === 'visible')
  if (notice && inView) {
    await setBadge(sw.navigator, notice.unreadCount)
    await tellWindows(sw, { type: 'PUSH_NOTICE', notice })
    return
  }
  const shown = notice ?? { ...genericNotice, tag: 'notice' }
  await sw.registration.showNotification(shown.title, {
    body: shown.body,
    tag: shown.tag,
    icon: '/brand/icon-192.png',
    badge: '/brand/icon-192.png',
    data: { url: safeUrl(shown.url) },
  })
  if (!notice) return
  await setBadge(sw.navigator, notice.unreadCount)
  await tellWindows(sw, { type: 'PUSH_NOTICE', notice })
}

export async function onNotificationClick(
  sw: ServiceWorkerGlobalScope,
  notification: Notification,
): Promise<void> {
  notification.close()
  const data: unknown = notification.data
  const url = safeUrl(data && typeof data === 'object' && 'url' in data ? data.url : undefined)
  const windows = await sw.clients.matchAll({ type: 'window', includeUncontrolled: true })
  const open = windows.find((w) => new URL(w.url).origin === sw.location.origin)
  if (open) {
    const focused = await open.focus()
    await focused.navigate(url).catch(() => null)
    return
  }
  await sw.clients.openWindow(url)
}

export async function onSubscriptionChange(
  sw: ServiceWorkerGlobalScope,
  old: PushSubscription | null,
): Promise<void> {
  const key = old?.options.applicationServerKey
  if (key) {
    await sw.registration.pushManager
      .subscribe({ userVisibleOnly: true, applicationServerKey: key })
      .catch(() => null)
  }
  await tellWindows(sw, { type: 'PUSH_SUBSCRIPTION_CHANGED' })
}

export function registerPush(sw: ServiceWorkerGlobalScope): void {
  sw.addEventListener('push', (event) => event.waitUntil(onPush(sw, event.data)))
  sw.addEventListener('notificationclick', (event) =>
    event.waitUntil(onNotificationClick(sw, event.notification)),
  )
  sw.addEventListener('pushsubscriptionchange', (event) => {
    const e = event as ExtendableEvent & { oldSubscription?: PushSubscription | null }
    e.waitUntil(onSubscriptionChange(sw, e.oldSubscription ?? null))
  })
}
