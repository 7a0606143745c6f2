import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { fundsEndpoints } from '#contract/funds'
import type { Promotion, PromotionClaim } from '#contract/promotions'
import { promotionEndpoints } from '#contract/promotions'
import { DepositPage } from '#src/features/money/components/deposit-page.tsx'
import { moneyCatalog } from '#src/features/money/money-catalog.ts'
import { loadSectionCatalog } from '#src/lib/i18n.ts'
import { endSession } from '#src/lib/session.ts'
import { emptyPage, logIn, moneyAnswers, promotionFixture, stubMoneyApi } from './fixtures'
import { renderApp, renderUi } from './render'

beforeEach(async () => {
  logIn()
  await loadSectionCatalog(moneyCatalog)
})
afterEach(() => {
  endSession()
  vi.unstubAllGlobals()
})

const promotion = (id: number, over: Partial<Promotion> = {}): Promotion =>
  promotionFixture(id, { content: '<p>Rules</p>', startsAt: Date.UTC(2026, 10, 1), ...over })

const claimRow = (id: number, over: Partial<PromotionClaim> = {}): PromotionClaim => ({
  id,
  promotionId: 1,
  title: 'Daily login reward',
  category: 'others',
  status: 'claimed',
  amount: '0.50',
  period: '2026-11-29',
  createdAt: Date.UTC(2026, 10, 29, 8),
  claimedAt: Date.UTC(2026, 10, 29, 8),
  rejectReason: null,
  ...over,
})

const daily = promotion(1, { title: 'Daily login reward', state: 'claim' })
const rebate = promotion(2, {
  title: 'Daily rebate',
  category: 'rebate',
  claimMode: 'auto',
  state: 'issued',
  claimId: 41,
  amount: '3.20',
})
const race = promotion(3, {
  title: 'Slots race',
  claimMode: 'signUp',
  state: 'signedUp',
  progress: { done: '25.00', target: '100.00' },
})
const closed = promotion(4, { title: 'Ended gift', state: 'closed', reason: 'ended' })

const listPath = promotionEndpoints.available.path
const timeZone = 'Asia/Phnom_Penh'
const claimsPath = promotionEndpoints.claimList.path

describe('reward centre', () => {
  test('lists the rewards to claim; a claim confirms what was added and the card leaves the list', async () => {
    let list = [daily, rebate, race, closed]
    const claimed: PromotionClaim[] = [
      claimRow(9, {
        title: 'Weekly reload',
        status: 'rejected',
        amount: null,
        rejectReason: 'Duplicate account',
      }),
    ]
    const sent = stubMoneyApi(moneyAnswers(), {
      [listPath]: () => ({
        list,
        claimable: list.filter((p) => p.state === 'claim' || p.state === 'issued').length,
        timeZone,
      }),
      [claimsPath]: () => ({ ...emptyPage, list: claimed, total: claimed.length }),
      [promotionEndpoints.claim.path]: () => {
        list = list.filter((p) => p.id !== daily.id)
        const claim = claimRow(10)
        claimed.unshift(claim)
        return { claim, balance: '1000.50' }
      },
    })
    const user = userEvent.setup()
    await renderApp('/index?popup=memberCentre&centre=rewardCenter')
    const dialog = await screen.findByRole('dialog', { name: 'Member centre' })
    const ready = await within(dialog).findByRole('region', { name: 'Ready to claim' })
    expect(within(ready).getByText('Daily login reward')).toBeTruthy()
    expect(within(ready).getByText('$0.50')).toBeTruthy()
    expect(within(ready).getByText('Daily rebate')).toBeTruthy()
    expect(within(ready).getByText('$3.20')).toBeTruthy()
    // Neither the joined promotion nor a closed one is a reward to claim.
    expect(within(ready).queryByText('Slots race')).toBeNull()
    expect(within(dialog).queryByText('Ended gift')).toBeNull()
    const going = within(dialog).getByRole('region', { name: 'In progress' })
    expect(
      within(going)
        .getByRole('link', { name: /Slots race/ })
        .getAttribute('href'),
    ).toBe('/promoDetail?id=3')
    expect(within(going).getByText('$25.00 / $100.00')).toBeTruthy()
    // The menu entry carries the count.
    const menu = within(dialog).getByRole('navigation', { name: 'Member centre menu' })
    expect(within(menu).getByRole('button', { name: /Reward centre.*Rewards to claim: 2/ })).toBeTruthy()
    const history = within(dialog).getByRole('region', { name: 'History' })
    expect(await within(history).findByText('Duplicate account')).toBeTruthy()
    expect(within(history).getByText('Rejected')).toBeTruthy()
    // Its time is on the brand's clock (08:00 UTC is 3:00 PM in Phnom Penh), whatever the phone's zone.
    expect(within(history).getAllByText(/Nov 29, 2026, 3:00\sPM \(GMT\+7\)/).length).toBeGreaterThan(0)

    const balanceReads = sent.filter((s) => s.path === '/wps/v2/wallets/balance').length
    await user.click(within(ready).getByRole('button', { name: 'Claim Daily login reward' }))
    expect((await within(dialog).findByRole('status')).textContent).toBe('+$0.50 added to your balance')
    await waitFor(() => expect(within(ready).queryByText('Daily login reward')).toBeNull())
    expect(within(ready).getByText('Daily rebate')).toBeTruthy()
    const claim = sent.find((s) => s.path === promotionEndpoints.claim.path)
    expect(claim?.body).toEqual({ promotionId: 1 })
    expect(claim?.headers['Idempotency-Key']).toBeTruthy()
    // The header balance, the badge and the history refresh with it.
    await waitFor(() =>
      expect(sent.filter((s) => s.path === '/wps/v2/wallets/balance').length).toBeGreaterThan(balanceReads),
    )
    expect(await within(menu).findByRole('button', { name: /Rewards to claim: 1/ })).toBeTruthy()
    expect(await within(history).findByText('Claimed')).toBeTruthy()
  })

  test('an issued reward is claimed by its claim id', async () => {
    let list = [rebate]
    const sent = stubMoneyApi(moneyAnswers(), {
      [listPath]: () => ({ list, claimable: list.length, timeZone }),
      [claimsPath]: () => emptyPage,
      [promotionEndpoints.claimIssued.path]: () => {
        list = []
        return { claim: claimRow(41, { title: 'Daily rebate', amount: '3.20' }), balance: '1003.20' }
      },
    })
    const user = userEvent.setup()
    await renderApp('/index?popup=memberCentre&centre=rewardCenter')
    const dialog = await screen.findByRole('dialog', { name: 'Member centre' })
    await user.click(await within(dialog).findByRole('button', { name: 'Claim Daily rebate' }))
    expect((await within(dialog).findByRole('status')).textContent).toBe('+$3.20 added to your balance')
    expect(sent.find((s) => s.path === promotionEndpoints.claimIssued.path)?.body).toEqual({ claimId: 41 })
    // Nothing left: the way to the promotions.
    expect(await within(dialog).findByText('No rewards to claim right now.')).toBeTruthy()
    expect(within(dialog).getByRole('link', { name: 'See promotions' }).getAttribute('href')).toBe(
      '/promotions',
    )
    expect(within(dialog).getByText('No claims yet.')).toBeTruthy()
  })
})

describe('reward badge', () => {
  test("the tab bar's Me shows the count of rewards to claim", async () => {
    stubMoneyApi(moneyAnswers({ [listPath]: { list: [daily, rebate], claimable: 2, timeZone } }))
    await renderApp('/index')
    const tabs = await screen.findByRole('navigation', { name: 'Sections' })
    const me = await within(tabs).findByRole('button', { name: /^Me\s*\(Rewards to claim: 2\)$/ })
    expect(me.textContent).toContain('2')
  })

  test('leaves out the app-download reward in a browser tab, where its Claim would be refused', async () => {
    const app = promotion(5, { title: 'App reward', category: 'appDownload', state: 'claim' })
    stubMoneyApi(
      moneyAnswers({
        [listPath]: { list: [daily, app], claimable: 2, timeZone },
        [promotionEndpoints.categories.path]: { list: [] },
      }),
    )
    await renderApp('/promotions')
    const tabs = await screen.findByRole('navigation', { name: 'Sections' })
    expect(await within(tabs).findByRole('button', { name: /^Me\s*\(Rewards to claim: 1\)$/ })).toBeTruthy()
    // The list agrees: no Claim on it, the way to install instead.
    const card = (await screen.findByRole('link', { name: 'App reward' })).closest('li')
    if (!card) throw new Error('no card')
    expect(within(card).queryByRole('button', { name: 'Claim' })).toBeNull()
    expect(
      (within(card).getByRole('button', { name: 'Claim in the app' }) as HTMLButtonElement).disabled,
    ).toBe(true)
    expect(within(card).getByRole('link', { name: 'How to install' })).toBeTruthy()
    const dailyCard = (await screen.findByRole('link', { name: 'Daily login reward' })).closest('li')
    expect(within(dailyCard as HTMLElement).getByRole('button', { name: 'Claim' })).toBeTruthy()
  })

  test('counts the app-download reward in the installed app', async () => {
    vi.stubGlobal(
      'matchMedia',
      (query: string) =>
        ({
          matches: query === '(display-mode: standalone)',
          media: query,
          addEventListener: () => undefined,
          removeEventListener: () => undefined,
        }) as unknown as MediaQueryList,
    )
    const app = promotion(5, { title: 'App reward', category: 'appDownload', state: 'claim' })
    stubMoneyApi(moneyAnswers({ [listPath]: { list: [daily, app], claimable: 2, timeZone } }))
    await renderApp('/index')
    const tabs = await screen.findByRole('navigation', { name: 'Sections' })
    expect(await within(tabs).findByRole('button', { name: /^Me\s*\(Rewards to claim: 2\)$/ })).toBeTruthy()
  })

  test('is absent at 0', async () => {
    const sent = stubMoneyApi(moneyAnswers({ [listPath]: { list: [closed], claimable: 0, timeZone } }))
    await renderApp('/index')
    const tabs = await screen.findByRole('navigation', { name: 'Sections' })
    await waitFor(() => expect(sent.some((s) => s.path === listPath)).toBe(true))
    await waitFor(() => expect(within(tabs).getByRole('button', { name: 'Me' }).textContent).toBe('Me'))
  })

  test('a visitor makes no request for it', async () => {
    endSession()
    const sent = stubMoneyApi(moneyAnswers({ [listPath]: { list: [daily], claimable: 1, timeZone } }))
    await renderApp('/index')
    const user = userEvent.setup()
    const tabs = await screen.findByRole('navigation', { name: 'Sections' })
    await user.click(within(tabs).getByRole('button', { name: 'Me' }))
    expect(await screen.findByRole('dialog', { name: 'Log in' })).toBeTruthy()
    expect(sent.some((s) => s.path === listPath)).toBe(false)
  })
})

describe('deposit bonus choice', () => {
  const bonuses = {
    list: [
      {
        id: 21,
        title: '10% daily reload bonus',
        bonus: '5.00',
        minDeposit: '20.00',
        cap: '50.00',
        rate: 1000,
        turnover: { multipleTenths: 50, base: 'bonus' },
      },
      {
        id: 20,
        title: '100% welcome bonus',
        bonus: '50.00',
        minDeposit: '10.00',
        cap: '100.00',
        rate: 10000,
        turnover: { multipleTenths: 100, base: 'depositAndBonus' },
      },
    ],
  }
  const depositPath = fundsEndpoints.depositBank.path
  const deposited = {
    id: 3,
    amount: '50.00',
    methodCode: 'BANK',
    kind: 'BANK_TRANSFER',
    status: 'PENDING',
    reference: null,
    referenceCode: 'K7QM4XP2',
    hasReceipt: false,
    createdAt: Date.UTC(2026, 10, 29),
    settledAt: null,
  }

  async function fill(user: ReturnType<typeof userEvent.setup>) {
    await renderUi(<DepositPage />)
    await user.type(await screen.findByLabelText('Amount'), '50')
    // The server's reference for the transfer note is there before the deposit can go.
    await screen.findByText('K7QM4XP2', { selector: '.transfer-value' })
  }

  test('offers No bonus first, each bonus with what it adds and its terms, and sends the chosen one', async () => {
    const sent = stubMoneyApi(moneyAnswers({ [promotionEndpoints.depositPromotions.path]: bonuses }), {
      [depositPath]: () => deposited,
    })
    const user = userEvent.setup()
    await fill(user)
    const group = await screen.findByRole('group', { name: 'Choose a bonus' })
    const radios = within(group).getAllByRole('radio')
    expect(radios).toHaveLength(3)
    expect(radios[0]).toBe(within(group).getByRole('radio', { name: 'No bonus' }))
    expect((radios[0] as HTMLInputElement).checked).toBe(true)
    const welcome = within(group).getByRole('radio', { name: /100% welcome bonus/ })
    // The typed amount is asked about once the typing stops, and what it adds shows.
    await waitFor(() => expect(welcome.closest('label')?.textContent).toContain('+$50.00'))
    expect(
      sent.some(
        (s) => s.path === promotionEndpoints.depositPromotions.path && s.query.get('amount') === '50',
      ),
    ).toBe(true)
    expect(welcome.closest('label')?.textContent).toContain('100% from $10.00, up to $100.00')
    expect(welcome.closest('label')?.textContent).toContain('10× turnover on deposit + bonus')
    const reload = within(group).getByRole('radio', { name: /10% daily reload bonus/ })
    expect(reload.closest('label')?.textContent).toContain('5× turnover on the bonus')
    await user.click(welcome)
    await user.click(screen.getByRole('button', { name: 'Submit deposit' }))
    await waitFor(() => expect(sent.some((s) => s.path === depositPath)).toBe(true))
    expect(sent.find((s) => s.path === depositPath)?.body).toMatchObject({ amount: '50', promotionId: 20 })
  })

  test('sends no promotion id with No bonus', async () => {
    const sent = stubMoneyApi(moneyAnswers({ [promotionEndpoints.depositPromotions.path]: bonuses }), {
      [depositPath]: () => deposited,
    })
    const user = userEvent.setup()
    await fill(user)
    await screen.findByRole('group', { name: 'Choose a bonus' })
    await user.click(screen.getByRole('button', { name: 'Submit deposit' }))
    await waitFor(() => expect(sent.some((s) => s.path === depositPath)).toBe(true))
    const body = sent.find((s) => s.path === depositPath)?.body as Record<string, unknown>
    expect(body.amount).toBe('50')
    expect('promotionId' in body).toBe(false)
  })
})
