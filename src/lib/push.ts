/**
 * Web push on this device: whether it can be offered, turning it on (after a user's
 * gesture, with the reason given by the caller) and off, and sending the current
 * subscription to the server again when the browser renewed it. Shared here because
 * the notices feature (the switch) and the money feature (the offer after a deposit or
 * withdrawal request) both use it, and features never import each other.
 */
import { pushEndpoints } from '#contract/push'
import { api } from './api'
import { ApiError } from './api-client'

export type PushState =
  /** No push in this browser at all. */
  | 'unsupported'
  /** iOS Safari in a tab: push comes only once the app is on the home screen. */
  | 'needs-install'
  /** The user said no; only the browser's settings can change it. */
  | 'denied'
  | 'off'
  | 'on'

function isIos(): boolean {
  return (
    /iPad|iPhone|iPod/.test(navigator.userAgent) ||
    (navigator.platform === 'MacIntel' && navigator.maxTouchPoints > 1)
  )
}

function standalone(): boolean {
  return (
    window.matchMedia?.('(display-mode: standalone)').matches === true ||
    (navigator as Navigator & { standalone?: boolean }).standalone === true
  )
}

function supported(): boolean {
  return 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window
}

async function registration(): Promise<ServiceWorkerRegistration | undefined> {
  if (!('serviceWorker' in navigator)) return undefined
  return navigator.serviceWorker.getRegistration('/')
}

export async function pushState(): Promise<PushState> {
  if (!supported()) return isIos() && !standalone() ? 'needs-install' : 'unsupported'
  if (Notification.permission === 'denied') return 'denied'
  const reg = await registration()
  const sub = await reg?.pushManager.getSubscription()
  return sub && Notification.permission === 'granted' ? 'on' : 'off'
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const b64 = base64url.replace(/-/g, '+').replace(/_/g, '/')
  const raw = atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4))
  const out = new Uint8Array(new ArrayBuffer(raw.length))
  for (let i = 0; i < raw.length; i++) out[i] = raw.charCodeAt(i)
  return out
}

async function send(sub: PushSubscription): Promise<void> {
  const json = sub.toJSON()
  await api.call(pushEndpoints.subscribe, {
    endpoint: json.endpoint ?? sub.endpoint,
    expirationTime: json.expirationTime ?? null,
    keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
  })
}

/**
 * Sends the subscription; when the server keeps its endpoint for another account (this
 * browser's earlier member), makes a new subscription of this browser's own and sends that.
 */
async function sendOwn(reg: ServiceWorkerRegistration, sub: PushSubscription): Promise<void> {
  try {
    await send(sub)
  } catch (err) {
    if (!(err instanceof ApiError) || err.errorCode !== 'push_endpoint_taken') throw err
    await sub.unsubscribe()
    const { publicKey } = await api.call(pushEndpoints.publicKey)
    await send(
      await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) }),
    )
  }
}

/** Asks for permission (call it from a click) and subscribes this device. */
export async function turnPushOn(): Promise<PushState> {
  if (!supported()) return pushState()
  const permission = await Notification.requestPermission()
  if (permission !== 'granted') return permission === 'denied' ? 'denied' : 'off'
  const reg = await registration()
  if (!reg) return 'unsupported'
  const { publicKey } = await api.call(pushEndpoints.publicKey)
  const sub =
    (await reg.pushManager.getSubscription()) ??
    (await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) }))
  await sendOwn(reg, sub)
  return 'on'
}

export async function turnPushOff(): Promise<PushState> {
  const reg = await registration()
  const sub = await reg?.pushManager.getSubscription()
  if (sub) {
    await api.call(pushEndpoints.unsubscribe, { endpoint: sub.endpoint }).catch(() => undefined)
    await sub.unsubscribe()
  }
  return pushState()
}

/** Sends this device's subscription again (the browser may have renewed it); quiet on failure. */
export async function syncPushSubscription(): Promise<void> {
  if (!supported() || Notification.permission !== 'granted') return
  const reg = await registration()
  const sub = await reg?.pushManager.getSubscription()
  if (reg && sub) await sendOwn(reg, sub).catch(() => undefined)
}

/**
 * At logout: this device stops receiving the leaving member's notices (their subscription
 * is removed on the server while the session still holds), and the browser's subscription
 * stays for whoever signs in next. Quiet on failure: the logout goes on.
 */
export async function releasePushSubscription(): Promise<void> {
  if (!supported()) return
  const sub = await (await registration())?.pushManager.getSubscription()
  if (sub) await api.call(pushEndpoints.unsubscribe, { endpoint: sub.endpoint }).catch(() => undefined)
}
