/**
 * The point mall's pages: the catalogue's cards (points and money, stock, the member's limit,
 * sold out), the redeem sheet's fields for a physical item with each refusal at its field and
 * the success with its transaction number, and the redemption history's rows.
 */
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, test, vi } from 'vitest'
import type { PointReward, Redemption } from '#contract/point-mall'
import { pointEndpoints } from '#contract/points'
import { systemEndpoints } from '#contract/system'
import { endSession } from '#src/lib/session.ts'
import { logIn, moneyAnswers, stubMoneyApi } from './fixtures'
import { renderApp } from './render'

afterEach(() => {
  endSession()
  vi.unstubAllGlobals()
})

const rewardsPath = pointEndpoints.rewards.path
const redeemPath = pointEndpoints.redeem.path
const historyPath = pointEndpoints.redemptions.path

const reward = (id: number, over: Partial<PointReward> = {}): PointReward => ({
  id,
  kind: 'physical',
  name: 'Power bank',
  description: '10,000 mAh',
  imageUrl: null,
  points: '5000.00',
  amountRequired: null,
  value: null,
  turnoverMultiple: '0',
  stockLeft: 10,
  memberLimit: 3,
  memberLeft: 2,
  endsAt: null,
  ...over,
})

const redemption = (id: number, over: Partial<Redemption> = {}): Redemption => ({
  id,
  transactionNo: `PR${String(id).padStart(8, '0')}`,
  time: Date.UTC(2026, 10, 29, 12),
  type: 'physical',
  itemName: 'Power bank',
  quantity: 2,
  points: '10000.00',
  amount: '5.00',
  value: null,
  status: 'inProcess',
  remark: null,
  address: '12 Street 310, Phnom Penh',
  phone: '+855 12345678',
  decidedAt: null,
  ...over,
})

const catalogue = {
  list: [
    reward(7),
    reward(8, {
      kind: 'cash',
      name: 'Cash 10',
      points: '1000.00',
      amountRequired: '2.00',
      value: '10.00',
      memberLimit: null,
      memberLeft: null,
    }),
    reward(9, { kind: 'bonus', name: 'Bonus 50', stockLeft: 0, memberLimit: null, memberLeft: null }),
  ],
}

function answers(over: Record<string, unknown> = {}) {
  return moneyAnswers({
    [rewardsPath]: catalogue,
    [pointEndpoints.balance.path]: { points: '20000.00' },
    [systemEndpoints.country.path]: [
      { countryCode: 'KH', countryDialingCode: '855', name: 'Cambodia', minDigits: 8, maxDigits: 9 },
    ],
    [historyPath]: { list: [], total: 0, pageNo: 1, pageSize: 20 },
    ...over,
  })
}

/** The redeem call is encrypted: a real key pair lets the client seal it. */
async function stubPublicKey() {
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
}

describe('the rewards', () => {
  test('shows each reward with its points, money, stock, the member’s limit and kind', async () => {
    logIn()
    stubMoneyApi(answers())
    await renderApp('/pointMall?tab=rewards')
    const list = await screen.findByRole('list', { name: 'Rewards' })
    const cards = within(list).getAllByRole('listitem')
    expect(cards.map((c) => c.querySelector('h3')?.textContent)).toEqual([
      'Power bank',
      'Cash 10',
      'Bonus 50',
    ])
    expect(within(cards[0]!).getByText('Item')).toBeTruthy()
    expect(within(cards[0]!).getByText('5,000 points')).toBeTruthy()
    expect(cards[0]!.textContent).toContain('10 left')
    expect(cards[0]!.textContent).toContain('You may redeem 2 more')
    expect(cards[1]!.querySelector('.mall-price')?.textContent).toBe('1,000 points + $2.00')
    expect(within(cards[2]!).getByText('Sold out')).toBeTruthy()
    const tabs = screen.getByRole('navigation', { name: 'Points' })
    expect(
      within(tabs)
        .getAllByRole('link')
        .filter((l) => l.getAttribute('aria-current') === 'page')
        .map((l) => l.textContent),
    ).toEqual(['Rewards'])
    const soldOut = within(cards[2]!).getByRole('button', { name: 'Redeem Bonus 50' }) as HTMLButtonElement
    expect(soldOut.disabled).toBe(true)
  })

  test('a kind chip asks for that kind only', async () => {
    logIn()
    const sent = stubMoneyApi(answers())
    await renderApp('/pointMall?tab=rewards')
    await screen.findByRole('list', { name: 'Rewards' })
    await userEvent.setup().click(screen.getByRole('button', { name: 'Cash' }))
    await waitFor(() =>
      expect(sent.some((s) => s.path === rewardsPath && s.query.get('kind') === 'cash')).toBe(true),
    )
    expect(screen.getByRole('button', { name: 'Cash' }).getAttribute('aria-pressed')).toBe('true')
  })

  test('says so when there is nothing to redeem', async () => {
    logIn()
    stubMoneyApi(answers({ [rewardsPath]: { list: [] } }))
    await renderApp('/pointMall?tab=rewards')
    expect(await screen.findByText('No rewards to redeem right now.')).toBeTruthy()
  })
})

describe('the redeem sheet', () => {
  test('asks a physical item’s address, phone and payment password before sending anything', async () => {
    logIn()
    const sent = stubMoneyApi(answers())
    await renderApp('/pointMall?tab=rewards&reward=7')
    const sheet = await screen.findByRole('dialog', { name: 'Redeem' })
    const user = userEvent.setup()
    const quantity = (await within(sheet).findByLabelText('Quantity')) as HTMLInputElement
    expect(quantity.max).toBe('2')
    await user.click(within(sheet).getByRole('button', { name: 'More' }))
    expect(quantity.value).toBe('2')
    expect((within(sheet).getByRole('button', { name: 'More' }) as HTMLButtonElement).disabled).toBe(true)
    expect(sheet.querySelector('.mall-total')?.textContent).toBe('Total10,000 points')
    await user.click(within(sheet).getByRole('button', { name: 'Confirm' }))
    for (const label of ['Receiving address', 'Mobile number', 'Payment password']) {
      const field = within(sheet).getByLabelText(label)
      expect(field.getAttribute('aria-invalid')).toBe('true')
    }
    expect(sent.some((s) => s.path === redeemPath)).toBe(false)
  })

  test('shows each refusal at its field, translated', async () => {
    logIn()
    let answer: unknown = { fail: { status: 422, errorCode: 'payment_password_wrong' } }
    stubMoneyApi(answers(), { [redeemPath]: () => answer })
    await stubPublicKey()
    await renderApp('/pointMall?tab=rewards&reward=7')
    const sheet = await screen.findByRole('dialog', { name: 'Redeem' })
    const user = userEvent.setup()
    await user.type(await within(sheet).findByLabelText('Receiving address'), '12 Street 310')
    await user.type(within(sheet).getByLabelText('Mobile number'), '12345678')
    await user.type(within(sheet).getByLabelText('Payment password'), '123456')
    await user.click(within(sheet).getByRole('button', { name: 'Confirm' }))
    const password = within(sheet).getByLabelText('Payment password')
    await waitFor(() => expect(password.getAttribute('aria-invalid')).toBe('true'))
    expect(within(sheet).getByText('The payment password is wrong.')).toBeTruthy()

    answer = { fail: { status: 422, errorCode: 'point_reward_limit_reached', value: { limit: 3, left: 1 } } }
    await user.click(within(sheet).getByRole('button', { name: 'Confirm' }))
    expect(
      await within(sheet).findByText(
        'You have reached the limit for this reward. You may redeem 1 more of 3.',
      ),
    ).toBeTruthy()
    expect(within(sheet).getByLabelText('Quantity').getAttribute('aria-invalid')).toBe('true')

    answer = {
      fail: {
        status: 422,
        errorCode: 'validation_failed',
        value: { fields: [{ path: 'address', code: 'required', message: 'required' }] },
      },
    }
    await user.click(within(sheet).getByRole('button', { name: 'Confirm' }))
    expect(await within(sheet).findByText('Enter the receiving address.')).toBeTruthy()
    expect(within(sheet).getByLabelText('Receiving address').getAttribute('aria-invalid')).toBe('true')

    answer = { fail: { status: 422, errorCode: 'points_insufficient', value: { points: '1200.50' } } }
    await user.click(within(sheet).getByRole('button', { name: 'Confirm' }))
    expect(
      await within(sheet).findByText('You do not have enough points. You have 1,200.5 points.'),
    ).toBeTruthy()
  })

  test('a success shows the transaction number and that it is in process, sent with a key', async () => {
    logIn()
    const sent = stubMoneyApi(answers(), {
      [redeemPath]: () => ({
        redemption: redemption(12, { quantity: 1 }),
        points: '15000.00',
        balance: '100.00',
      }),
    })
    await stubPublicKey()
    await renderApp('/pointMall?tab=rewards&reward=7')
    const sheet = await screen.findByRole('dialog', { name: 'Redeem' })
    const user = userEvent.setup()
    await user.type(await within(sheet).findByLabelText('Receiving address'), '12 Street 310')
    await user.type(within(sheet).getByLabelText('Mobile number'), '12345678')
    await user.type(within(sheet).getByLabelText('Payment password'), '123456')
    await user.click(within(sheet).getByRole('button', { name: 'Confirm' }))
    expect(await within(sheet).findByText('Transaction number PR00000012')).toBeTruthy()
    expect(within(sheet).getByText('In process')).toBeTruthy()
    const call = sent.find((s) => s.path === redeemPath)
    expect(call?.headers['Idempotency-Key']).toMatch(/.{16,}/)
  })
})

describe('the redemption history', () => {
  test('lists each redemption with the spec’s fields and its status', async () => {
    logIn()
    stubMoneyApi(
      answers({
        [historyPath]: {
          list: [
            redemption(12),
            redemption(11, {
              type: 'conversion',
              itemName: 'Cash',
              quantity: 1,
              points: '500.00',
              amount: null,
              value: '5.00',
              status: 'rejected',
              remark: 'Out of area',
              address: null,
              phone: null,
            }),
          ],
          total: 2,
          pageNo: 1,
          pageSize: 20,
        },
      }),
    )
    await renderApp('/pointMall?tab=history')
    const list = await screen.findByRole('list', { name: 'Redeem history' })
    const [first, second] = within(list).getAllByRole('listitem')
    const facts = (row: HTMLElement) =>
      Array.from(row.querySelectorAll('dt')).map(
        (dt) => `${dt.textContent}: ${dt.nextElementSibling?.textContent}`,
      )
    expect(within(first!).getByText('In process')).toBeTruthy()
    expect(facts(first!)).toEqual([
      'Transaction number: PR00000012',
      expect.stringMatching(/^Apply time: /),
      'Type: Item',
      'Quantity: 2',
      'Points: 10,000',
      'Amount paid: $5.00',
      'Receiving address: 12 Street 310, Phnom Penh',
      'Phone: +855 12345678',
    ])
    expect(within(second!).getByText('Rejected')).toBeTruthy()
    expect(facts(second!)).toContain('Remark: Out of area')
    expect(facts(second!)).toContain('Credited: $5.00')
    expect(facts(second!)).toContain('Type: Conversion')
  })
})

describe('the member centre’s entries', () => {
  test('"Redeem history" and "Points details" open the mall on their tab', async () => {
    logIn()
    stubMoneyApi(answers())
    await renderApp('/index?popup=memberCentre&centre=redeemHistory')
    expect(await screen.findByRole('heading', { level: 2, name: 'Redeem history' })).toBeTruthy()
    expect(screen.getByRole('link', { name: 'History' }).getAttribute('aria-current')).toBe('page')
    expect(screen.queryByRole('dialog', { name: 'Member centre' })).toBeNull()
  })

  test('"Points details" opens the details tab', async () => {
    logIn()
    stubMoneyApi(answers())
    await renderApp('/index?popup=memberCentre&centre=pointDetails')
    expect(await screen.findByRole('heading', { level: 2, name: 'Points details' })).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Details' }).getAttribute('aria-current')).toBe('page')
  })
})

describe('the convert sheet', () => {
  test('shows the money the points give and checks the minimum and step before sending', async () => {
    logIn()
    const sent = stubMoneyApi(
      answers({
        [pointEndpoints.conversionTypes.path]: {
          list: [
            {
              type: 'bonus',
              moneyPer100Points: '1.50',
              minPoints: 1000,
              stepPoints: 100,
              turnoverMultiple: '3',
            },
            {
              type: 'cash',
              moneyPer100Points: '1.00',
              minPoints: 500,
              stepPoints: 100,
              turnoverMultiple: '0',
            },
          ],
        },
      }),
    )
    await renderApp('/pointMall?convert=1')
    const sheet = await screen.findByRole('dialog', { name: 'Convert points' })
    const user = userEvent.setup()
    const points = await within(sheet).findByLabelText('Points')
    // Cash first, as the sheet lists the ways, though the server sent the bonus first.
    expect((within(sheet).getByRole('radio', { name: 'Cash' }) as HTMLInputElement).checked).toBe(true)
    expect(within(sheet).getByText('At least 500 points, in steps of 100')).toBeTruthy()
    await user.type(points, '650')
    expect(sheet.querySelector('.mall-total')?.textContent).toBe('You get$6.50')
    await user.type(within(sheet).getByLabelText('Payment password'), '123456')
    await user.click(within(sheet).getByRole('button', { name: 'Confirm' }))
    expect(points.getAttribute('aria-invalid')).toBe('true')
    expect(sent.some((s) => s.path === pointEndpoints.convert.path)).toBe(false)
  })
})
