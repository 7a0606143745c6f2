/**
 * The withdraw form and the authenticator app's code (decision 031): the field shows where
 * the brand asks for it of a member who has it on, its code goes with the withdrawal, the
 * server's refusal shows at the field, and nothing typed is lost on a refusal.
 */
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { authenticatorEndpoints, type SecurityConfig } from '#contract/authenticator'
import { fromBase64Url } from '#contract/encryption'
import { fundsEndpoints } from '#contract/funds'
import { WithdrawPage } from '#src/features/money/components/withdraw-page.tsx'
import { moneyCatalog } from '#src/features/money/money-catalog.ts'
import { loadSectionCatalog } from '#src/lib/i18n.ts'
import { securityConfigKey } from '#src/lib/security-config.ts'
import { endSession } from '#src/lib/session.ts'
import { logIn, moneyAnswers, stubMoneyApi, type Sent } from './fixtures'
import { renderUi } from './render'

beforeEach(async () => {
  logIn()
  await loadSectionCatalog(moneyCatalog)
})
afterEach(() => {
  endSession()
  vi.unstubAllGlobals()
})

const config = (enabled: boolean, onWithdraw: boolean): SecurityConfig => ({
  authenticator: { enabled, recoveryCodesLeft: enabled ? 10 : 0, enabledAt: enabled ? 1 : null },
  authenticatorOnWithdraw: onWithdraw,
})

/**
 * The withdraw call is encrypted: a real key pair lets the client seal it and the test read
 * it. One pair for the file: the client keeps the public key it fetched.
 */
const pair = crypto.subtle.generateKey(
  { name: 'RSA-OAEP', modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' },
  true,
  ['encrypt', 'decrypt'],
)

async function stubPublicKey(): Promise<CryptoKey> {
  const { publicKey, privateKey } = await pair
  const spki = Buffer.from(await crypto.subtle.exportKey('spki', publicKey)).toString('base64')
  const base = globalThis.fetch
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) =>
    String(url).endsWith('/wps/system/publicKey')
      ? new Response(
          JSON.stringify({ success: true, value: { kid: 'k1', alg: 'RSA-OAEP-256+A256GCM', spki } }),
        )
      : base(url, init),
  )
  return privateKey
}

/** What the client sealed in a request. */
async function opened(key: CryptoKey, s: Sent): Promise<Record<string, unknown>> {
  const wrapped = s.headers.Encryption?.split('.')[1] ?? ''
  const raw = await crypto.subtle.decrypt({ name: 'RSA-OAEP' }, key, fromBase64Url(wrapped))
  const aes = await crypto.subtle.importKey('raw', raw, 'AES-GCM', false, ['decrypt'])
  const data = fromBase64Url((s.body as { value: string }).value)
  const plain = await crypto.subtle.decrypt({ name: 'AES-GCM', iv: data.slice(0, 12) }, aes, data.slice(12))
  return JSON.parse(new TextDecoder().decode(plain)) as Record<string, unknown>
}

describe('the withdraw form and the authenticator code', () => {
  test('shows no code field, and sends no code, where the brand does not ask or the member has the app off', async () => {
    for (const [enabled, onWithdraw] of [
      [true, false],
      [false, true],
    ] as const) {
      const sent = stubMoneyApi(
        moneyAnswers({ [authenticatorEndpoints.securityConfig.path]: config(enabled, onWithdraw) }),
        {
          [fundsEndpoints.withdraw.path]: () => ({
            fail: { status: 422, errorCode: 'insufficient_balance', value: { balance: '12.34' } },
          }),
        },
      )
      const key = await stubPublicKey()
      const user = userEvent.setup()
      const { unmount, queryClient } = await renderUi(<WithdrawPage onSecurityCentre={() => undefined} />)
      await waitFor(() => expect(queryClient.getQueryState(securityConfigKey())?.status).toBe('success'))
      await user.type(await screen.findByLabelText('Amount'), '50')
      await user.type(screen.getByLabelText('Payment password'), '246810')
      await user.click(screen.getByRole('button', { name: 'Withdraw' }))
      await screen.findByText('Your balance is not enough. Your balance is $12.34.')
      expect(screen.queryByLabelText('Authenticator code')).toBeNull()
      const withdrawal = sent.find((s) => s.path === fundsEndpoints.withdraw.path)
      if (!withdrawal) throw new Error('no withdrawal sent')
      expect(await opened(key, withdrawal)).not.toHaveProperty('googleCode')
      unmount()
    }
  })

  test('asks for the code, sends it, and shows the server’s refusal at it with nothing typed lost', async () => {
    let answer: 'wrong' | 'used' = 'wrong'
    const sent = stubMoneyApi(
      moneyAnswers({ [authenticatorEndpoints.securityConfig.path]: config(true, true) }),
      {
        [fundsEndpoints.withdraw.path]: () => ({
          fail:
            answer === 'wrong'
              ? { status: 400, errorCode: 'authenticator_code_wrong', value: { attemptsLeft: 4 } }
              : { status: 409, errorCode: 'authenticator_code_used' },
        }),
      },
    )
    const key = await stubPublicKey()
    const user = userEvent.setup()
    await renderUi(<WithdrawPage onSecurityCentre={() => undefined} />)
    const field = await screen.findByLabelText('Authenticator code')
    expect(field.getAttribute('inputmode')).toBe('numeric')
    expect(field.getAttribute('autocomplete')).toBe('one-time-code')
    expect(field.getAttribute('aria-required')).toBe('true')

    await user.type(screen.getByLabelText('Amount'), '50')
    await user.type(screen.getByLabelText('Payment password'), '246810')
    await user.click(screen.getByRole('button', { name: 'Withdraw' }))
    // Empty: told at the field, nothing sent.
    expect(field.getAttribute('aria-invalid')).toBe('true')
    expect(sent.some((s) => s.path === fundsEndpoints.withdraw.path)).toBe(false)

    await user.type(field, '123 456')
    await user.click(screen.getByRole('button', { name: 'Withdraw' }))
    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'))
    const describedBy = field.getAttribute('aria-describedby') ?? ''
    const error = describedBy
      .split(' ')
      .map((id) => document.getElementById(id))
      .find((el) => el?.classList.contains('field-error'))
    expect(error?.textContent).toBe(
      'The code is wrong. Check the time on your phone and try the newest code.',
    )
    const withdrawal = sent.find((s) => s.path === fundsEndpoints.withdraw.path)
    if (!withdrawal) throw new Error('no withdrawal sent')
    expect(await opened(key, withdrawal)).toMatchObject({
      amount: '50',
      paymentPassword: '246810',
      googleCode: '123456',
    })
    // Nothing typed is lost.
    expect((screen.getByLabelText('Amount') as HTMLInputElement).value).toBe('50')
    expect((screen.getByLabelText('Payment password') as HTMLInputElement).value).toBe('246810')
    expect((field as HTMLInputElement).value).toBe('123 456')

    answer = 'used'
    await user.click(screen.getByRole('button', { name: 'Withdraw' }))
    expect(await screen.findByText('This code has already been used. Wait for the next code.')).toBeTruthy()
    expect(field.getAttribute('aria-invalid')).toBe('true')
  })

  test('shows the field when the server asks for the code the settings did not', async () => {
    stubMoneyApi(moneyAnswers({ [authenticatorEndpoints.securityConfig.path]: config(true, false) }), {
      [fundsEndpoints.withdraw.path]: () => ({
        fail: { status: 422, errorCode: 'authenticator_code_required' },
      }),
    })
    await stubPublicKey()
    const user = userEvent.setup()
    await renderUi(<WithdrawPage onSecurityCentre={() => undefined} />)
    await user.type(await screen.findByLabelText('Amount'), '50')
    await user.type(screen.getByLabelText('Payment password'), '246810')
    await user.click(screen.getByRole('button', { name: 'Withdraw' }))
    const field = await screen.findByLabelText('Authenticator code')
    expect(field.getAttribute('aria-invalid')).toBe('true')
    expect(screen.getByText('Enter the code your authenticator app shows.')).toBeTruthy()
    expect((screen.getByLabelText('Payment password') as HTMLInputElement).value).toBe('246810')
  })
})
