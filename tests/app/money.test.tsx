import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { authenticatorEndpoints } from '#contract/authenticator'
import { feedbackEndpoints } from '#contract/feedback'
import { missionEndpoints } from '#contract/missions'
import { defaultProfileRules, profileEndpoints, type Profile } from '#contract/profile'
import { promotionEndpoints } from '#contract/promotions'
import { referralEndpoints } from '#contract/referral'
import { vipEndpoints, type VipProgress } from '#contract/vip'
import { Toasts } from '#src/components/ui/toasts.tsx'
import { BonusDetailsPage } from '#src/features/money/components/bonus-details-page.tsx'
import { DepositPage } from '#src/features/money/components/deposit-page.tsx'
import { TransferFundPage } from '#src/features/money/components/transfer-fund-page.tsx'
import { WithdrawPage } from '#src/features/money/components/withdraw-page.tsx'
import { moneyCatalog } from '#src/features/money/money-catalog.ts'
import { loadSectionCatalog } from '#src/lib/i18n.ts'
import { idempotentRetries } from '#src/lib/mutation-config.ts'
import { endSession } from '#src/lib/session.ts'
import {
  abaLogoUrl,
  emptyPage,
  logIn,
  memberInfo,
  moneyAnswers,
  noTurnover,
  stubMoneyApi,
  withdrawal,
} from './fixtures'
import { summary, timeZone } from './missions-fixtures'
import { renderApp, renderUi } from './render'

beforeEach(async () => {
  logIn()
  await loadSectionCatalog(moneyCatalog)
})
afterEach(() => {
  // The session is an app-wide store; the popups live in each test's own router.
  endSession()
  vi.unstubAllGlobals()
})

const png = () =>
  new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3])], 'proof.png', {
    type: 'image/png',
  })

describe('header balance', () => {
  test('shows a placeholder, then the symbol and the sum, and hides as *** remembered', async () => {
    let release: () => void = () => undefined
    const gate = new Promise<void>((r) => (release = r))
    stubMoneyApi(moneyAnswers(), {})
    const real = globalThis.fetch
    vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
      if (String(url).includes('/wps/v2/wallets/balance')) await gate
      return real(url, init)
    })
    const user = userEvent.setup()
    await renderApp('/index')
    const banner = await screen.findByRole('banner')
    expect(await within(banner).findByRole('status', { name: 'Balance: refreshing' })).toBeTruthy()
    expect(banner.textContent).not.toContain('1,234.50')
    release()
    expect(await within(banner).findByLabelText('Balance: $1,234.50')).toBeTruthy()
    await user.click(within(banner).getByRole('button', { name: 'Hide balance' }))
    expect(within(banner).getByLabelText('Balance: hidden').textContent).toBe('***')
    expect(banner.textContent).not.toContain('1,234.50')
    expect(localStorage.getItem('balanceHidden')).toBe('1')
  })

  test('refreshes after a transfer in the member centre', async () => {
    const sent = stubMoneyApi(moneyAnswers(), {
      '/wps/relay/GCS_walletTransfer': () => moneyAnswers()['/wps/v2/wallets/balance'],
    })
    const user = userEvent.setup()
    await renderApp('/index')
    const banner = await screen.findByRole('banner')
    await within(banner).findByLabelText('Balance: $1,234.50')
    await user.click(within(banner).getByRole('button', { name: /^Account menu/ }))
    const menu = await screen.findByRole('dialog', { name: 'Account menu' })
    await user.click(await within(menu).findByRole('button', { name: /Dara/ }))
    const dialog = await screen.findByRole('dialog', { name: 'Member centre' })
    await user.click(within(dialog).getByRole('button', { name: 'My wallet' }))
    await user.type(await within(dialog).findByLabelText('Amount'), '5')
    const before = sent.filter((s) => s.path === '/wps/v2/wallets/balance').length
    await user.click(within(dialog).getByRole('button', { name: 'Transfer' }))
    await waitFor(() =>
      expect(sent.filter((s) => s.path === '/wps/v2/wallets/balance').length).toBeGreaterThan(before),
    )
  })
})

describe('transfer between wallets', () => {
  test('refuses 0, -1, 1e3 and 1.234 before sending, then sends exactly the typed amount', async () => {
    const sent = stubMoneyApi(moneyAnswers(), {
      '/wps/relay/GCS_walletTransfer': () => moneyAnswers()['/wps/v2/wallets/balance'],
    })
    const user = userEvent.setup()
    await renderUi(
      <>
        <TransferFundPage />
        <Toasts dismissLabel="Dismiss" />
      </>,
    )
    const amount = await screen.findByLabelText('Amount')
    expect(amount.getAttribute('inputmode')).toBe('decimal')
    for (const bad of ['0', '-1', '1e3', '1.234']) {
      await user.clear(amount)
      await user.type(amount, bad)
      await user.click(screen.getByRole('button', { name: 'Transfer' }))
      expect(await screen.findByText('Enter an amount above zero with at most 2 decimals.')).toBeTruthy()
    }
    expect(sent.some((s) => s.path === '/wps/relay/GCS_walletTransfer')).toBe(false)
    await user.clear(amount)
    await user.type(amount, '12.50')
    await user.click(screen.getByRole('button', { name: 'Transfer' }))
    await waitFor(() => expect(sent.some((s) => s.path === '/wps/relay/GCS_walletTransfer')).toBe(true))
    const transfer = sent.find((s) => s.path === '/wps/relay/GCS_walletTransfer')
    expect(transfer?.body).toEqual({ fromAccountTypeId: 2, toAccountTypeId: 100, amount: '12.50' })
    // Success empties the form.
    await waitFor(() => expect((amount as HTMLInputElement).value).toBe(''))
  })

  test('a network drop is retried unseen with the same key; an edited form gets a new one', async () => {
    let calls = 0
    const sent = stubMoneyApi(moneyAnswers(), {
      '/wps/relay/GCS_walletTransfer': () =>
        ++calls === 1 ? 'network' : moneyAnswers()['/wps/v2/wallets/balance'],
    })
    const user = userEvent.setup()
    await renderUi(
      <>
        <TransferFundPage />
        <Toasts dismissLabel="Dismiss" />
      </>,
    )
    const amount = await screen.findByLabelText('Amount')
    await user.type(amount, '20')
    await user.click(screen.getByRole('button', { name: 'Transfer' }))
    // Success empties the form; the dropped first try never showed.
    await waitFor(() => expect((amount as HTMLInputElement).value).toBe(''))
    expect(screen.queryByText('Network abnormal, please retry.')).toBeNull()
    await user.type(amount, '30')
    await user.click(screen.getByRole('button', { name: 'Transfer' }))
    await waitFor(() => expect(calls).toBe(3))
    const keys = sent
      .filter((s) => s.path === '/wps/relay/GCS_walletTransfer')
      .map((s) => s.headers['Idempotency-Key'])
    expect(keys[0]).toMatch(/^[A-Za-z0-9_-]{8,128}$/)
    expect(keys[1]).toBe(keys[0])
    expect(keys[2]).not.toBe(keys[0])
  })

  test('when the network stays down the error shows, and pressing Transfer again sends the same key', async () => {
    let down = true
    const sent = stubMoneyApi(moneyAnswers(), {
      '/wps/relay/GCS_walletTransfer': () => (down ? 'network' : moneyAnswers()['/wps/v2/wallets/balance']),
    })
    const user = userEvent.setup()
    await renderUi(
      <>
        <TransferFundPage />
        <Toasts dismissLabel="Dismiss" />
      </>,
    )
    const amount = await screen.findByLabelText('Amount')
    await user.type(amount, '20')
    await user.click(screen.getByRole('button', { name: 'Transfer' }))
    expect(await screen.findByText('Network abnormal, please retry.')).toBeTruthy()
    down = false
    await user.click(screen.getByRole('button', { name: 'Transfer' }))
    await waitFor(() => expect((amount as HTMLInputElement).value).toBe(''))
    const keys = sent
      .filter((s) => s.path === '/wps/relay/GCS_walletTransfer')
      .map((s) => s.headers['Idempotency-Key'])
    expect(keys).toHaveLength(1 + idempotentRetries + 1)
    expect(new Set(keys).size).toBe(1)
  })

  test('shows wallets under maintenance, and only the main wallet in SINGLE mode', async () => {
    stubMoneyApi(moneyAnswers())
    const first = await renderUi(<TransferFundPage />)
    expect(await screen.findByText('ANG')).toBeTruthy()
    expect(screen.getByText('Maintenance', { selector: '.badge' })).toBeTruthy()
    first.unmount()
    stubMoneyApi(
      moneyAnswers({
        '/wps/relay/GCS_merchantWallet': {
          walletMode: 'SINGLE',
          mainAccountTypeId: 2,
          currency: 'USD',
          currencySymbol: '$',
          currencyDecimals: 2,
        },
      }),
    )
    await renderUi(<TransferFundPage />)
    expect(await screen.findByText('Main wallet')).toBeTruthy()
    await waitFor(() => expect(screen.queryByText('MKL')).toBeNull())
    expect(screen.queryByRole('button', { name: 'Transfer' })).toBeNull()
  })
})

describe('withdrawal', () => {
  test('an insufficient balance refusal shows the current balance the server sent', async () => {
    stubMoneyApi(moneyAnswers(), {
      '/wps/relay/withdraw': () => ({
        fail: { status: 422, errorCode: 'insufficient_balance', value: { balance: '12.34' } },
      }),
      '/wps/system/publicKey': () => ({ fail: { status: 500, errorCode: 'internal_error' } }),
    })
    // The withdraw call is encrypted: a real key pair lets the client seal it.
    const pair = await crypto.subtle.generateKey(
      { name: 'RSA-OAEP', modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' },
      true,
      ['encrypt', 'decrypt'],
    )
    const spki = Buffer.from(await crypto.subtle.exportKey('spki', pair.publicKey)).toString('base64')
    const base = globalThis.fetch
    vi.stubGlobal('fetch', async (url: string, init?: RequestInit) =>
      String(url).endsWith('/wps/system/publicKey')
        ? new Response(
            JSON.stringify({ success: true, value: { kid: 'k1', alg: 'RSA-OAEP-256+A256GCM', spki } }),
          )
        : base(url, init),
    )
    const user = userEvent.setup()
    await renderUi(<WithdrawPage onSecurityCentre={() => undefined} />)
    await user.type(await screen.findByLabelText('Amount'), '500')
    await user.type(screen.getByLabelText('Payment password'), '123456')
    await user.click(screen.getByRole('button', { name: 'Withdraw' }))
    expect(await screen.findByText('Your balance is not enough. Your balance is $12.34.')).toBeTruthy()
  })

  test('an open turnover requirement is shown above the form, which waits for it', async () => {
    const settings = moneyAnswers()['/wps/relay/MCSFE_getWithdrawSettings'] as object
    stubMoneyApi(
      moneyAnswers({
        '/wps/relay/MCSFE_getWithdrawSettings': {
          ...settings,
          turnover: { remaining: '1240.00', count: 2, required: '1500.00', done: '260.00' },
        },
      }),
    )
    await renderUi(<WithdrawPage onSecurityCentre={() => undefined} />)
    expect(await screen.findByText('Wager $1,240.00 more before you can withdraw.')).toBeTruthy()
    const bar = screen.getByRole('progressbar', { name: 'Valid bets $260.00 of $1,500.00' })
    expect(bar.getAttribute('value')).toBe('173')
    const submit = screen.getByRole('button', { name: 'Withdraw' })
    expect((submit as HTMLButtonElement).disabled).toBe(true)
    expect(submit.getAttribute('aria-describedby')).toBe('withdraw-turnover')
  })

  test('a turnover refusal says how much is left to wager', async () => {
    stubMoneyApi(moneyAnswers(), {
      '/wps/relay/withdraw': () => ({
        fail: { status: 422, errorCode: 'turnover_not_met', value: { remaining: '80.00' } },
      }),
    })
    const pair = await crypto.subtle.generateKey(
      { name: 'RSA-OAEP', modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' },
      true,
      ['encrypt', 'decrypt'],
    )
    const spki = Buffer.from(await crypto.subtle.exportKey('spki', pair.publicKey)).toString('base64')
    const base = globalThis.fetch
    vi.stubGlobal('fetch', async (url: string, init?: RequestInit) =>
      String(url).endsWith('/wps/system/publicKey')
        ? new Response(
            JSON.stringify({ success: true, value: { kid: 'k1', alg: 'RSA-OAEP-256+A256GCM', spki } }),
          )
        : base(url, init),
    )
    const user = userEvent.setup()
    await renderUi(<WithdrawPage onSecurityCentre={() => undefined} />)
    await user.type(await screen.findByLabelText('Amount'), '500')
    await user.type(screen.getByLabelText('Payment password'), '123456')
    await user.click(screen.getByRole('button', { name: 'Withdraw' }))
    expect(await screen.findByText('Wager $80.00 more before you can withdraw.')).toBeTruthy()
  })

  test('asks for a payment password first, with a way to set it', async () => {
    stubMoneyApi(
      moneyAnswers({
        '/wps/relay/MCSFE_getWithdrawSettings': {
          minimumAmount: '10.00',
          maximumAmount: '5000.00',
          availableBalance: '1000.00',
          hasPaymentPassword: false,
          maxBankCards: 3,
          autoReceiveMinutes: 60,
          turnover: noTurnover,
          turnoverComplete: null,
          bonusForfeit: null,
          today: {
            count: 0,
            amount: '0.00',
            countLimit: null,
            countLeft: null,
            amountLimit: null,
            amountLeft: null,
          },
          paymentPasswordRule: {
            field: 'paymentPassword',
            enabled: true,
            required: true,
            minLength: 6,
            maxLength: 6,
            acceptedPattern: '^[0-9]+$',
            patternId: 'DIGITS',
          },
        },
      }),
    )
    const go = vi.fn()
    const user = userEvent.setup()
    await renderUi(<WithdrawPage onSecurityCentre={go} />)
    expect(await screen.findByText('Set a payment password before you withdraw.')).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Withdraw' })).toBeNull()
    await user.click(screen.getByRole('button', { name: 'Set a payment password' }))
    expect(go).toHaveBeenCalled()
  })

  test('confirming a paid withdrawal as not received requires a proof image', async () => {
    const sent = stubMoneyApi(
      moneyAnswers({
        '/wps/relay/MCSFE_getPaymentConfirmationList': [
          withdrawal({
            status: 'PAID',
            paidAt: Date.UTC(2026, 10, 20, 9),
            autoReceiveAt: Date.UTC(2026, 10, 20, 10),
          }),
        ],
      }),
      { '/wps/relay/MCSFE_confirmWithdrawal': () => withdrawal({ status: 'NOT_RECEIVED' }) },
    )
    const user = userEvent.setup()
    await renderUi(<WithdrawPage onSecurityCentre={() => undefined} />)
    const section = await screen.findByRole('region', { name: 'Withdrawal confirmation' })
    expect(within(section).getByText(/counts as received at/)).toBeTruthy()
    await user.click(within(section).getByRole('radio', { name: 'Partly received' }))
    await user.type(within(section).getByLabelText('Amount received'), '40')
    expect(within(section).getByText('Not received: $60.00')).toBeTruthy()
    await user.click(within(section).getByRole('radio', { name: 'Not received' }))
    await user.click(within(section).getByRole('button', { name: 'Confirm' }))
    expect(
      await within(section).findByText('Add a screenshot that shows the money did not arrive.'),
    ).toBeTruthy()
    expect(sent.some((s) => s.path === '/wps/relay/MCSFE_confirmWithdrawal')).toBe(false)
    await user.upload(within(section).getByLabelText('Proof (screenshot of your account)'), png())
    await user.click(within(section).getByRole('button', { name: 'Confirm' }))
    await waitFor(() => expect(sent.some((s) => s.path === '/wps/relay/MCSFE_confirmWithdrawal')).toBe(true))
    const body = sent.find((s) => s.path === '/wps/relay/MCSFE_confirmWithdrawal')?.body as {
      outcome: string
      proof: { contentType: string; data: string }
    }
    expect(body.outcome).toBe('NOT_RECEIVED')
    expect(body.proof.contentType).toBe('image/png')
    expect(body.proof.data).toBe(Buffer.from(await png().arrayBuffer()).toString('base64'))
  })
})

/** A new member's profile: nothing filled in, nothing locked. */
const newProfile: Profile = {
  rules: [...defaultProfileRules],
  values: {
    nickname: null,
    realName: null,
    birthday: null,
    email: null,
    mobile: null,
    telegram: null,
    zalo: null,
    line: null,
    nationality: null,
    placeOfBirth: null,
    permanentAddress: null,
    currentAddress: null,
    occupation: null,
    sourceOfIncome: null,
  },
  locked: [],
  minimumAge: 18,
  today: '2026-11-30',
  complete: false,
}

/** A brand without VIP levels: the base level and no next one. */
const newVipProgress: VipProgress = {
  playerRankName: '',
  rank: 0,
  badge: null,
  since: null,
  month: '2026-11',
  timeZone,
  keep: { actual: '0.00', expected: '0.00' },
  next: null,
}

describe('member centre pages', () => {
  // Sixteen pages, each with its reads: longer than one user step on a loaded machine.
  test('every page renders at 360 px wide without an error', async () => {
    window.innerWidth = 360
    const answers = moneyAnswers({
      '/wps/member/info': memberInfo({ toUpline: true }),
      // Every page's reads answered as for a new member: an error shown is the page's own.
      '/wps/relay/CSP_getInbox': { list: [], total: 0, pageNo: 1, pageSize: 10, unread: 0 },
      '/wps/relay/CSP_unreadCount': { unread: 0 },
      [profileEndpoints.info.path]: newProfile,
      [authenticatorEndpoints.securityConfig.path]: {
        authenticator: { enabled: false, recoveryCodesLeft: 0, enabledAt: null },
        authenticatorOnWithdraw: false,
      },
      '/wps/session/devices': { devices: [] },
      [promotionEndpoints.available.path]: { list: [], claimable: 0, timeZone },
      [promotionEndpoints.claimList.path]: emptyPage,
      [missionEndpoints.summary.path]: summary(false),
      [vipEndpoints.rules.path]: { list: [] },
      [vipEndpoints.progress.path]: newVipProgress,
      [referralEndpoints.details.path]: {
        referralCode: 'K7QM2XWA',
        registerUrl: 'https://lotus.example/register?referralCode=K7QM2XWA',
        totalInvitations: 0,
        promotionDomains: [],
      },
      [referralEndpoints.friends.path]: emptyPage,
      [referralEndpoints.claims.path]: emptyPage,
      [feedbackEndpoints.list.path]: {
        ...emptyPage,
        limits: { minWords: 3, maxWords: 200, perDay: 10, maxImages: 3, maxImageBytes: 5 * 1024 * 1024 },
      },
      [referralEndpoints.overview.path]: {
        totalInvitations: 0,
        deposited: 0,
        rewarded: 0,
        pending: 0,
        totalEarned: '0.00',
        rules: {
          enabled: true,
          rewardAmount: '10.00',
          turnover: '100.00',
          shareBp: 0,
          rewardTurnoverMultiple: '1',
        },
      },
    })
    const sent = stubMoneyApi(answers)
    const user = userEvent.setup()
    const { queryClient } = await renderApp('/index')
    const banner = await screen.findByRole('banner')
    await user.click(await within(banner).findByRole('button', { name: /^Account menu/ }))
    const accountMenu = await screen.findByRole('dialog', { name: 'Account menu' })
    await user.click(await within(accountMenu).findByRole('button', { name: /Dara/ }))
    const dialog = await screen.findByRole('dialog', { name: 'Member centre' })
    const menu = within(dialog).getByRole('navigation', { name: 'Member centre menu' })
    // The 13 pages of spec section 2, the VIP level (decision 030), the profile and feedback
    // (issue 37), each registered by the feature that owns it, and two entries that open
    // /pointMall on a tab (their own test is in point-mall.test.tsx).
    const entries = within(menu).getAllByRole('button')
    expect(entries).toHaveLength(18)
    const opensMall = /^(Redeem history|Points details)/
    for (const item of entries.filter((b) => !opensMall.test(b.textContent ?? ''))) {
      const from = sent.length
      await user.click(item)
      expect(item.getAttribute('aria-current')).toBe('page')
      // Settled: no skeleton is busy and none of the page's reads is still on the way.
      await waitFor(() => {
        expect(within(dialog).queryAllByRole('status', { busy: true })).toEqual([])
        expect(queryClient.isFetching()).toBe(0)
      })
      const unanswered = sent.slice(from).filter((x) => answers[x.path] === undefined)
      expect(
        within(dialog)
          .queryAllByRole('alert')
          .map((a) => a.textContent),
        `${item.textContent}: reads without an answer: ${unanswered.map((x) => x.path).join(', ')}`,
      ).toEqual([])
    }
    await user.click(within(menu).getByRole('button', { name: 'My account' }))
    // The page's member information (the card above the menu names the member too).
    expect(await within(dialog).findByText('member01', { selector: '.centre-panel *' })).toBeTruthy()
    expect(within(dialog).getByRole('heading', { name: 'Change payment password' })).toBeTruthy()
  }, 60_000)

  test('the account record shows movements with their type, signed amount and balance after', async () => {
    stubMoneyApi(
      moneyAnswers({
        '/wps/relay/ODSFE2_MemTransDet': {
          list: [
            {
              id: 1,
              time: Date.now(),
              type: 'WITHDRAWAL_RETURN',
              amount: '50.00',
              balanceAfter: '1050.00',
              accountTypeId: 2,
              accountTypeName: 'Main wallet',
              memo: 'rejected',
            },
          ],
          total: 1,
          pageNo: 1,
          pageSize: 20,
        },
      }),
    )
    const user = userEvent.setup()
    await renderApp('/index')
    const banner = await screen.findByRole('banner')
    await user.click(await within(banner).findByRole('button', { name: /^Account menu/ }))
    const accountMenu = await screen.findByRole('dialog', { name: 'Account menu' })
    await user.click(within(accountMenu).getByRole('button', { name: 'Account record' }))
    const dialog = await screen.findByRole('dialog', { name: 'Member centre' })
    const list = await within(dialog).findByRole('list', { name: 'Account record' })
    expect(list.textContent).toContain('Withdrawal returned')
    expect(list.textContent).toContain('+$50.00')
    expect(list.textContent).toContain('Balance $1,050.00')
  })

  test('the account menu opens from its button, and Escape closes it with focus back on the button', async () => {
    stubMoneyApi(moneyAnswers({}))
    const user = userEvent.setup()
    await renderApp('/index')
    const banner = await screen.findByRole('banner')
    const toggle = await within(banner).findByRole('button', { name: /^Account menu/ })
    expect(toggle.getAttribute('aria-expanded')).toBe('false')
    expect(screen.queryByRole('button', { name: 'Log out' })).toBeNull()
    await user.click(toggle)
    expect(toggle.getAttribute('aria-expanded')).toBe('true')
    const menu = await screen.findByRole('dialog', { name: 'Account menu' })
    await within(menu).findByRole('button', { name: /Dara/ })
    expect(
      within(menu)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual([
      '×',
      'DaraMember centre',
      'Deposit',
      'Withdrawal',
      'Account record',
      'Betting record',
      'Log out',
    ])
    await user.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Account menu' })).toBeNull())
    expect(document.activeElement).toBe(toggle)
  })
})

describe('bonus details', () => {
  test('shows each turnover requirement with its progress and state', async () => {
    const requirement = (over: object) => ({
      id: 1,
      bonus: '50.00',
      required: '500.00',
      done: '0.00',
      remaining: '500.00',
      status: 'open',
      source: 'operator',
      createdAt: Date.now(),
      closedAt: null,
      ...over,
    })
    stubMoneyApi(
      moneyAnswers({
        '/wps/relay/MCSFE_getTurnoverInfo': {
          remaining: '130.00',
          count: 1,
          required: '500.00',
          done: '370.00',
          requirements: [
            requirement({ id: 3, done: '370.00', remaining: '130.00' }),
            requirement({
              id: 2,
              bonus: '10.00',
              required: '100.00',
              done: '100.00',
              remaining: '0.00',
              status: 'met',
            }),
            requirement({ id: 1, bonus: '5.00', required: '50.00', remaining: '0.00', status: 'waived' }),
          ],
        },
      }),
    )
    await renderUi(<BonusDetailsPage />)
    const section = await screen.findByRole('region', { name: 'Turnover requirements' })
    expect(await within(section).findByText('Wager $130.00 more before you can withdraw.')).toBeTruthy()
    const rows = within(section).getAllByRole('listitem')
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringMatching(/^Bonus \$50\.00: wager \$500\.00In progress\$370\.00 of \$500\.00/),
      expect.stringMatching(/^Bonus \$10\.00: wager \$100\.00Completed\$100\.00 of \$100\.00/),
      expect.stringMatching(/^Bonus \$5\.00: wager \$50\.00Waived/),
    ])
    expect(within(rows[2] as HTMLElement).queryByRole('progressbar')).toBeNull()
  })
})

describe('deposit page', () => {
  test('names each method and each recent deposit as the API names it in the page’s language', async () => {
    const deposit = (id: number, methodCode: string) => ({
      id,
      methodCode,
      kind: 'BANK_TRANSFER',
      amount: '25.00',
      status: 'PENDING',
      reference: `ref ${id}`,
      referenceCode: null,
      hasReceipt: false,
      createdAt: Date.now(),
      settledAt: null,
    })
    const answers = moneyAnswers()
    const methods = answers['/wps/relay/MCSFE_getDepositMethods'] as { methods: { name: string }[] }
    stubMoneyApi({
      ...answers,
      '/wps/relay/MCSFE_getDepositMethods': {
        ...methods,
        methods: methods.methods.map((m) => ({ ...m, name: 'ផ្ទេរតាមធនាគារ' })),
      },
      // BANK is offered; OLD is a method no longer offered, shown by its code.
      '/wps/relay/MCSFE_getDepositTransactionReport': {
        list: [deposit(1, 'BANK'), deposit(2, 'OLD')],
        total: 2,
        pageNo: 1,
        pageSize: 10,
      },
    })
    await renderUi(<DepositPage />)
    expect(await screen.findByRole('radio', { name: /ផ្ទេរតាមធនាគារ/ })).toBeTruthy()
    const recent = await screen.findByRole('region', { name: 'Recent deposits' })
    await waitFor(() => expect(within(recent).getAllByRole('listitem')).toHaveLength(2))
    const [first, second] = within(recent).getAllByRole('listitem')
    expect(first?.textContent).toContain('· ផ្ទេរតាមធនាគារ')
    expect(first?.textContent).not.toContain('BANK')
    expect(second?.textContent).toContain('· OLD')
  })
})

describe('deposit page at work', () => {
  const onlineDeposit = (status: 'PENDING' | 'CREDITED' | 'FAILED') => ({
    id: 7,
    methodCode: 'DEMOPAY',
    kind: 'ONLINE',
    amount: '25.00',
    status,
    reference: null,
    referenceCode: null,
    hasReceipt: false,
    createdAt: Date.now(),
    settledAt: status === 'PENDING' ? null : Date.now(),
  })

  test('offers round amounts within the method’s limits; one fills the amount, and a typed one outside is refused at the field', async () => {
    stubMoneyApi(moneyAnswers())
    const user = userEvent.setup()
    await renderUi(<DepositPage />)
    const chips = await screen.findByRole('group', { name: 'Quick amounts' })
    expect(
      within(chips)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['$10', '$50', '$100', '$500', '$1,000', '$5,000'])
    const amount = screen.getByLabelText('Amount') as HTMLInputElement
    await user.click(within(chips).getByRole('button', { name: '$100' }))
    expect(amount.value).toBe('100.00')
    expect(within(chips).getByRole('button', { name: '$100' }).getAttribute('aria-pressed')).toBe('true')
    await user.clear(amount)
    await user.type(amount, '5')
    await user.tab()
    expect(amount.getAttribute('aria-invalid')).toBe('true')
    expect(screen.getByText('The smallest amount is $10.00.')).toBeTruthy()
    await user.clear(amount)
    await user.type(amount, '20000')
    await user.tab()
    expect(screen.getByText('The largest amount is $10,000.00.')).toBeTruthy()
  })

  test('copies each detail of the transfer and says Copied, and sends the server’s reference with the deposit', async () => {
    const sent = stubMoneyApi(moneyAnswers(), {
      '/wps/relay/depositTransferGeneric': () => ({ ...onlineDeposit('PENDING'), kind: 'BANK_TRANSFER' }),
    })
    const user = userEvent.setup()
    await renderUi(<DepositPage />)
    const details = await screen.findByRole('region', { name: 'Send your transfer to' })
    expect(await within(details).findByText('K7QM4XP2', { selector: '.transfer-value' })).toBeTruthy()
    expect(within(details).getByText(/in your transfer’s note/).textContent).toContain('K7QM4XP2')
    const copyNumber = within(details).getByRole('button', { name: 'Copy Account number' })
    await user.click(copyNumber)
    // user-event's clipboard stands in for the browser's.
    expect(await navigator.clipboard.readText()).toBe('000 111 222')
    // It says so, and a reader hears the same words first.
    expect(within(details).getByRole('button', { name: 'Copied Account number' })).toBe(copyNumber)
    expect(within(details).getByText('Account number copied')).toBeTruthy()
    await user.click(within(details).getByRole('button', { name: 'Copy Reference' }))
    expect(await navigator.clipboard.readText()).toBe('K7QM4XP2')
    for (const name of ['Copy Bank', 'Copy Account name']) {
      expect(within(details).getByRole('button', { name })).toBeTruthy()
    }

    // The amount joins the details once it is within the limits, copied as the bank app takes it.
    expect(within(details).queryByRole('button', { name: 'Copy Amount' })).toBeNull()
    await user.type(screen.getByLabelText('Amount'), '1000')
    expect(within(details).getByText('$1,000.00')).toBeTruthy()
    await user.click(within(details).getByRole('button', { name: 'Copy Amount' }))
    expect(await navigator.clipboard.readText()).toBe('1000.00')
    await user.clear(screen.getByLabelText('Amount'))
    await user.type(screen.getByLabelText('Amount'), '50')
    await user.click(screen.getByRole('button', { name: 'Submit deposit' }))
    await waitFor(() => expect(sent.some((s) => s.path === '/wps/relay/depositTransferGeneric')).toBe(true))
    expect(sent.find((s) => s.path === '/wps/relay/depositTransferGeneric')?.body).toEqual({
      methodCode: 'BANK',
      amount: '50',
      referenceCode: 'K7QM4XP2',
    })
  })

  test('shows the bank’s QR when the method has one', async () => {
    const answers = moneyAnswers()
    const methods = answers['/wps/relay/MCSFE_getDepositMethods'] as { methods: object[] }
    const qrPayload =
      '00020101021129190015lotus_play@demo5204599953038405802KH5917Lotus Play Co Ltd6010Phnom Penh63047D4B'
    stubMoneyApi({
      ...answers,
      '/wps/relay/MCSFE_getDepositMethods': {
        allowDeposit: true,
        methods: methods.methods.map((m) => ({ ...m, qrPayload })),
      },
    })
    await renderUi(<DepositPage />)
    const name = 'QR code to pay ABA Bank'
    await waitFor(() =>
      expect(screen.getByRole('img', { name }).getAttribute('src')).toMatch(/^data:image\/svg\+xml/),
    )
  })

  test('shows the bank’s logo with its method (named by the bank) and beside the bank’s name, and the page’s own mark when it cannot load', async () => {
    stubMoneyApi(moneyAnswers())
    await renderUi(<DepositPage />)
    const method = await screen.findByRole('radio', { name: /ABA Bank/ })
    const methods = screen.getByRole('group', { name: 'Deposit method' })
    const logo = within(methods).getByRole('img', { name: 'ABA Bank' })
    expect(logo.getAttribute('src')).toBe(abaLogoUrl)
    expect(method.closest('label')?.contains(logo)).toBe(true)
    // Beside the bank's written name the logo is decorative: it does not say the name twice.
    const details = await screen.findByRole('region', { name: 'Send your transfer to' })
    const beside = details.querySelector('.transfer-bank img')
    expect(beside?.getAttribute('src')).toBe(abaLogoUrl)
    expect(beside?.getAttribute('alt')).toBe('')
    // A picture that cannot load (offline, never seen) gives way to the initials.
    fireEvent.error(logo)
    const mark = await within(methods).findByRole('img', { name: 'ABA Bank' })
    expect(mark.tagName).toBe('SPAN')
    expect(mark.textContent).toBe('ABA')
  })

  test('previews the chosen receipt, and Remove takes it away and keeps the amount', async () => {
    const sent = stubMoneyApi(moneyAnswers(), {
      '/wps/relay/depositTransferGeneric': () => ({ ...onlineDeposit('PENDING'), kind: 'BANK_TRANSFER' }),
    })
    const user = userEvent.setup()
    await renderUi(<DepositPage />)
    await screen.findByText('K7QM4XP2', { selector: '.transfer-value' })
    await user.type(screen.getByLabelText('Amount'), '50')
    const picker = screen.getByLabelText('Receipt (optional)')
    expect(screen.getByText('Choose a picture')).toBeTruthy()
    await user.upload(picker, png())
    const preview = await screen.findByRole('img', { name: 'Chosen picture: proof.png' })
    expect(preview.getAttribute('src')).toMatch(/^data:image\/png;base64,/)
    expect(screen.getByText('Choose another picture')).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'Remove proof.png' }))
    expect(screen.queryByRole('img', { name: /Chosen picture/ })).toBeNull()
    expect(document.activeElement).toBe(picker)
    expect((screen.getByLabelText('Amount') as HTMLInputElement).value).toBe('50')
    await user.upload(picker, png())
    await screen.findByRole('img', { name: 'Chosen picture: proof.png' })
    await user.click(screen.getByRole('button', { name: 'Remove proof.png' }))
    await user.click(screen.getByRole('button', { name: 'Submit deposit' }))
    await waitFor(() => expect(sent.some((s) => s.path === '/wps/relay/depositTransferGeneric')).toBe(true))
    expect(sent.find((s) => s.path === '/wps/relay/depositTransferGeneric')?.body).not.toHaveProperty(
      'receipt',
    )
  })

  test.each([
    ['CREDITED', 'Payment received', 'The money is in your main wallet. Good luck!', 'Make another deposit'],
    [
      'FAILED',
      'Payment not completed',
      'The payment was cancelled or refused, and nothing was taken. You can try again.',
      'Try again',
    ],
    [
      'PENDING',
      'Payment being confirmed',
      /waiting for the payment provider to confirm/,
      'Make another deposit',
    ],
  ] as const)(
    'back from the gateway, a %s payment shows its result and what to do next',
    async (status, title, words, again) => {
      const sent = stubMoneyApi(moneyAnswers({ '/wps/relay/MCSFE_getDepositResult': onlineDeposit(status) }))
      sessionStorage.setItem('index-notice-seen', '1')
      const user = userEvent.setup()
      await renderApp('/index?deposit=DP0123456789ABCDEF01')
      const dialog = await screen.findByRole('dialog', { name: 'Member centre' })
      const result = await within(dialog).findByRole('region', { name: title })
      expect(within(result).getByText('$25.00')).toBeTruthy()
      expect(within(result).getByText(words)).toBeTruthy()
      expect(within(result).getByText('DP0123456789ABCDEF01')).toBeTruthy()
      expect(sent.find((s) => s.path === '/wps/relay/MCSFE_getDepositResult')?.query.get('order')).toBe(
        'DP0123456789ABCDEF01',
      )
      await user.click(within(result).getByRole('button', { name: again }))
      expect(await within(dialog).findByRole('group', { name: 'Quick amounts' })).toBeTruthy()
      expect(within(dialog).queryByRole('region', { name: title })).toBeNull()
    },
  )

  test('an order that is not the member’s answers as a missing deposit', async () => {
    stubMoneyApi(
      moneyAnswers({
        '/wps/relay/MCSFE_getDepositResult': { fail: { status: 404, errorCode: 'deposit_not_found' } },
      }),
    )
    sessionStorage.setItem('index-notice-seen', '1')
    await renderApp('/index?deposit=DP0123456789ABCDEF01')
    const dialog = await screen.findByRole('dialog', { name: 'Member centre' })
    expect(await within(dialog).findByText('This deposit does not exist.')).toBeTruthy()
    expect(within(dialog).getByRole('button', { name: 'Back to deposit' })).toBeTruthy()
  })
})

describe('deposit and withdraw shortcuts', () => {
  test('a visitor has no balance or money shortcuts, only Log in and Register', async () => {
    endSession()
    sessionStorage.setItem('index-notice-seen', '1')
    stubMoneyApi(moneyAnswers())
    const user = userEvent.setup()
    await renderApp('/index')
    const banner = await screen.findByRole('banner')
    await within(banner).findByRole('button', { name: 'Register' })
    expect(within(banner).queryByRole('button', { name: 'Deposit' })).toBeNull()
    expect(within(banner).queryByLabelText(/^Balance/)).toBeNull()
    await user.click(within(banner).getByRole('button', { name: 'Menu' }))
    const menu = await screen.findByRole('dialog', { name: 'Menu' })
    expect(within(menu).queryByRole('button', { name: 'Withdrawal' })).toBeNull()
  })

  test('transfer to upline is offered only to a member with an upline', async () => {
    // Without an upline (member info toUpline false): no entry, and its link opens the menu.
    stubMoneyApi(moneyAnswers({ '/wps/member/info': memberInfo({ toUpline: false }) }))
    const first = await renderApp('/index?popup=memberCentre&centre=transferUpline')
    let dialog = await screen.findByRole('dialog', { name: 'Member centre' })
    let menu = within(dialog).getByRole('navigation', { name: 'Member centre menu' })
    await within(menu).findByRole('button', { name: 'Withdrawal' })
    expect(within(menu).queryByRole('button', { name: 'Transfer to upline' })).toBeNull()
    expect(within(dialog).queryByRole('heading', { name: 'Transfer to upline' })).toBeNull()
    first.unmount()

    // With one: the entry is there.
    stubMoneyApi(moneyAnswers({ '/wps/member/info': memberInfo({ toUpline: true }) }))
    await renderApp('/index?popup=memberCentre&centre=transferUpline')
    dialog = await screen.findByRole('dialog', { name: 'Member centre' })
    menu = within(dialog).getByRole('navigation', { name: 'Member centre menu' })
    expect(await within(menu).findByRole('button', { name: 'Transfer to upline' })).toBeTruthy()
  })

  test('a trial account sees its play money, and its account menu and deposit slot offer registration', async () => {
    stubMoneyApi(moneyAnswers({ '/wps/member/info': memberInfo({ type: 4, nickname: 'Guest' }) }))
    const user = userEvent.setup()
    await renderApp('/index')
    const banner = await screen.findByRole('banner')
    // Marked as play money, beside the offer to play for real.
    expect(await within(banner).findByLabelText('Play money: $1,234.50')).toBeTruthy()
    expect(within(banner).queryByRole('button', { name: 'Deposit' })).toBeNull()
    expect(await within(banner).findByRole('button', { name: 'Register to play for real' })).toBeTruthy()
    await user.click(within(banner).getByRole('button', { name: /^Account menu/ }))
    const menu = await screen.findByRole('dialog', { name: 'Account menu' })
    // No doors that would refuse: no money pages, one way to play for real.
    expect(within(menu).queryByRole('button', { name: 'Withdrawal' })).toBeNull()
    expect(within(menu).queryByRole('button', { name: 'Deposit' })).toBeNull()
    expect(within(menu).getByRole('button', { name: 'Register to play for real' })).toBeTruthy()
    expect(screen.queryByRole('dialog', { name: 'Member centre' })).toBeNull()
  })

  test('a member gets the member centre on the deposit page with the bank details', async () => {
    stubMoneyApi(moneyAnswers())
    const user = userEvent.setup()
    await renderApp('/index')
    const banner = await screen.findByRole('banner')
    await within(banner).findByLabelText('Balance: $1,234.50')
    await user.click(within(banner).getByRole('button', { name: 'Deposit' }))
    const dialog = await screen.findByRole('dialog', { name: 'Member centre' })
    const menu = within(dialog).getByRole('navigation', { name: 'Member centre menu' })
    expect(within(menu).getByRole('button', { name: 'Deposit' }).getAttribute('aria-current')).toBe('page')
    expect(await within(dialog).findByText('000 111 222')).toBeTruthy()
  })
})
