/**
 * The language switcher: a language whose texts cannot load (offline, its catalog never
 * fetched) leaves the page and the next server-rendered page in the language they were in,
 * and says so.
 */
import { fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, expect, it, vi } from 'vitest'
import { LanguageSwitcher } from '#src/components/layout/language-switcher.tsx'
import { Toasts } from '#src/components/ui/toasts.tsx'
import { i18n } from '#src/lib/i18n.ts'
import { renderUi } from './render'

vi.mock('#src/locales/th/messages.po', () => {
  throw new TypeError('Failed to fetch dynamically imported module')
})
// Chinese's texts come slowly, as on a poor network: only when the test lets them.
const zhTexts = vi.hoisted(() => {
  const gate = { arrive: () => {}, arrived: Promise.resolve() }
  gate.arrived = new Promise<void>((resolve) => {
    gate.arrive = resolve
  })
  return gate
})
vi.mock('#src/locales/zh/messages.po', async (importOriginal) => {
  await zhTexts.arrived
  return importOriginal()
})

afterEach(() => {
  document.cookie = 'lang=; path=/; max-age=0'
})

it('keeps the page in its language when the chosen one cannot load, and says why', async () => {
  await renderUi(
    <>
      <LanguageSwitcher />
      <Toasts dismissLabel="Dismiss" />
    </>,
  )
  const select = await screen.findByRole<HTMLSelectElement>('combobox', { name: 'Language' })
  fireEvent.change(select, { target: { value: 'th' } })
  expect(
    await screen.findByText('The language could not be switched. Check your connection and try again.'),
  ).toBeTruthy()
  expect(i18n.locale).toBe('en')
  expect(select.value).toBe('en')
  expect(document.documentElement.lang).toBe('en')
  // The server renders the next page in the language the cookie names: none was set.
  expect(document.cookie).not.toMatch(/lang=th/)
})

it('switches the page and the next server-rendered page to a language that loads', async () => {
  await renderUi(<LanguageSwitcher />)
  const select = await screen.findByRole<HTMLSelectElement>('combobox', { name: 'Language' })
  fireEvent.change(select, { target: { value: 'vi' } })
  await waitFor(() => expect(i18n.locale).toBe('vi'))
  await waitFor(() => expect(document.cookie).toMatch(/lang=vi/))
  expect(screen.getByRole<HTMLSelectElement>('combobox', { name: 'Ngôn ngữ' }).value).toBe('vi')
})

it('ends in the language picked last when the one picked first loads slower', async () => {
  await renderUi(<LanguageSwitcher />)
  const select = await screen.findByRole<HTMLSelectElement>('combobox', { name: 'Language' })
  fireEvent.change(select, { target: { value: 'zh' } })
  fireEvent.change(select, { target: { value: 'vi' } })
  await waitFor(() => expect(document.cookie).toMatch(/lang=vi/))
  // Chinese's texts arrive after Vietnamese took over: once they are loaded (the catalog's
  // change, right before the switch decides), the page stays Vietnamese.
  const loaded = new Promise<void>((resolve) => {
    const stop = i18n.on('change', () => {
      stop()
      resolve()
    })
  })
  zhTexts.arrive()
  await loaded
  expect(i18n.locale).toBe('vi')
  expect(document.documentElement.lang).toBe('vi')
  expect(document.cookie).not.toMatch(/lang=zh/)
})
