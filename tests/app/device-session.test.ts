import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { markRemembered, resumeDeviceSession } from '#src/lib/device-session.ts'
import { endSession, session } from '#src/lib/session.ts'

function answer(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })
}

const traded = {
  success: true,
  value: {
    token: 'tok_device_0123456789',
    firstTimeLogin: false,
    passwordExpired: false,
    mustChangePassword: false,
    account: 'player01',
    entrance: 'member',
  },
}

describe('a tab opening on a remembered device', () => {
  let fetchMock: ReturnType<typeof vi.fn>
  beforeEach(() => {
    endSession()
    localStorage.clear()
    fetchMock = vi.fn(async () => answer(200, traded))
    vi.stubGlobal('fetch', fetchMock)
  })
  afterEach(() => {
    vi.unstubAllGlobals()
    endSession()
    localStorage.clear()
  })

  test('is signed in by the device, without the password', async () => {
    markRemembered()
    const resumed = resumeDeviceSession()
    // Meanwhile the header holds a placeholder where Log in would be.
    expect(session.resuming).toBe(true)
    expect(await resumed).toBe(true)
    expect(session.resuming).toBe(false)
    expect(sessionStorage.getItem('token')).toBe('tok_device_0123456789')
    expect(sessionStorage.getItem('account')).toBe('player01')
    expect(session.token).toBe('tok_device_0123456789')
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit]
    expect(url).toMatch(/\/wps\/session\/device$/)
    expect(init.method).toBe('POST')
    // The cookie goes with it; the app never reads it.
    expect(init.credentials).toBe('same-origin')
  })

  test('asks nothing when the device was never remembered, or the tab has its session', async () => {
    expect(await resumeDeviceSession()).toBe(false)
    markRemembered()
    sessionStorage.setItem('account', 'player01')
    sessionStorage.setItem('token', 'tok_tab_0123456789ab')
    expect(await resumeDeviceSession()).toBe(false)
    expect(fetchMock).not.toHaveBeenCalled()
  })

  test('forgets a device the server no longer knows, and keeps it through a network failure', async () => {
    markRemembered()
    fetchMock.mockImplementationOnce(async () => {
      throw new TypeError('Failed to fetch')
    })
    expect(await resumeDeviceSession()).toBe(false)
    expect(localStorage.getItem('rememberedDevice')).toBe('1')
    fetchMock.mockImplementationOnce(async () =>
      answer(401, { success: false, errorCode: 'device_session_ended', message: 'ended' }),
    )
    expect(await resumeDeviceSession()).toBe(false)
    expect(session.resuming).toBe(false)
    expect(localStorage.getItem('rememberedDevice')).toBeNull()
    expect(sessionStorage.getItem('token')).toBeNull()
  })

  test('two starts at once trade once', async () => {
    markRemembered()
    const [a, b] = await Promise.all([resumeDeviceSession(), resumeDeviceSession()])
    expect([a, b]).toEqual([true, true])
    expect(fetchMock).toHaveBeenCalledTimes(1)
  })
})
