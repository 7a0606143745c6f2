/**
 * The lottery on a phone against the real server and its draw engine: a new member with
 * money opens a 10-second e-lottery game the operator added, puts Big and Small on the
 * open issue (one of them wins whatever is drawn), waits for the draw, and sees the result,
 * the win and the loss in "My bets" and in the betting record, and the balance move by the
 * payout.
 */
import type { Locator, Page } from '@playwright/test'
import { expect, register, test } from './fixtures'

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    localStorage.setItem('lang', 'en')
    sessionStorage.setItem('index-notice-seen', '1')
  })
})

/** "$1,234.56" → 123456 (cents). */
function cents(shown: string): number {
  const m = /\$([\d,]+)\.(\d{2})/.exec(shown)
  if (!m?.[1] || !m[2]) throw new Error(`not an amount: ${shown}`)
  return Number(m[1].replace(/,/g, '')) * 100 + Number(m[2])
}

test('a member bets on a 10-second e-lottery draw and sees the result, the win and the loss, and the balance', async ({
  page,
  ops,
}) => {
  test.setTimeout(120_000)
  const suffix = Date.now().toString(36).slice(-5).toUpperCase()
  const code = `E2E${suffix}`
  expect(
    await ops('lottery', 'add', code, 'ELOTT', 'D5', 'every:10', 'Quick', '10s', suffix, '--hot'),
  ).toContain(code)

  // Every spec shares the one server: the game leaves the home page's rows afterwards.
  try {
    const name = `lott${suffix.toLowerCase()}`
    await register(page, ops, name)
    expect(await ops('adjust', name, '50', 'end-to-end lottery credit')).toContain('50')

    await page.goto(`/lottery?gameCode=${code}&playType=BIG_SMALL`)
    await expect(page.getByRole('heading', { name: `Quick 10s ${suffix}` })).toBeVisible()
    const timer = page.getByRole('timer')
    await expect(timer).toBeVisible({ timeout: 20_000 })

    // Big and Small on one issue: exactly one of them wins whatever is drawn.
    await page.getByRole('button', { name: 'Big', exact: true }).click()
    await page.getByRole('button', { name: 'Small', exact: true }).click()
    const stake = page.getByLabel('Stake per unit ($)')
    await stake.fill('1.00')
    // Not in the last seconds: the bet must reach the server before the close, with
    // seconds to spare for a slow machine.
    await expect
      .poll(async () => Number((await timer.textContent())?.split(':')[1] ?? 0), { timeout: 15_000 })
      .toBeGreaterThanOrEqual(7)
    await page.getByRole('button', { name: 'Add 2 to slip' }).click()
    await page.getByRole('button', { name: 'Place bets' }).click()
    const placed = page.getByText(/^Bets placed on issue (\S+): \$2\.00\. Balance \$48\.00\.$/)
    await expect(placed).toBeVisible()
    const numero = /issue (\S+):/.exec((await placed.textContent()) ?? '')?.[1]
    if (!numero) throw new Error('no issue number in the confirmation')

    // The draw: both bets settle, one won and one lost, and the result shows.
    const myBets = page.getByRole('list', { name: 'My bets' })
    const won = myBets.getByRole('listitem').filter({ hasText: numero }).filter({ hasText: 'Won' })
    const lost = myBets.getByRole('listitem').filter({ hasText: numero }).filter({ hasText: 'Lost' })
    await expect(won).toHaveCount(1, { timeout: 45_000 })
    await expect(lost).toHaveCount(1)
    await expect(lost).toContainText('Paid nothing')
    const payout = cents((await won.getByText(/^Paid \$/).textContent()) ?? '')
    expect(payout).toBeGreaterThan(100)
    const result = page
      .getByRole('region', { name: 'Recent results' })
      .getByRole('listitem')
      .filter({ hasText: numero })
    await expect(result.getByRole('img', { name: /^Result \d{5}$/ })).toBeVisible()
    await result.getByRole('button', { name: `Details ${numero}` }).click()
    await expect(result.getByText('Seed (published with the result)')).toBeVisible()

    // The balance moved by the payout (50 − 2 + payout) by itself, told by a toast.
    const banner = page.getByRole('banner')
    await expect(page.getByText(/^Lottery: 1 of 2 bets won, \$[\d.,]+ paid$/)).toBeVisible()
    const expected = 4800 + payout
    const shown = `$${Math.floor(expected / 100).toLocaleString('en-US')}.${String(expected % 100).padStart(2, '0')}`
    await expect(banner.getByLabel(`Balance: ${shown}`)).toBeVisible()

    // The betting record lists the bets with their outcome.
    await page.goto('/index?popup=memberCentre&centre=personalHistoryCopy')
    const record = page.getByRole('list', { name: 'Betting record' })
    await expect(record.getByRole('listitem').first()).toContainText(`Quick 10s ${suffix}`)
  } finally {
    await ops('lottery', 'disable', code)
  }
})

/** Opens `path` in `lang`, chosen as a player chooses it (the cookie the server reads, the app's own setting). */
async function openIn(page: Page, baseURL: string | undefined, lang: string, path: string): Promise<void> {
  await page.context().addCookies([{ name: 'lang', value: lang, url: baseURL ?? '' }])
  await page.addInitScript((l) => localStorage.setItem('lang', l), lang)
  await page.goto(path)
}

/**
 * The words of each element's text (as the browser's own segmenter splits the language) that
 * do not fit inside it on one line: a name wrapped inside a word reads as two words.
 */
function wordsCut(elements: Locator, lang: string): Promise<string[]> {
  return elements.evaluateAll(
    (buttons, l) =>
      buttons.flatMap((b) => {
        const style = getComputedStyle(b)
        const inner = b.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight)
        const words = [...new Intl.Segmenter(l, { granularity: 'word' }).segment(b.textContent ?? '')]
        return words
          .filter((w) => w.isWordLike)
          .flatMap((w) => {
            const probe = document.createElement('span')
            probe.textContent = w.segment
            probe.style.cssText = `position:absolute;white-space:nowrap;font:${style.font}`
            document.body.append(probe)
            const width = probe.getBoundingClientRect().width
            probe.remove()
            return width > inner + 0.5
              ? [`${w.segment}: ${Math.round(width)} px in ${Math.round(inner)} px`]
              : []
          })
      }),
    lang,
  )
}

for (const [lang, language] of [
  ['km', 'Khmer'],
  ['th', 'Thai'],
] as const) {
  test(`on a phone the prize-mode tabs wrap their ${language} names between words, never inside one`, async ({
    page,
    baseURL,
  }) => {
    await openIn(page, baseURL, lang, '/lottery')
    await expect(page.locator('.lott-mode')).toHaveCount(4)
    expect(await wordsCut(page.locator('.lott-mode'), lang)).toEqual([])
  })
}

test('on a phone the e-lottery bet types wrap their names between words, never inside one, in every language', async ({
  page,
  baseURL,
}) => {
  for (const lang of ['en', 'km', 'zh', 'th', 'vi']) {
    await openIn(page, baseURL, lang, '/lottery?gameCode=E5D1')
    const types = page.locator('.lott-bettype')
    await expect(types).toHaveCount(4)
    await expect(page.locator('html')).toHaveAttribute('lang', lang)
    expect(await wordsCut(types, lang), lang).toEqual([])
  }
})

for (const lang of ['zh', 'km', 'th', 'vi', 'en'] as const) {
  test(`on a phone the Vietnamese lottery's bet types keep their count and unit on one line (${lang})`, async ({
    page,
    baseURL,
  }) => {
    await openIn(page, baseURL, lang, '/lottery?gameCode=VN_MB')
    const names = page.locator('.lott-bettype > span:first-child')
    await expect(names).toHaveCount(4)
    // "特码 2 位", "Đề ២ ខ្ទង់": the count and the word after it share a line box however the
    // name wraps (a unit alone on a second line reads as a different name).
    const split = await names.evaluateAll((spans) =>
      spans.flatMap((span) => {
        const text = span.firstChild
        const m = text?.nodeType === Node.TEXT_NODE ? /[0-9០-៩]\s\S/u.exec(text.textContent ?? '') : null
        if (!text || !m) return [`${span.textContent}: no count and unit`]
        const range = document.createRange()
        range.setStart(text, m.index)
        range.setEnd(text, m.index + m[0].length)
        const tops = new Set([...range.getClientRects()].map((r) => Math.round(r.top)))
        return tops.size === 1 ? [] : [`${span.textContent}: on ${tops.size} lines`]
      }),
    )
    expect(split).toEqual([])
  })
}

test('on a phone a draw card keeps its name and last result in place while its draw is made', async ({
  page,
  baseURL,
}) => {
  await page.setViewportSize({ width: 360, height: 740 })
  // The first game's issue has closed and its draw is being made; the others count down.
  await page.route('**/lgw/games/popular*', async (route) => {
    const res = await route.fetch()
    const body = (await res.json()) as { value: { list: { current: unknown }[] } }
    const first = body.value.list[0]
    if (first) first.current = null
    await route.fulfill({ response: res, json: body })
  })
  await openIn(page, baseURL, 'en', '/index')
  const cards = page.getByRole('region', { name: 'Lottery draws' }).locator('.draw-card')
  await expect(cards.nth(0)).toContainText('Drawing…')
  await expect(cards.nth(1).getByRole('timer')).toBeVisible()
  const tops = (part: string) =>
    Promise.all(
      [0, 1].map(async (i) => Math.round((await cards.nth(i).locator(part).boundingBox())?.y ?? -1)),
    )
  for (const part of ['.draw-card-name', '.draw-card-last']) {
    const [drawing, counting] = await tops(part)
    expect(drawing, part).toBeGreaterThan(0)
    expect(drawing, part).toBe(counting)
  }
})
