/**
 * The profile page in the member centre: the fields the brand shows with their required
 * marks, a locked field with its lock and the way to customer service, the rule engine's
 * message before anything is sent (and nothing typed lost), only the changed fields sent,
 * the server's refusal shown at its field, and the e-mail bound with a code after a countdown.
 */
import { fireEvent, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { defaultProfileRules, profileEndpoints, type Profile } from '#contract/profile'
import { endSession } from '#src/lib/session.ts'
import { logIn, moneyAnswers, stubMoneyApi } from './fixtures'
import { renderApp } from './render'

afterEach(() => {
  endSession()
  vi.unstubAllGlobals()
})

const values: Profile['values'] = {
  nickname: 'Lucky Dara',
  realName: null,
  birthday: '1990-05-05',
  email: null,
  mobile: '********5678',
  telegram: '@player01_demo',
  zalo: null,
  line: null,
  nationality: 'Cambodian',
  placeOfBirth: null,
  permanentAddress: null,
  currentAddress: null,
  occupation: null,
  sourceOfIncome: null,
}

const profile = (over: Partial<Profile> = {}): Profile => ({
  rules: defaultProfileRules.map((r) => (r.field === 'occupation' ? { ...r, required: true } : r)),
  values,
  locked: ['birthday'],
  minimumAge: 21,
  today: '2026-11-30',
  complete: false,
  ...over,
})

async function openProfile() {
  await renderApp('/index?popup=memberCentre&centre=profile')
  const dialog = await screen.findByRole('dialog', { name: 'Member centre' })
  await within(dialog).findByRole('button', { name: 'Save' })
  return dialog
}

describe('the profile page', () => {
  test('shows the values, the required marks and the locked birthday with the way to customer service', async () => {
    logIn()
    stubMoneyApi(moneyAnswers({ [profileEndpoints.info.path]: profile() }))
    const dialog = await openProfile()
    expect((within(dialog).getByLabelText('Nickname') as HTMLInputElement).value).toBe('Lucky Dara')
    expect(within(dialog).getByLabelText('Occupation *').getAttribute('aria-required')).toBe('true')
    expect(within(dialog).queryByLabelText('Birthday')).toBeNull()
    const locked = within(dialog).getByText('1990-05-05').closest('.profile-locked')
    expect(locked?.textContent).toContain('(locked)')
    expect(locked?.textContent).toContain('contact customer service')
    expect(within(dialog).getByText('********5678')).toBeTruthy()
    expect(within(dialog).getByText('Not bound')).toBeTruthy()
  })

  test('checks a rule before sending, keeps what was typed, and sends only the changes', async () => {
    logIn()
    const sent = stubMoneyApi(moneyAnswers({ [profileEndpoints.info.path]: profile() }), {
      [profileEndpoints.update.path]: (s) => profile({ values: { ...values, ...(s.body as object) } }),
    })
    const dialog = await openProfile()
    fireEvent.change(within(dialog).getByLabelText('Zalo'), { target: { value: '12ab' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }))
    expect(await within(dialog).findByText('Digits only (8-15 characters)')).toBeTruthy()
    expect(within(dialog).getByText('This field cannot be empty.')).toBeTruthy()
    expect(sent.some((s) => s.path === profileEndpoints.update.path)).toBe(false)
    expect((within(dialog).getByLabelText('Zalo') as HTMLInputElement).value).toBe('12ab')

    fireEvent.change(within(dialog).getByLabelText('Zalo'), { target: { value: '0912345678' } })
    fireEvent.change(within(dialog).getByLabelText('Occupation *'), { target: { value: 'Engineer' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }))
    expect(await within(dialog).findByText('Your profile has been saved.')).toBeTruthy()
    const update = sent.find((s) => s.path === profileEndpoints.update.path)
    expect(update?.body).toEqual({ zalo: '0912345678', occupation: 'Engineer' })
  })

  test('shows the server’s refusal at its field and keeps the form', async () => {
    logIn()
    stubMoneyApi(
      moneyAnswers({ [profileEndpoints.info.path]: profile({ rules: defaultProfileRules.slice() }) }),
      {
        [profileEndpoints.update.path]: () => ({
          fail: {
            status: 400,
            errorCode: 'validation_failed',
            value: { fields: [{ path: 'telegram', code: 'pattern:NO_SPACES', message: 'x' }] },
          },
        }),
      },
    )
    const dialog = await openProfile()
    fireEvent.change(within(dialog).getByLabelText('Telegram'), { target: { value: '@another_name' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }))
    const input = within(dialog).getByLabelText('Telegram') as HTMLInputElement
    await vi.waitFor(() => expect(input.getAttribute('aria-invalid')).toBe('true'))
    expect(input.value).toBe('@another_name')
  })

  test('binds an e-mail with the code sent to it, counting down before another', async () => {
    logIn()
    const sent = stubMoneyApi(moneyAnswers({ [profileEndpoints.info.path]: profile() }), {
      [profileEndpoints.bindSend.path]: () => ({ expiredMinutes: 5 }),
      [profileEndpoints.bindVerify.path]: () => profile({ values: { ...values, email: 'd***@example.com' } }),
    })
    const dialog = await openProfile()
    const email = within(dialog).getByText('Email').closest('.profile-bound-row') as HTMLElement
    fireEvent.click(within(email).getByRole('button', { name: 'Bind' }))
    fireEvent.change(within(email).getByLabelText('New email'), { target: { value: 'dara@example.com' } })
    fireEvent.click(within(email).getByRole('button', { name: 'Send code' }))
    expect(await within(email).findByText(/Send again in \d+ s/)).toBeTruthy()
    fireEvent.change(within(email).getByLabelText('Verification code'), { target: { value: '123456' } })
    fireEvent.click(within(email).getByRole('button', { name: 'Verify and bind' }))
    expect(await within(email).findByText('Your email is bound.')).toBeTruthy()
    expect(within(email).getByText('d***@example.com')).toBeTruthy()
    expect(sent.find((s) => s.path === profileEndpoints.bindVerify.path)?.body).toEqual({
      field: 'email',
      value: 'dara@example.com',
      verificationCode: '123456',
    })
  })
})
