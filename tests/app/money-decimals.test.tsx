/**
 * The PWA on a brand whose currency has no decimals (the dong): balances and limits are
 * shown as whole dong, an amount field refuses a fraction of a dong before anything is
 * sent, and the server's amount refusal is explained with the decimals it names.
 */
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { TransferFundPage } from '#src/features/money/components/transfer-fund-page.tsx'
import { WithdrawPage } from '#src/features/money/components/withdraw-page.tsx'
import { moneyCatalog } from '#src/features/money/money-catalog.ts'
import { loadSectionCatalog } from '#src/lib/i18n.ts'
import { endSession } from '#src/lib/session.ts'
import { brand, balances, logIn, moneyAnswers, stubMoneyApi } from './fixtures'
import { renderApp, renderUi } from './render'

const dong = {
  currency: 'VND',
  currencySymbol: '₫',
  currencyDecimals: 0,
}

/** The money answers of a dong brand: 100,000 dong in all, limits in whole dong. */
function dongAnswers(over: Record<string, unknown> = {}) {
  return moneyAnswers({
    '/wps/system/settings/consolidated': { ...brand, ...dong },
    '/wps/v2/wallets/balance': {
      ...balances,
      ...dong,
      sumBalance: '100000',
      balance: [
        { accountTypeId: 2, accountTypeName: 'Main wallet', availBalance: '75000', status: 'OK' },
        { accountTypeId: 100, accountTypeName: 'MKL', availBalance: '25000', status: 'OK' },
      ],
    },
    '/wps/relay/GCS_merchantWallet': { walletMode: 'MULTI', mainAccountTypeId: 2, ...dong },
    '/wps/relay/MCSFE_getWithdrawSettings': {
      ...(moneyAnswers()['/wps/relay/MCSFE_getWithdrawSettings'] as object),
      minimumAmount: '50000',
      maximumAmount: '20000000',
      availableBalance: '75000',
    },
    ...over,
  })
}

beforeEach(async () => {
  logIn()
  await loadSectionCatalog(moneyCatalog)
})
afterEach(() => {
  endSession()
  vi.unstubAllGlobals()
})

describe('a brand whose currency has no decimals', () => {
  test('the header shows the balance as whole dong', async () => {
    stubMoneyApi(dongAnswers())
    await renderApp('/index')
    const banner = await screen.findByRole('banner')
    expect(await within(banner).findByLabelText('Balance: ₫100,000')).toBeTruthy()
    expect(banner.textContent).not.toContain('1,000.00')
  })

  test('the withdraw page shows balance and limits in dong and refuses 10.5 before sending', async () => {
    const sent = stubMoneyApi(dongAnswers())
    const user = userEvent.setup()
    await renderUi(<WithdrawPage onSecurityCentre={() => undefined} />)
    expect(await screen.findByText('₫50,000')).toBeTruthy()
    expect(screen.getByText('₫20,000,000')).toBeTruthy()
    expect(screen.getByText('₫75,000')).toBeTruthy()
    expect(screen.getByText('Min ₫50,000, max ₫20,000,000')).toBeTruthy()
    const amount = screen.getByLabelText('Amount')
    expect(amount.getAttribute('inputmode')).toBe('numeric')
    expect(amount.getAttribute('placeholder')).toBe('* 0')
    await user.type(amount, '10.5')
    await user.type(screen.getByLabelText('Payment password'), '123456')
    await user.click(screen.getByRole('button', { name: 'Withdraw' }))
    expect(await screen.findByText('Enter a whole amount above zero, with no decimals.')).toBeTruthy()
    expect(sent.some((s) => s.path === '/wps/relay/withdraw')).toBe(false)
  })

  test('a transfer sends the typed whole dong as they are', async () => {
    const sent = stubMoneyApi(dongAnswers(), {
      '/wps/relay/GCS_walletTransfer': () => dongAnswers()['/wps/v2/wallets/balance'],
    })
    const user = userEvent.setup()
    await renderUi(<TransferFundPage />)
    expect(await screen.findByText('₫75,000')).toBeTruthy()
    const amount = await screen.findByLabelText('Amount')
    for (const bad of ['10.5', '10.00', '0']) {
      await user.clear(amount)
      await user.type(amount, bad)
      await user.click(screen.getByRole('button', { name: 'Transfer' }))
      expect(await screen.findByText('Enter a whole amount above zero, with no decimals.')).toBeTruthy()
    }
    expect(sent.some((s) => s.path === '/wps/relay/GCS_walletTransfer')).toBe(false)
    await user.clear(amount)
    await user.type(amount, '5,000')
    await user.click(screen.getByRole('button', { name: 'Transfer' }))
    await waitFor(() => expect(sent.some((s) => s.path === '/wps/relay/GCS_walletTransfer')).toBe(true))
    expect(sent.find((s) => s.path === '/wps/relay/GCS_walletTransfer')?.body).toMatchObject({
      amount: '5,000',
    })
  })

  test('a server refusal of the amount is explained with the decimals it names, in Khmer too', async () => {
    // The page still believes in cents; the brand now counts in whole dong.
    stubMoneyApi(moneyAnswers(), {
      '/wps/relay/GCS_walletTransfer': () => ({
        fail: { status: 422, errorCode: 'amount_invalid', value: { decimals: 0 } },
      }),
    })
    const user = userEvent.setup()
    await renderUi(<TransferFundPage />, 'km')
    await user.type(await screen.findByLabelText('ចំនួនទឹកប្រាក់'), '12.50')
    await user.click(screen.getByRole('button', { name: 'ផ្ទេរ' }))
    expect(await screen.findByText('សូមបញ្ចូលចំនួនទឹកប្រាក់ជាចំនួនគត់ធំជាងសូន្យ ដោយគ្មានខ្ទង់ទសភាគ។')).toBeTruthy()
  })
})
