/**
 * "Too many requests" tells the wait the server gave, not a fixed one: a locked password
 * stops for 15 minutes, a code for 5, a burst for seconds, in every language.
 */
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { ApiError } from '#src/lib/api-client.ts'
import { errorText } from '#src/lib/error-messages.ts'
import { activateLocale, i18n } from '#src/lib/i18n.ts'
import { defaultAnswers, stubMoneyApi } from './fixtures'
import { renderApp } from './render'

afterEach(() => vi.unstubAllGlobals())

const tooMany = (value?: unknown, header?: number) =>
  new ApiError('TOO_MANY_REQUESTS', 429, 'refused', value as never, header)

describe('too many requests', () => {
  test('the forgotten-password form shows the 15 minutes the server stops it for', async () => {
    sessionStorage.setItem('index-notice-seen', '1')
    stubMoneyApi(defaultAnswers(), {
      '/wps/member/password/email': () => ({
        fail: { status: 429, errorCode: 'TOO_MANY_REQUESTS', value: { retryAfterSeconds: 900 } },
      }),
    })
    const user = userEvent.setup()
    await renderApp('/index?popup=forgotPassword', 'en')
    const dialog = await screen.findByRole('dialog', { name: /password/i })
    await user.type(within(dialog).getByLabelText('Username'), 'member01')
    await user.type(within(dialog).getByLabelText('Email'), 'member01@example.com')
    await user.click(within(dialog).getByRole('button', { name: 'Send reset code' }))
    expect(await within(dialog).findByText('Too many requests. Please retry after 15 minutes.')).toBeTruthy()
  })

  test('seconds under a minute, minutes rounded up, the header when the body has no value', async () => {
    await activateLocale('en')
    expect(errorText(i18n, tooMany({ retryAfterSeconds: 1 }))).toBe(
      'Too many requests. Please retry after 1 second.',
    )
    expect(errorText(i18n, tooMany({ retryAfterSeconds: 42 }))).toBe(
      'Too many requests. Please retry after 42 seconds.',
    )
    expect(errorText(i18n, tooMany({ retryAfterSeconds: 61 }))).toBe(
      'Too many requests. Please retry after 2 minutes.',
    )
    expect(errorText(i18n, tooMany(undefined, 300))).toBe('Too many requests. Please retry after 5 minutes.')
    expect(errorText(i18n, tooMany())).toBe('Too many requests. Please try again later.')
  })

  test.each([
    ['km', '15 នាទី'],
    ['zh', '15 分钟'],
    ['th', '15 นาที'],
    ['vi', '15 phút'],
  ] as const)('in %s it names the same wait', async (locale, wait) => {
    await activateLocale(locale)
    const text = errorText(i18n, tooMany({ retryAfterSeconds: 900 }))
    expect(text).toContain(wait)
    expect(text).not.toContain('5 minutes')
  })
})
