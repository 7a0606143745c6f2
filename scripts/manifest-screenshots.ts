/**
 * Remakes the web app manifest's screenshots (public/screenshots/) from a running demo:
 * the lobby on a phone (360×640 CSS px at 2×: 720×1280) and on a desktop (1280×720), taken
 * with the local Chromium (e2e/chromium.ts) and encoded as WebP by that same browser, so no
 * image tool is needed. Not run by the build: the files are committed.
 *
 *   node --import tsx scripts/manifest-screenshots.ts http://127.0.0.1:8080
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { chromium, type Page } from 'playwright-core'
import { chromiumArgs, findChromium } from '../e2e/chromium'

const base = process.argv[2]
if (!base) throw new Error('usage: scripts/manifest-screenshots.ts <base url of a demo server>')
const out = path.resolve(import.meta.dirname, '..', 'public', 'screenshots')

/** The page's PNG screenshot re-encoded as WebP by the browser's own encoder. */
async function webp(page: Page, quality: number): Promise<Buffer> {
  const png = (await page.screenshot({ type: 'png' })).toString('base64')
  const dataUrl = await page.evaluate(
    async ({ png, quality }) => {
      const img = new Image()
      img.src = `data:image/png;base64,${png}`
      await img.decode()
      const canvas = document.createElement('canvas')
      canvas.width = img.naturalWidth
      canvas.height = img.naturalHeight
      canvas.getContext('2d')?.drawImage(img, 0, 0)
      return canvas.toDataURL('image/webp', quality)
    },
    { png, quality },
  )
  return Buffer.from(dataUrl.replace(/^data:image\/webp;base64,/, ''), 'base64')
}

const shots = [
  { file: 'lobby-narrow.webp', viewport: { width: 360, height: 640 }, scale: 2 },
  { file: 'lobby-wide.webp', viewport: { width: 1280, height: 720 }, scale: 1 },
]

const browser = await chromium.launch({ executablePath: findChromium(), args: chromiumArgs })
try {
  mkdirSync(out, { recursive: true })
  for (const shot of shots) {
    const context = await browser.newContext({
      viewport: shot.viewport,
      deviceScaleFactor: shot.scale,
      locale: 'en-US',
    })
    const page = await context.newPage()
    // English, so the stores' reviewers read it; the lobby's first rows and its art loaded.
    await page.addInitScript(() => localStorage.setItem('lang', 'en'))
    await page.goto(new URL('/index', base).href, { waitUntil: 'networkidle' })
    // The announcement popup opens once the page settles: closed, the lobby shows.
    await page.getByRole('dialog').waitFor({ timeout: 10_000 })
    await page.keyboard.press('Escape')
    await page.getByRole('dialog').waitFor({ state: 'hidden' })
    await page.waitForTimeout(1000)
    const data = await webp(page, 0.8)
    writeFileSync(path.join(out, shot.file), data)
    console.log(`${shot.file}: ${data.length} bytes`)
    await context.close()
  }
} finally {
  await browser.close()
}
