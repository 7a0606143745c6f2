import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, test, vi } from 'vitest'
import type { Promotion } from '#contract/promotions'
import { endSession } from '#src/lib/session.ts'
import { logIn, moneyAnswers, promotionFixture, stubMoneyApi, type Sent } from './fixtures'
import { renderApp } from './render'

afterEach(() => {
  endSession()
  vi.unstubAllGlobals()
})

const paths = {
  available: '/wps/relay/MCSFE_getAvailablePromotions',
  merchant: '/wps/relay/MCSFE_getMerchantAvailablePromotions',
  categories: '/wps/relay/PROMOFE_getPromotionAnnouncementCategory',
  claim: '/wps/relay/MCSFE_claimLoginPromotion',
  apply: '/wps/relay/MCSFE_applyPromotion',
}

let nextId = 1
function promotion(over: Partial<Promotion> = {}): Promotion {
  return promotionFixture(nextId++, over)
}

const list = (promotions: Promotion[]) => ({ list: promotions, claimable: 0, timeZone: 'Asia/Phnom_Penh' })

function stub(promotions: Promotion[], handlers: Record<string, (s: Sent) => unknown> = {}) {
  return stubMoneyApi(
    moneyAnswers({
      [paths.available]: list(promotions),
      [paths.merchant]: list(promotions),
      [paths.categories]: { list: [] },
    }),
    handlers,
  )
}

const card = (title: string) => screen.getByRole('heading', { name: title }).closest('li') as HTMLElement

describe('the promotions page', () => {
  test('shows a chip per category that has promotions, and a chip filters the list in the URL', async () => {
    logIn()
    const rebate = promotion({ title: 'Daily rebate', category: 'rebate', claimMode: 'auto' })
    const welcome = promotion({ title: 'Welcome bonus', category: 'deposit', claimMode: 'auto' })
    const sent = stub([rebate, welcome], {
      [paths.categories]: () => ({
        list: [
          { category: 'deposit', count: 1 },
          { category: 'rebate', count: 1 },
        ],
      }),
      [paths.available]: (s) =>
        list(
          [rebate, welcome].filter((p) => !s.query.get('category') || p.category === s.query.get('category')),
        ),
    })
    const user = userEvent.setup()
    const { router } = await renderApp('/promotions')
    const chips = await screen.findByRole('navigation', { name: 'Promotion types' })
    await within(chips).findByRole('link', { name: 'Rebate' })
    expect(
      within(chips)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['All', 'Deposit', 'Rebate'])
    expect(within(chips).getByRole('link', { name: 'All' }).getAttribute('aria-current')).toBe('page')
    await screen.findByRole('heading', { name: 'Welcome bonus' })

    await user.click(within(chips).getByRole('link', { name: 'Rebate' }))
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Welcome bonus' })).toBeNull())
    expect(screen.getByRole('heading', { name: 'Daily rebate' })).toBeTruthy()
    expect(router.state.location.search).toEqual({ type: 'rebate' })
    expect(within(chips).getByRole('link', { name: 'Rebate' }).getAttribute('aria-current')).toBe('page')
    expect(sent.some((s) => s.path === paths.available && s.query.get('category') === 'rebate')).toBe(true)
  })

  test('an unknown type in the URL is no filter', async () => {
    logIn()
    const sent = stub([promotion({ title: 'Daily login reward' })])
    await renderApp('/promotions?type=casino')
    await screen.findByRole('heading', { name: 'Daily login reward' })
    const chips = screen.getByRole('navigation', { name: 'Promotion types' })
    expect(within(chips).getByRole('link', { name: 'All' }).getAttribute('aria-current')).toBe('page')
    expect(sent.filter((s) => s.path === paths.available).map((s) => s.query.toString())).toEqual([''])
  })

  test("each of the ten states reads as its button, and a promotion's reward reads in one line", async () => {
    logIn()
    const at = Date.now() + 3 * 3_600_000
    stub([
      promotion({ title: 'Weekly challenge', claimMode: 'signUp' }),
      promotion({ title: 'Share your win', claimMode: 'apply', needsForm: true }),
      promotion({ title: 'Code', claimMode: 'promoCode', needsCode: true }),
      promotion({
        title: 'Welcome',
        category: 'deposit',
        claimMode: 'auto',
        reward: {
          kind: 'depositPercent',
          amount: null,
          rate: 10_000,
          cap: '100.00',
          minimum: '10.00',
          rates: [],
        },
        turnover: { multipleTenths: 100, base: 'depositAndBonus' },
      }),
      promotion({
        title: 'Rebate',
        category: 'rebate',
        claimMode: 'auto',
        reward: { kind: 'validBetRate', amount: null, rate: 80, cap: null, minimum: null, rates: [] },
      }),
      promotion({ title: 'Daily', state: 'claim' }),
      promotion({ title: 'Applying', claimMode: 'apply', state: 'applying' }),
      promotion({ title: 'Rejected', claimMode: 'apply', state: 'rejected', rejectReason: 'Blurry' }),
      promotion({ title: 'Issued', state: 'issued', claimId: 4 }),
      promotion({ title: 'Claimed', state: 'claimed', changesAt: at }),
      promotion({ title: 'Wagering', state: 'inProgress' }),
      promotion({
        title: 'Signed up',
        claimMode: 'signUp',
        state: 'signedUp',
        progress: { done: '120.00', target: '500.00' },
      }),
      promotion({ title: 'Soon', state: 'comingSoon', changesAt: at }),
      promotion({ title: 'Over', state: 'closed', reason: 'ended' }),
      promotion({ title: 'Held', state: 'closed', reason: 'paused' }),
      promotion({ title: 'Old hands', state: 'closed', reason: 'notNewMember' }),
      promotion({ title: 'No loss', state: 'closed', reason: 'nothingToClaim' }),
      // 20:00 UTC on 31 January is 1 February in the brand's zone (GMT+7); its end, 17:00 UTC
      // on 28 February, is the first moment of 1 March there, so its last day is 28 February.
      promotion({
        title: 'February',
        startsAt: Date.UTC(2026, 0, 31, 20),
        endsAt: Date.UTC(2026, 1, 28, 17),
      }),
    ])
    await renderApp('/promotions')
    await screen.findByRole('heading', { name: 'Held' })
    const button = (title: string) => within(card(title)).getByRole('button')
    const expected: [string, string, boolean][] = [
      ['Weekly challenge', 'Join', true],
      ['Share your win', 'Apply', true],
      ['Code', 'Enter code', true],
      ['Welcome', 'Deposit', true],
      ['Daily', 'Claim', true],
      ['Applying', 'Applying', false],
      ['Rejected', 'Not approved', false],
      ['Issued', 'Claim', true],
      ['Claimed', 'Claimed', false],
      ['Wagering', 'In progress', false],
      ['Signed up', 'Signed up', false],
      ['Soon', 'Coming soon', false],
      ['Over', 'Ended', false],
      ['Held', 'Paused', false],
      ['Old hands', 'Not eligible', false],
      ['No loss', 'Nothing to claim yet', false],
    ]
    for (const [title, label, enabled] of expected) {
      const b = button(title)
      expect(b.textContent, title).toBe(label)
      expect((b as HTMLButtonElement).disabled, title).toBe(!enabled)
    }
    // A rebate paid by the job has nothing to tap: its card leads to its rules.
    expect(within(card('Rebate')).getByRole('link', { name: 'Details' }).getAttribute('href')).toMatch(
      /\/promoDetail\?id=\d+/,
    )
    expect(
      within(card('Welcome')).getByText('100% of your deposit, up to $100.00 · 10× turnover'),
    ).toBeTruthy()
    expect(within(card('Rebate')).getByText('Up to 0.8% of your valid bets · 1× turnover')).toBeTruthy()
    expect(within(card('Daily')).getByText('$0.50 · 1× turnover')).toBeTruthy()
    const progress = within(card('Signed up')).getByRole('progressbar', {
      name: 'Valid bets: $120.00 of $500.00',
    })
    expect(progress.getAttribute('value')).toBe('24')
    // Dates on the brand's clock, whatever the zone the test runs in.
    expect(within(card('February')).getByText('Feb 1, 2026 – Feb 28, 2026 (GMT+7)')).toBeTruthy()
    expect(within(card('Over')).getByText('From Jan 1, 2026 (GMT+7)')).toBeTruthy()
  })

  test('a claim sends the promotion with a key and tells the amount credited', async () => {
    logIn()
    const daily = promotion({ title: 'Daily login reward', state: 'claim' })
    const sent = stub([daily], {
      [paths.claim]: () => ({
        claim: {
          id: 1,
          promotionId: daily.id,
          title: daily.title,
          category: 'others',
          status: 'claimed',
          amount: '0.50',
          period: '2026-11-29',
          createdAt: Date.now(),
          claimedAt: Date.now(),
          rejectReason: null,
        },
        balance: '1235.00',
      }),
    })
    const user = userEvent.setup()
    await renderApp('/promotions')
    await screen.findByRole('heading', { name: 'Daily login reward' })
    await user.click(within(card('Daily login reward')).getByRole('button', { name: 'Claim' }))
    expect(await screen.findByText('$0.50 credited to your balance.')).toBeTruthy()
    const call = sent.find((s) => s.path === paths.claim)
    expect(call?.body).toEqual({ promotionId: daily.id })
    expect(call?.headers['Idempotency-Key']).toBeTruthy()
  })

  test('a countdown ticks to the second under a day and reads days and hours beyond', async () => {
    logIn()
    stub([
      promotion({ title: 'Daily', state: 'claimed', changesAt: Date.now() + 3 * 3_600_000 + 5_500 }),
      promotion({
        title: 'Weekly',
        frequency: 'once',
        state: 'join',
        claimMode: 'signUp',
        changesAt: Date.now() + (2 * 24 + 4) * 3_600_000 + 60_000,
      }),
      promotion({ title: 'Soon', state: 'comingSoon', changesAt: Date.now() + 90_000 }),
    ])
    await renderApp('/promotions')
    const next = await within(await waitFor(() => card('Daily'))).findByText(/^Next claim in 03:00:0\d$/)
    const first = next.textContent
    await waitFor(() => expect(next.textContent).not.toBe(first), { timeout: 2500 })
    expect(next.textContent).toMatch(/^Next claim in 03:00:0\d$/)
    expect(within(card('Weekly')).getByText('Ends in 2d 4h')).toBeTruthy()
    expect(within(card('Soon')).getByText(/^Starts in 00:01:\d\d$/)).toBeTruthy()
  })
})

describe('the apply form', () => {
  const png = (name = 'proof.png', bytes = 16) =>
    new File([new Uint8Array(bytes).fill(1)], name, { type: 'image/png' })

  test('counts the remark in characters as the server does and refuses a wrong or sixth image', async () => {
    logIn()
    const apply = promotion({ title: 'Share your big win', claimMode: 'apply', needsForm: true })
    const sent = stub([apply], {
      [paths.apply]: () => ({
        claim: {
          id: 2,
          promotionId: apply.id,
          title: apply.title,
          category: 'others',
          status: 'applying',
          amount: null,
          period: '',
          createdAt: Date.now(),
          claimedAt: null,
          rejectReason: null,
        },
        balance: null,
      }),
    })
    const user = userEvent.setup({ applyAccept: false })
    const { router } = await renderApp('/promotions')
    await screen.findByRole('heading', { name: 'Share your big win' })
    await user.click(within(card('Share your big win')).getByRole('button', { name: 'Apply' }))
    const dialog = await screen.findByRole('dialog', { name: 'Apply: Share your big win' })
    expect(router.state.location.search).toEqual({ dialog: 'apply', promo: apply.id })

    const remark = within(dialog).getByLabelText('Remark')
    await user.type(remark, 'big 😀')
    expect(within(dialog).getByText('5/140')).toBeTruthy()
    await user.clear(remark)
    await user.click(remark)
    await user.paste('x'.repeat(141))
    expect(within(dialog).getByText('141/140')).toBeTruthy()
    expect(within(dialog).getByText('The remark may be at most 140 characters.')).toBeTruthy()
    expect(
      (within(dialog).getByRole('button', { name: 'Send application' }) as HTMLButtonElement).disabled,
    ).toBe(true)
    await user.clear(remark)
    await user.type(remark, 'my win')

    const picker = within(dialog).getByLabelText('Add image')
    await user.upload(picker, new File(['MZ'], 'tool.png', { type: 'application/x-msdownload' }))
    expect(within(dialog).getByRole('alert').textContent).toBe(
      'tool.png is not a PNG or JPG file of at most 5 MB.',
    )
    await user.upload(picker, png('huge.png', 5 * 1024 * 1024 + 1))
    expect(within(dialog).getByRole('alert').textContent).toBe(
      'huge.png is not a PNG or JPG file of at most 5 MB.',
    )
    await user.upload(picker, [png('a.png'), png('b.png'), png('c.png'), png('d.png')])
    // The images are read before they show.
    expect((await within(dialog).findAllByRole('img')).map((i) => i.getAttribute('alt'))).toEqual([
      'a.png',
      'b.png',
      'c.png',
    ])
    expect(within(dialog).getByRole('alert').textContent).toBe('Add at most 3 images.')
    expect(within(dialog).queryByLabelText('Add image')).toBeNull()
    await user.click(within(dialog).getByRole('button', { name: 'Remove b.png' }))
    expect(
      within(dialog)
        .getAllByRole('img')
        .map((i) => i.getAttribute('alt')),
    ).toEqual(['a.png', 'c.png'])

    await user.click(within(dialog).getByRole('button', { name: 'Send application' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(
      await screen.findByText('Your application was sent. We will let you know when it is reviewed.'),
    ).toBeTruthy()
    const body = sent.find((s) => s.path === paths.apply)?.body as { remark: string; images: unknown[] }
    expect(body.remark).toBe('my win')
    expect(body.images).toHaveLength(2)
    expect(router.state.location.search).toEqual({})
  })

  test("shows the server's refusal translated", async () => {
    logIn()
    const apply = promotion({ title: 'Share', claimMode: 'apply', needsForm: true })
    stub([apply], { [paths.apply]: () => ({ fail: { status: 400, errorCode: 'image_invalid' } }) })
    const user = userEvent.setup()
    await renderApp('/promotions')
    await screen.findByRole('heading', { name: 'Share' })
    await user.click(within(card('Share')).getByRole('button', { name: 'Apply' }))
    const dialog = await screen.findByRole('dialog', { name: 'Apply: Share' })
    await user.click(within(dialog).getByRole('button', { name: 'Send application' }))
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'The image must be a PNG or JPG file of at most 5 MB.',
    )
  })
})

describe('a visitor', () => {
  test("reads the brand's promotions and is asked to register or log in for every action", async () => {
    const sent = stub([
      promotion({ title: 'Daily login reward' }),
      promotion({ title: 'Promo code', claimMode: 'promoCode', needsCode: true }),
      promotion({ title: 'Soon', state: 'comingSoon', changesAt: Date.now() + 3_600_000 }),
    ])
    const user = userEvent.setup()
    await renderApp('/promotions')
    await screen.findByRole('heading', { name: 'Promo code' })
    for (const title of ['Daily login reward', 'Promo code']) {
      const c = within(card(title))
      expect(c.getByRole('button', { name: 'Register to claim' })).toBeTruthy()
      expect(c.getByRole('button', { name: 'Log in' })).toBeTruthy()
    }
    expect(within(card('Soon')).getByRole('button').textContent).toBe('Coming soon')
    expect(sent.some((s) => s.path === paths.merchant)).toBe(true)
    expect(sent.some((s) => s.path === paths.available)).toBe(false)
    await user.click(within(card('Promo code')).getByRole('button', { name: 'Register to claim' }))
    expect(await screen.findByRole('dialog', { name: 'Register' })).toBeTruthy()
  })
})
