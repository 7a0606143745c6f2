import { describe, expect, test, vi } from 'vitest'
import { systemEndpoints } from '#contract/system'
import { walletEndpoints } from '#contract/wallet'
import { ApiError, createApiClient, type ApiClientOptions } from '#src/lib/api-client.ts'

const brand = {
  merchantCode: 'DEMO',
  brandName: 'Lotus Play',
  shortName: 'Lotus',
  currency: 'USD',
  currencySymbol: '$',
  currencyDecimals: 2,
  defaultLanguage: 'km',
  languages: ['km', 'en'],
  themeColor: '#0e7c66',
  backgroundColor: '#ffffff',
  logoUrl: '/brand/logo.svg',
  agentTypes: [1, 2, 41, 42],
  guestTypes: [4],
  passwordExpiryDays: 90,
  minimumAge: 18,
  vipServiceState: 'normal',
  descriptions: {},
  shareImageUrl: null,
  timeZone: 'Asia/Phnom_Penh',
}

function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  })
}

function client(fetchImpl: typeof fetch, extra: Partial<ApiClientOptions> = {}) {
  return createApiClient({
    baseUrl: 'https://api.test',
    token: () => 'tok_0123456789abcdef',
    merchant: () => 'DEMO',
    language: () => 'KM',
    fetch: fetchImpl,
    ...extra,
  })
}

describe('the typed API client', () => {
  test('sends the platform headers and unwraps the value', async () => {
    const seen: { url: string; init: RequestInit }[] = []
    const api = client(async (url, init) => {
      seen.push({ url: String(url), init: init ?? {} })
      return json(200, { success: true, value: brand })
    })
    const value = await api.call(systemEndpoints.consolidatedSettings)
    expect(value.brandName).toBe('Lotus Play')
    const h = seen[0]?.init.headers as Record<string, string>
    expect(seen[0]?.url).toBe('https://api.test/wps/system/settings/consolidated')
    expect(h.Authorization).toBe('tok_0123456789abcdef')
    expect(h['X-Gateway-Version']).toBe('3')
    expect(h.Merchant).toBe('DEMO')
    expect(h.Device).toBe('web')
    expect(h.Language).toBe('KM')
  })

  test('leaves out Authorization when there is no session', async () => {
    let headers: Record<string, string> = {}
    const api = client(
      async (_u, init) => {
        headers = init?.headers as Record<string, string>
        return json(200, { success: true, value: [] })
      },
      { token: () => null },
    )
    await api.call(systemEndpoints.country)
    expect(headers.Authorization).toBeUndefined()
  })

  test('encodes the query of a GET', async () => {
    let url = ''
    const api = client(async (u) => {
      url = String(u)
      return json(200, { success: true, value: [] })
    })
    await api.call(systemEndpoints.templates, { code: 'terms' })
    expect(url).toBe('https://api.test/wps/system/templates?code=terms')
  })

  test('turns a failure envelope into an ApiError with code, status and value', async () => {
    const api = client(async () =>
      json(
        429,
        {
          success: false,
          errorCode: 'TOO_MANY_REQUESTS',
          message: 'slow down',
          value: { retryAfterSeconds: 300 },
        },
        { 'retry-after': '300' },
      ),
    )
    const err = await api.call(systemEndpoints.country).catch((e: unknown) => e)
    expect(err).toBeInstanceOf(ApiError)
    expect((err as ApiError).errorCode).toBe('TOO_MANY_REQUESTS')
    expect((err as ApiError).status).toBe(429)
    expect((err as ApiError).retryAfterSeconds).toBe(300)
  })

  test('refuses a success whose value breaks the contract', async () => {
    const api = client(async () => json(200, { success: true, value: { brandName: 42 } }))
    await expect(api.call(systemEndpoints.consolidatedSettings)).rejects.toMatchObject({
      errorCode: 'invalid_response',
    })
  })

  test('ends the session centrally on a session-kill code', async () => {
    const killed = vi.fn()
    const api = client(
      async () => json(401, { success: false, errorCode: 'user.or.token.invalid', message: 'expired' }),
      { onSessionKilled: killed },
    )
    await expect(api.call(systemEndpoints.country)).rejects.toMatchObject({
      errorCode: 'user.or.token.invalid',
    })
    expect(killed).toHaveBeenCalledWith('user.or.token.invalid', 'tok_0123456789abcdef')
  })

  test('does not end the session on other failures', async () => {
    const killed = vi.fn()
    const api = client(
      async () => json(503, { success: false, errorCode: 'system_maintenance', message: 'm' }),
      {
        onSessionKilled: killed,
      },
    )
    await expect(api.call(systemEndpoints.country)).rejects.toMatchObject({
      errorCode: 'system_maintenance',
      status: 503,
    })
    expect(killed).not.toHaveBeenCalled()
  })

  test('gives up after its timeout with timeout_retry_please', async () => {
    const api = client(
      (_u, init) =>
        new Promise<Response>((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))
        }),
      { timeoutMs: 30 },
    )
    await expect(api.call(systemEndpoints.country)).rejects.toMatchObject({
      errorCode: 'timeout_retry_please',
    })
  })

  test('reports an unreachable network as network_error', async () => {
    const api = client(async () => {
      throw new TypeError('Failed to fetch')
    })
    await expect(api.call(systemEndpoints.country)).rejects.toMatchObject({
      errorCode: 'network_error',
      status: 0,
    })
  })

  test("passes the caller's abort through unchanged", async () => {
    const ctrl = new AbortController()
    const api = client(
      (_u, init) =>
        new Promise<Response>((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))
        }),
    )
    const p = api.call(systemEndpoints.country, undefined, { signal: ctrl.signal })
    ctrl.abort()
    await expect(p).rejects.toMatchObject({ name: 'AbortError' })
  })

  test('maps a non-JSON gateway timeout to timeout_retry_please', async () => {
    const api = client(async () => new Response('<html>504</html>', { status: 504 }))
    await expect(api.call(systemEndpoints.country)).rejects.toMatchObject({
      errorCode: 'timeout_retry_please',
      status: 504,
    })
  })

  test('sends the given Idempotency-Key on a call that moves money', async () => {
    const seen: Record<string, string>[] = []
    const api = client(async (_u, init) => {
      seen.push(init?.headers as Record<string, string>)
      return json(200, {
        success: true,
        value: { sumBalance: '0.00', currency: 'USD', currencySymbol: '$', currencyDecimals: 2, balance: [] },
      })
    })
    const body = { fromAccountTypeId: 2, toAccountTypeId: 100, amount: '10.00' }
    await api.call(walletEndpoints.transfer, body, { idempotencyKey: 'retry_key_0001' })
    await api.call(walletEndpoints.transfer, body, { idempotencyKey: 'retry_key_0001' })
    expect(seen.map((h) => h['Idempotency-Key'])).toEqual(['retry_key_0001', 'retry_key_0001'])
  })

  test('makes a fresh valid key per call when none is given, and none for other calls', async () => {
    const seen: Record<string, string>[] = []
    const api = client(async (_u, init) => {
      seen.push(init?.headers as Record<string, string>)
      return json(200, {
        success: true,
        value: { sumBalance: '0.00', currency: 'USD', currencySymbol: '$', currencyDecimals: 2, balance: [] },
      })
    })
    await api.call(walletEndpoints.sweep, {})
    await api.call(walletEndpoints.sweep, {})
    await api.call(walletEndpoints.balance, {})
    const [a, b, c] = seen.map((h) => h['Idempotency-Key'])
    expect(a).toMatch(/^[A-Za-z0-9_-]{8,128}$/)
    expect(b).toMatch(/^[A-Za-z0-9_-]{8,128}$/)
    expect(a).not.toBe(b)
    expect(c).toBeUndefined()
  })
})
