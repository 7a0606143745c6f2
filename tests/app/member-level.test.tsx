/**
 * The member card's VIP level: the level's badge beside its name (member info's clubLabel),
 * a placeholder while the level loads, the brand's picture when it set one, and the name
 * alone when the level cannot be read.
 */
import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, test, vi } from 'vitest'
import type { VipProgress } from '#contract/vip'
import { vipEndpoints } from '#contract/vip'
import { endSession } from '#src/lib/session.ts'
import { logIn, memberInfo, moneyAnswers, stubMoneyApi } from './fixtures'
import { renderApp } from './render'

afterEach(() => {
  endSession()
  vi.unstubAllGlobals()
})

const progress = (over: Partial<VipProgress> = {}): VipProgress => ({
  playerRankName: 'Silver',
  rank: 2,
  badge: null,
  since: Date.UTC(2026, 10, 3),
  month: '2026-11',
  timeZone: 'Asia/Phnom_Penh',
  keep: { actual: '0.00', expected: '0.00' },
  next: null,
  ...over,
})

/** Opens the member centre; the level's read waits for `hold` when one is given. */
async function open(
  p: VipProgress | { fail: { status: number; errorCode: string } },
  opts: { hold?: Promise<void> } = {},
) {
  logIn()
  const sent = stubMoneyApi(
    moneyAnswers({
      '/wps/member/info': memberInfo({ clubLabel: { labelName: 'Silver' } }),
      [vipEndpoints.progress.path]: p,
    }),
  )
  if (opts.hold) {
    const answer = globalThis.fetch
    const hold = opts.hold
    vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
      if (new URL(url, 'http://localhost').pathname === vipEndpoints.progress.path) await hold
      return answer(url, init)
    })
  }
  await renderApp('/index?popup=memberCentre')
  const dialog = await screen.findByRole('dialog', { name: 'Member centre' })
  const card = await within(dialog).findByRole('button', { name: /^Dara/ })
  return { card, sent }
}

describe('the member card’s level', () => {
  test('a placeholder while the level loads, then the medal of level 2 beside Silver', async () => {
    let release = () => {}
    const hold = new Promise<void>((r) => {
      release = r
    })
    const { card } = await open(progress(), { hold })
    await waitFor(() => expect(card.querySelector('.member-card-level[data-loading]')).not.toBeNull())
    expect(within(card).queryByText('Silver')).toBeNull()
    release()
    expect(await within(card).findByText('Silver')).toBeTruthy()
    expect(card.querySelector('[data-loading]')).toBeNull()
    const medal = card.querySelector('.member-card-medal')
    expect(medal?.textContent).toBe('2')
    expect(medal?.getAttribute('aria-hidden')).toBe('true')
    expect(card.textContent).toContain('VIP level')
    expect(card.getAttribute('class')).toBe('member-card')
  })

  test("shows the brand's badge picture when the level has one", async () => {
    const { card } = await open(progress({ badge: '/media/vip/silver.png' }))
    await within(card).findByText('Silver')
    await waitFor(() =>
      expect(card.querySelector('img.member-card-badge')?.getAttribute('src')).toBe('/media/vip/silver.png'),
    )
    expect(card.querySelector('.member-card-medal')).toBeNull()
  })

  test('the name alone when the level cannot be read', async () => {
    const { card, sent } = await open({ fail: { status: 500, errorCode: 'server_error' } })
    expect(await within(card).findByText('Silver')).toBeTruthy()
    expect(card.querySelector('.member-card-badge')).toBeNull()
    expect(sent.some((s) => s.path === vipEndpoints.progress.path)).toBe(true)
  })
})
