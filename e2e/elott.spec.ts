/**
 * The e-lottery cards at 360 px, in every language: each card's name, issue number,
 * countdown and five result balls lie whole inside the card (nothing cut by its edge or an
 * ellipsis). Screenshots at 360 and 1280 px for a look.
 */
import type { Page } from '@playwright/test'
import { expect, test } from './fixtures'

const languages = ['km', 'en', 'zh', 'th', 'vi'] as const

/** What of each card sticks out of it or is cut short: empty when everything fits. */
function cutParts(page: Page): Promise<string[]> {
  return page.locator('.elott-grid .draw-card').evaluateAll((cards) =>
    cards.flatMap((card, i) => {
      const box = card.getBoundingClientRect()
      const parts = card.querySelectorAll<HTMLElement>(
        '.draw-card-name, .lott-countdown-issue, .lott-countdown-label, .lott-time, .lott-ball',
      )
      return [...parts].flatMap((el) => {
        const r = el.getBoundingClientRect()
        const outside = r.left < box.left - 0.5 || r.right > box.right + 0.5 || r.bottom > box.bottom + 0.5
        const clipped = el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1
        return outside || clipped ? [`card ${i + 1}: ${el.className} "${el.textContent ?? ''}"`] : []
      })
    }),
  )
}

for (const lang of languages) {
  test(`/elott cards fit whole at 360 px in ${lang}`, async ({ page }) => {
    await page.addInitScript((l) => {
      localStorage.setItem('lang', l)
      sessionStorage.setItem('index-notice-seen', '1')
    }, lang)
    await page.goto('/elott')
    const cards = page.locator('.elott-grid .draw-card')
    await expect(cards.first()).toBeVisible()
    // Every card with its issue and its last result's five balls.
    await expect(cards.first().locator('.lott-ball')).toHaveCount(5)
    await expect(cards.last().locator('.lott-countdown-issue')).not.toBeEmpty()
    expect(await cutParts(page)).toEqual([])
    if (lang === 'en' || lang === 'km') {
      await page.screenshot({ path: test.info().outputPath(`elott-${lang}-360.png`), fullPage: true })
      await page.setViewportSize({ width: 1280, height: 800 })
      await expect(cards.first()).toBeVisible()
      expect(await cutParts(page)).toEqual([])
      await page.screenshot({ path: test.info().outputPath(`elott-${lang}-1280.png`), fullPage: true })
    }
  })
}
