/**
 * Launching a game, refused (spec sections 4 and 8): a vendor under maintenance, a balance
 * too low, a refusal popup opened cold; and the vendor list popup with its entries.
 */
import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, test } from 'vitest'
import { validatePopupSearch } from '#src/lib/modal-store.ts'
import { game, moneyAnswers } from './fixtures'
import {
  listPath,
  launchPath,
  balancePath,
  transferPath,
  gameList,
  launchAnswer,
  count,
  member,
  tile,
  resetLaunch,
  type Sent,
} from './launch-fixtures'
import { renderApp } from './render'

afterEach(resetLaunch)

describe('refusals', () => {
  test('a vendor under maintenance: the message with its end, and other games of the type that launch', async () => {
    const until = Date.now() + 2 * 3_600_000
    const sent = member({
      [launchPath]: (s: Sent) =>
        s.query.get('vassalage') === 'DSL'
          ? {
              fail: {
                status: 422,
                errorCode: 'vendor_under_maintenance',
                value: { content: { data: { maintainTime: until, gameType: 'RNG', vassalage: 'DSL' } } },
              },
            }
          : launchAnswer()(s),
      '/wps/relay/GCSGAME_hotGamesV2': {
        list: [
          game('DSL', 7, { isHot: true }),
          game('GLD', 1, { maintenance: true }),
          game('SPN', 4, { isHot: true }),
          game('JAD', 5),
        ],
      },
    })
    const user = userEvent.setup()
    const { router } = await renderApp('/rng')
    await user.click(await tile('DSL Fortune 2'))
    const dialog = await screen.findByRole('dialog', { name: 'Game under maintenance' })
    // On the brand's clock (Phnom Penh), its zone named, whatever the phone's zone.
    expect(dialog.textContent).toMatch(/DSL Games is under maintenance until .+ \(GMT\+7\)\./)
    const list = await within(dialog).findByRole('list', { name: 'Suggested games' })
    const names = within(list)
      .getAllByRole('button')
      .map((b) => b.getAttribute('aria-label'))
    expect(names).toEqual(['SPN Fortune 4, Hot', 'JAD Fortune 5'])
    const hot = sent.find((s) => s.path === '/wps/relay/GCSGAME_hotGamesV2')
    expect(hot?.query.get('gameType')).toBe('RNG')

    await user.click(within(list).getByRole('button', { name: 'SPN Fortune 4, Hot' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/game'))
    expect(
      sent
        .filter((s) => s.path === launchPath)
        .at(-1)
        ?.query.get('gameId'),
    ).toBe('SPN-4')
    expect(screen.queryByRole('dialog', { name: 'Game under maintenance' })).toBeNull()
    await screen.findByRole('heading', { level: 1, name: 'SPN Fortune 4' })
    // Back from the game goes to the lobby, not to the maintenance popup.
    act(() => router.history.back())
    await waitFor(() => expect(router.state.location.pathname).toBe('/rng'))
    expect(router.state.location.search).toEqual({})
  })

  test('balance short on a multi-wallet brand: moving the main balance, then the launch confirms it', async () => {
    const sent = member({
      [launchPath]: (s: Sent) =>
        s.query.get('confirmTrans') === '1'
          ? launchAnswer()(s)
          : {
              fail: {
                status: 422,
                errorCode: 'launch_game_balance_not_enough',
                value: { walletMode: 'MULTI', accountTypeId: 100, balance: '0.00', mainBalance: '1000.00' },
              },
            },
      [transferPath]: moneyAnswers()[balancePath],
    })
    const user = userEvent.setup()
    const { router } = await renderApp('/rng')
    await user.click(await tile('DSL Fortune 2'))
    const dialog = await screen.findByRole('dialog', { name: 'Balance not enough' })
    expect(dialog.textContent).toContain('Your DSL Games wallet has $0.00')
    expect(within(dialog).getByRole('button', { name: 'Deposit' })).toBeTruthy()
    await user.click(within(dialog).getByRole('button', { name: 'Move $1,000.00 to DSL Games and play' }))

    await waitFor(() => expect(router.state.location.pathname).toBe('/game'))
    const transfer = sent.find((s) => s.path === transferPath)
    expect(transfer?.method).toBe('POST')
    expect(transfer?.body).toEqual({ fromAccountTypeId: 2, toAccountTypeId: 100, amount: '1000.00' })
    expect(transfer?.headers['Idempotency-Key']).toMatch(/^[A-Za-z0-9_-]{8,128}$/)
    const launches = sent.filter((s) => s.path === launchPath).map((s) => s.query.get('confirmTrans'))
    expect(launches).toEqual(['0', '1'])
    expect(sent.indexOf(transfer as Sent)).toBeLessThan(sent.findLastIndex((s) => s.path === launchPath))
    await screen.findByRole('heading', { level: 1, name: 'DSL Fortune 2' })
  })

  test('balance short with nothing to move: only a deposit, which opens the deposit page', async () => {
    const sent = member({
      [launchPath]: {
        fail: {
          status: 422,
          errorCode: 'launch_game_balance_not_enough',
          value: { walletMode: 'SINGLE', accountTypeId: 0, balance: '0.00', mainBalance: '0.00' },
        },
      },
    })
    const user = userEvent.setup()
    const { router } = await renderApp('/rng')
    await user.click(await tile('DSL Fortune 2'))
    const dialog = await screen.findByRole('dialog', { name: 'Balance not enough' })
    expect(dialog.textContent).toContain('Your balance is not enough to play DSL Fortune 2.')
    expect(
      within(dialog)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['×', 'Deposit'])
    await user.click(within(dialog).getByRole('button', { name: 'Deposit' }))
    await waitFor(() =>
      expect(router.state.location.search).toMatchObject({ popup: 'memberCentre', centre: 'depositv2' }),
    )
    expect(count(sent, transferPath)).toBe(0)
  })
})

test('a refusal popup opened cold (a reload, a shared link) has nothing to say and closes', async () => {
  member()
  const { router } = await renderApp('/rng?popup=gameMaintenance')
  await screen.findByRole('list', { name: 'DSL Games games' })
  await waitFor(() => expect(router.state.location.search).toEqual({}))
  expect(screen.queryByRole('dialog')).toBeNull()
})

describe('vendor entries', () => {
  test("the game popup's vendor is kept only with the game popup, and only when it is a vendor code", () => {
    expect(validatePopupSearch({ popup: 'gamePopup', vendor: 'MON' })).toMatchObject({ vendor: 'MON' })
    expect(validatePopupSearch({ popup: 'login', vendor: 'MON' }).vendor).toBeUndefined()
    for (const vendor of ['MON/../x', '<script>', 'A'.repeat(17), '', 12]) {
      expect(validatePopupSearch({ popup: 'gamePopup', vendor }).vendor).toBeUndefined()
    }
  })

  test('a VASSALAGE entry opens that vendor’s game list in a popup, whose tiles launch', async () => {
    const sent = member({
      [listPath]: (s: Sent) =>
        s.query.get('vassalage') === 'DSL'
          ? {
              list: [game('DSL', 1), game('MON', 0, { isGame: 'VASSALAGE', gameName: 'MON lobby' })],
              total: 2,
              pageNo: 1,
              pageSize: 60,
            }
          : gameList(s),
    })
    const user = userEvent.setup()
    const { router } = await renderApp('/rng')
    await user.click(await tile('MON lobby'))
    const popup = await screen.findByRole('dialog', { name: 'MON Games' })
    expect(router.state.location.search).toMatchObject({ popup: 'gamePopup', vendor: 'MON' })
    expect(count(sent, launchPath)).toBe(0)
    const list = await within(popup).findByRole('list', { name: 'MON Games games' })
    expect(sent.some((s) => s.path === listPath && s.query.get('vassalage') === 'MON')).toBe(true)

    await user.click(within(list).getByRole('button', { name: 'MON Fortune 2' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/game'))
    expect(sent.find((s) => s.path === launchPath)?.query.get('gameId')).toBe('MON-2')
    await screen.findByRole('heading', { level: 1, name: 'MON Fortune 2' })
    act(() => router.history.back())
    await waitFor(() => expect(router.state.location.pathname).toBe('/rng'))
    expect(router.state.location.search).toEqual({})
  })
})
