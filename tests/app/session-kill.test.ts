import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { identityEndpoints } from '#contract/identity'
import { api } from '#src/lib/api.ts'
import { beginLogout, endSession, session } from '#src/lib/session.ts'

const first = 'tok_first_0123456789'
const second = 'tok_second_0123456789'

function signIn(token: string) {
  sessionStorage.setItem('account', 'player01')
  sessionStorage.setItem('token', token)
  session.token = token
}

/** The server answers: the session the request carried is over. */
function killedAnswer() {
  return new Response(
    JSON.stringify({ success: false, errorCode: 'user.or.token.invalid', message: 'gone' }),
    {
      status: 401,
      headers: { 'Content-Type': 'application/json' },
    },
  )
}

describe('an answer that the session is over', () => {
  let release: (() => void) | undefined
  beforeEach(() => {
    // Each request waits until the test lets the server's answer through.
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>((resolve) => (release = () => resolve(killedAnswer())))),
    )
  })
  afterEach(() => {
    vi.unstubAllGlobals()
    endSession()
  })

  test('ends the tab session it was about', async () => {
    signIn(first)
    const read = api.call(identityEndpoints.memberInfo)
    await vi.waitFor(() => expect(release).toBeDefined())
    release?.()
    await expect(read).rejects.toMatchObject({ errorCode: 'user.or.token.invalid' })
    expect(sessionStorage.getItem('token')).toBeNull()
    expect(session.token).toBeNull()
  })

  test('leaves a newer session of the tab signed in', async () => {
    signIn(first)
    const read = api.call(identityEndpoints.memberInfo)
    await vi.waitFor(() => expect(release).toBeDefined())
    // The member logged out and in again while the old read was on its way.
    endSession()
    signIn(second)
    release?.()
    await expect(read).rejects.toMatchObject({ errorCode: 'user.or.token.invalid' })
    expect(sessionStorage.getItem('token')).toBe(second)
    expect(session.token).toBe(second)
  })

  test("is expected during the tab's own logout and sends nowhere", async () => {
    signIn(first)
    const read = api.call(identityEndpoints.memberInfo)
    await vi.waitFor(() => expect(release).toBeDefined())
    beginLogout()
    release?.()
    await expect(read).rejects.toMatchObject({ errorCode: 'user.or.token.invalid' })
    // The logout itself ends the session; the read's answer did not end it first.
    expect(sessionStorage.getItem('token')).toBe(first)
  })
})
