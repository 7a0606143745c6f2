import { countLayoutShifts, expect, layoutShift, test } from './fixtures'

test.use({ viewport: { width: 360, height: 740 }, locale: 'en-US', reducedMotion: 'reduce' })

test('a brand with many banners gets Previous, Next and a count that fit a phone, instead of a row of dots', async ({
  page,
  context,
  baseURL,
  ops,
}) => {
  const added: string[] = []
  try {
    for (let i = 1; i <= 8; i++) {
      const out = await ops('announcement', 'add', 'B', 'en', `Weekly offer ${i}`, `Offer number ${i}`)
      const id = /\b(\d+)\b/.exec(out)?.[1]
      if (!id) throw new Error(`no id in "${out}"`)
      added.push(id)
    }
    await context.addCookies([{ name: 'lang', value: 'en', url: baseURL ?? '' }])
    await page.addInitScript(() => sessionStorage.setItem('index-notice-seen', '1'))
    await page.addInitScript(countLayoutShifts)
    await page.goto('/index')

    // The server's render draws the count too; the app then hydrates it.
    await expect(page.locator('.banner-count')).toHaveText(/^1 \/ \d+/)
    await expect(page.locator('html[data-app="ready"]')).toHaveCount(1)
    const carousel = page.getByRole('region', { name: 'Banners' })
    const slides = carousel.getByRole('group', { includeHidden: true })
    const total = await slides.count()
    expect(total).toBeGreaterThan(8)
    const count = carousel.locator('.banner-count')
    await expect(count.locator('[aria-hidden="true"]')).toHaveText(`1 / ${total}`)
    await expect(carousel.getByRole('button', { name: /^Show banner/ })).toHaveCount(0)
    const next = carousel.getByRole('button', { name: 'Next banner' })
    const previous = carousel.getByRole('button', { name: 'Previous banner' })

    // Every control lies inside the banner and the screen, a finger's size.
    const frame = await carousel.boundingBox()
    for (const control of [previous, next, carousel.getByRole('button', { name: /banners$/ })]) {
      const box = await control.boundingBox()
      expect(box).not.toBeNull()
      expect(box!.x).toBeGreaterThanOrEqual(frame!.x)
      expect(box!.x + box!.width).toBeLessThanOrEqual(Math.min(frame!.x + frame!.width, 360))
      expect(box!.width).toBeGreaterThanOrEqual(40)
      expect(box!.height).toBeGreaterThanOrEqual(40)
    }

    await next.click()
    await expect(count.locator('[aria-hidden="true"]')).toHaveText(`2 / ${total}`)
    // A screen reader hears where it is: the pointer is on the banners, so they stand still.
    await expect(count).toHaveAttribute('aria-live', 'polite')
    await expect(count.locator('.visually-hidden')).toHaveText(`Banner 2 of ${total}`)
    await expect(slides.nth(1)).not.toHaveAttribute('aria-hidden', 'true')
    await expect(slides.nth(0)).toHaveAttribute('aria-hidden', 'true')
    await previous.click()
    await previous.click()
    // From the first, Previous goes round to the last.
    await expect(count.locator('[aria-hidden="true"]')).toHaveText(`${total} / ${total}`)
    await expect(slides.last()).not.toHaveAttribute('aria-hidden', 'true')
    // The server drew the same controls: hydrating moved nothing.
    expect(await layoutShift(page)).toBeLessThanOrEqual(0.02)
  } finally {
    for (const id of added) await ops('announcement', 'expire', id)
  }
})
