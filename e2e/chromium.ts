/**
 * Finds the Chromium to drive: PLAYWRIGHT_CHROMIUM_PATH, then Debian's /usr/bin/chromium.
 * Playwright's own download is never fetched here.
 */
import { existsSync } from 'node:fs'

export const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

export function findChromium(): string {
  const candidates = [process.env.PLAYWRIGHT_CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser']
  const found = candidates.find((p): p is string => !!p && existsSync(p))
  if (!found) {
    throw new Error(
      [
        'No Chromium found for the end-to-end tests.',
        'Install one and run again:',
        '  Debian/Ubuntu: sudo apt-get update && sudo apt-get install -y chromium',
        '  or point PLAYWRIGHT_CHROMIUM_PATH at a Chrome/Chromium binary',
      ].join('\n'),
    )
  }
  return found
}
