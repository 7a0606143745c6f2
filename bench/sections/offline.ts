/**
 * Offline repeat visit against a cold load: how long the home page takes to show the lobby
 * (the first vendor chip of the vendor lanes, drawn by the app from GCSGAME_newGameVendor)
 * in Debian's Chromium, 360 px wide, with the flags of playwright.config.ts, on the real
 * server serving a production build.
 *
 * Each run has its own browser context (empty storage, no service worker):
 * - cold: the first visit over a throttled network (CDP Network.emulateNetworkConditions:
 *   150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up, Lighthouse's mobile figures);
 * - the service worker installs and takes the page; a second load, not measured, passes
 *   the lobby reads through it so its IndexedDB data cache holds them;
 * - repeat, online: a new page, same throttling: shell from the precache, lobby data from
 *   IndexedDB (stale-while-revalidate; the worker's own refetches are not throttled);
 * - repeat, offline: the context offline and every request the worker makes aborted (as
 *   e2e/offline.spec.ts does): everything from the precache and IndexedDB.
 *
 * The time is the page's own clock: performance.now() (0 = navigation start) when a
 * MutationObserver first sees the chip. Medians of BENCH_OFFLINE_RUNS (default 3) runs.
 * Budget: the offline repeat visit at most 50% of the cold load. The goal (at most
 * 500 ms and at least 5× faster) is printed beside it.
 */
import { rmSync } from 'node:fs'
import type { Browser, BrowserContext, Page } from '@playwright/test'
import { chromium } from '@playwright/test'
import { chromiumArgs } from '../../e2e/chromium'
import { num, table } from '../lib/format'
import { loadLine } from '../lib/load-average'
import { startPortalAfterArt, type PortalServer } from '../lib/portal'
import { ensureBuild, findChromium } from '../lib/prod-build'
import type { BenchSection, Json, SectionResult } from '../lib/types'

const runs = Number(process.env.BENCH_OFFLINE_RUNS ?? 3)
const lobbySelector = 'a.vendor-chip'
const throttle = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
}
const budgetRatio = 0.5
const goal = { maxMs: 500, minSpeedup: 5 }

/**
 * Runs in every page before its scripts: notes when the lobby first shows. A string, not a
 * function: tsx names inner functions through a helper the page does not have.
 */
const watchLobby = `
  try { localStorage.setItem('lang', 'en'); sessionStorage.setItem('index-notice-seen', '1') } catch {}
  new MutationObserver(() => {
    if (window.__lobbyAt === undefined && document.querySelector(${JSON.stringify(lobbySelector)}))
      window.__lobbyAt = performance.now()
  }).observe(document, { childList: true, subtree: true })
`

async function lobbyAt(page: Page, step: string): Promise<number> {
  await page
    .waitForFunction(() => (window as unknown as { __lobbyAt?: number }).__lobbyAt !== undefined, null, {
      timeout: 60_000,
    })
    .catch(async (err: unknown) => {
      const seen = await page.evaluate(() => document.body?.innerText.slice(0, 300) ?? '').catch(() => '?')
      throw new Error(`${step}: no lobby within 60 s (${String(err).split('\n')[0]}); page shows: ${seen}`)
    })
  return page.evaluate(() => (window as unknown as { __lobbyAt: number }).__lobbyAt)
}

async function throttled(context: BrowserContext): Promise<Page> {
  const page = await context.newPage()
  const cdp = await context.newCDPSession(page)
  await cdp.send('Network.enable')
  await cdp.send('Network.emulateNetworkConditions', throttle)
  return page
}

async function oneRun(browser: Browser, url: string) {
  const context = await browser.newContext({ viewport: { width: 360, height: 740 } })
  await context.addInitScript(watchLobby)
  try {
    const cold = await throttled(context)
    await cold.goto(url)
    const coldMs = await lobbyAt(cold, 'cold')
    // The worker installs; a load it controls fills the data cache (not measured).
    await cold.evaluate(() => navigator.serviceWorker.ready.then(() => true))
    await cold.reload()
    await lobbyAt(cold, 'controlled reload')
    const controlled = await cold.evaluate(() => navigator.serviceWorker.controller?.state ?? 'none')
    await cold.waitForTimeout(1000)
    await cold.close()

    const warm = await throttled(context)
    await warm.goto(url)
    const repeatOnlineMs = await lobbyAt(warm, 'repeat online')
    await warm.waitForTimeout(500)
    await warm.close()

    await context.route('**/*', (route) => route.abort('internetdisconnected'))
    await context.setOffline(true)
    const offline = await context.newPage()
    await offline.goto(url)
    const repeatOfflineMs = await lobbyAt(offline, 'repeat offline')
    return { coldMs, repeatOnlineMs, repeatOfflineMs, worker: controlled, offlineSteps: await steps(offline) }
  } finally {
    await context.close()
  }
}

/**
 * Where an offline repeat visit's time goes, from the page's own timings (ms from navigation
 * start): the worker's start, the shell's answer, the DOM, the script chunks, and each
 * lobby read the worker answered from IndexedDB.
 */
async function steps(page: Page): Promise<string> {
  // A string, as watchLobby: tsx names inner functions through a helper the page lacks.
  return page.evaluate<string>(`(() => {
    const r = Math.round
    const nav = performance.getEntriesByType('navigation')[0]
    const res = performance.getEntriesByType('resource')
    const scripts = res.filter((e) => /\\.js(\\?|$)/.test(e.name))
    const reads = res.filter((e) => new URL(e.name).pathname.startsWith('/wps/'))
    const parts = [
      nav ? 'worker start ' + r(nav.workerStart) : 'no navigation timing',
      nav ? 'shell ' + r(nav.responseStart) + '–' + r(nav.responseEnd) : '',
      nav ? 'DOM interactive ' + r(nav.domInteractive) : '',
      scripts.length
        ? 'scripts ' + r(Math.min(...scripts.map((e) => e.startTime))) + '–' + r(Math.max(...scripts.map((e) => e.responseEnd)))
        : '',
      ...reads.map((e) => new URL(e.name).pathname.replace('/wps/', '') + ' ' + r(e.startTime) + '–' + r(e.responseEnd)),
    ]
    return parts.filter(Boolean).join(', ')
  })()`)
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b)
  const mid = Math.floor(s.length / 2)
  return s.length % 2 ? (s[mid] ?? 0) : ((s[mid - 1] ?? 0) + (s[mid] ?? 0)) / 2
}

export const section: BenchSection = {
  name: 'offline',
  title: 'Offline repeat visit vs cold load: home page to the lobby, Chromium, throttled network',
  order: 31,
  async run(ctx): Promise<SectionResult> {
    const chromePath = findChromium()
    const built = ensureBuild(ctx)
    let portal: PortalServer | undefined
    let browser: Browser | undefined
    try {
      portal = await startPortalAfterArt(ctx.root, { STATIC_DIR: built.staticDir }, (l) => ctx.log(l))
      const url = `${portal.url}/index`
      browser = await chromium.launch({ executablePath: chromePath, args: chromiumArgs })
      const results: {
        [key: string]: Json
        coldMs: number
        repeatOnlineMs: number
        repeatOfflineMs: number
        worker: string
        offlineSteps: string
      }[] = []
      for (let i = 1; i <= runs; i++) {
        const r = await oneRun(browser, url)
        results.push(r)
        ctx.log(
          `run ${i}: cold ${num(r.coldMs)} ms, repeat online ${num(r.repeatOnlineMs)} ms, repeat offline ${num(r.repeatOfflineMs)} ms (worker ${r.worker})`,
        )
        ctx.log(`  offline, ms from navigation: ${r.offlineSteps}`)
      }
      const cold = median(results.map((r) => r.coldMs))
      const online = median(results.map((r) => r.repeatOnlineMs))
      const offline = median(results.map((r) => r.repeatOfflineMs))
      const ratio = offline / cold
      const verdict = ratio <= budgetRatio ? 'PASS' : 'OVER'
      const goalMet = offline <= goal.maxMs && cold / offline >= goal.minSpeedup
      const load = loadLine()
      ctx.log(
        table(
          ['home → lobby (median)', 'ms', 'of cold', 'budget', 'verdict'],
          [
            ['cold, throttled', num(cold), '100%', '', ''],
            ['repeat, online throttled (worker)', num(online), `${num((online / cold) * 100)}%`, '', ''],
            [
              'repeat, offline (worker)',
              num(offline),
              `${num(ratio * 100)}%`,
              `<= ${budgetRatio * 100}%`,
              verdict,
            ],
          ],
        ),
      )
      ctx.log(
        `issue goal (offline <= ${goal.maxMs} ms and >= ${goal.minSpeedup}× faster): ${goalMet ? 'met' : 'not met'} ` +
          `(${num(cold / offline, 1)}× faster); ${load}`,
      )
      return {
        figures: {
          url: 'http://127.0.0.1:<port>/index',
          lobby: lobbySelector,
          throttle,
          runs: results,
          median: { coldMs: cold, repeatOnlineMs: online, repeatOfflineMs: offline },
          ratio: Math.round(ratio * 1000) / 1000,
          budgetRatio,
          verdict,
          goalMet,
          build: built.build,
          distIsDevelopment: built.distIsDevelopment,
          load,
        },
        summary: [
          {
            metric: 'offline repeat / cold',
            value: `${num(offline)} / ${num(cold)} ms`,
            note: `${num(ratio * 100)}% (budget ${budgetRatio * 100}%): ${verdict}; online repeat ${num(online)} ms; ${load}`,
          },
        ],
      }
    } finally {
      await browser?.close().catch(() => undefined)
      if (portal) await portal.stop().catch(() => undefined)
      if (built.tempDir) rmSync(built.tempDir, { recursive: true, force: true })
      built.release?.()
    }
  },
}
