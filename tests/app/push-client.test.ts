/**
 * This browser's push subscription and the account signed in on it: a subscription the server
 * keeps for another account (the member who used this phone before) is replaced by a new one
 * of this browser's own, never taken over; logging out removes the leaving member's
 * subscription on the server and leaves the browser's for whoever signs in next.
 */
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { pushEndpoints } from '#contract/push'
import { releasePushSubscription, syncPushSubscription, turnPushOn } from '#src/lib/push.ts'
import { endSession } from '#src/lib/session.ts'
import { logIn, stubMoneyApi } from './fixtures'

interface FakeSubscription {
  endpoint: string
  unsubscribed: boolean
  toJSON(): { endpoint: string; expirationTime: null; keys: { p256dh: string; auth: string } }
  unsubscribe(): Promise<boolean>
}

let current: FakeSubscription | null = null
let made = 0

function subscription(endpoint: string): FakeSubscription {
  return {
    endpoint,
    unsubscribed: false,
    toJSON: () => ({ endpoint, expirationTime: null, keys: { p256dh: 'BKey', auth: 'secret' } }),
    async unsubscribe() {
      this.unsubscribed = true
      if (current === this) current = null
      return true
    },
  }
}

beforeEach(() => {
  logIn()
  made = 0
  current = subscription('https://push.example/old-device-endpoint')
  const pushManager = {
    getSubscription: async () => current,
    subscribe: async () => {
      made += 1
      current = subscription(`https://push.example/new-${made}`)
      return current
    },
  }
  vi.stubGlobal('PushManager', class {})
  vi.stubGlobal('Notification', { permission: 'granted', requestPermission: async () => 'granted' })
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { getRegistration: async () => ({ pushManager }) },
  })
})
afterEach(() => {
  endSession()
  vi.unstubAllGlobals()
  Reflect.deleteProperty(navigator, 'serviceWorker')
})

const taken = { fail: { status: 409, errorCode: 'push_endpoint_taken' } }

describe('the push subscription of a shared browser', () => {
  test('turning push on where the endpoint is another account’s makes a new subscription and sends it', async () => {
    const sent = stubMoneyApi(
      { [pushEndpoints.publicKey.path]: { publicKey: 'BPublicKey' } },
      {
        [pushEndpoints.subscribe.path]: (s) =>
          (s.body as { endpoint?: string }).endpoint === 'https://push.example/old-device-endpoint'
            ? taken
            : { subscribed: true },
      },
    )
    const old = current
    expect(await turnPushOn()).toBe('on')
    expect(old?.unsubscribed).toBe(true)
    expect(
      sent
        .filter((s) => s.path === pushEndpoints.subscribe.path)
        .map((s) => (s.body as { endpoint: string }).endpoint),
    ).toEqual(['https://push.example/old-device-endpoint', 'https://push.example/new-1'])
  })

  test('the quiet sync after sign-in does the same, and a refusal of another kind changes nothing', async () => {
    stubMoneyApi(
      {},
      {
        [pushEndpoints.subscribe.path]: () => taken,
        [pushEndpoints.publicKey.path]: () => ({ publicKey: 'BPublicKey' }),
      },
    )
    await syncPushSubscription()
    // The new one was refused too (the stub refuses every post): it stays, nothing throws.
    expect(current?.endpoint).toBe('https://push.example/new-1')

    stubMoneyApi(
      {},
      {
        [pushEndpoints.subscribe.path]: () => ({ fail: { status: 422, errorCode: 'push_endpoint_refused' } }),
      },
    )
    await syncPushSubscription()
    expect([made, current?.endpoint]).toEqual([1, 'https://push.example/new-1'])
  })

  test('logging out removes the leaving member’s subscription on the server and keeps the browser’s', async () => {
    const sent = stubMoneyApi({ [pushEndpoints.unsubscribe.path]: { removed: true } })
    const before = current
    await releasePushSubscription()
    expect(sent.map((s) => [s.method, s.path, s.body])).toEqual([
      ['DELETE', pushEndpoints.unsubscribe.path, { endpoint: 'https://push.example/old-device-endpoint' }],
    ])
    expect([before?.unsubscribed, current]).toEqual([false, before])
  })
})
