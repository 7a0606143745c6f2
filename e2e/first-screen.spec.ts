/**
 * The first screen comes from the server's HTML, which is React's own render of the page:
 * without JavaScript the brand, the welcome, the banners and the games show in the chosen
 * language; with it, the app hydrates that content without a console error or a layout
 * shift above 0.02, and a tap made while it hydrates is carried out.
 */
import { countLayoutShifts, englishWithoutNotice, expect, layoutShift, settled, test } from './fixtures'

const brand = 'Lotus Play'
const welcomeKm = `សូមស្វាគមន៍មកកាន់ ${brand}`

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('shows the brand and the welcome in the language of the lang cookie', async ({
    page,
    context,
    baseURL,
  }) => {
    await context.addCookies([{ name: 'lang', value: 'km', url: baseURL ?? '' }])
    await page.goto('/index')
    await expect(page.locator('html')).toHaveAttribute('lang', 'km')
    await expect(page.locator('header .brand .brand-full')).toHaveText(brand)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(welcomeKm)
    await expect(page.getByRole('heading', { level: 2, name: 'ហ្គេមពេញនិយម' })).toBeVisible()
    // The compact header: one row of 56 px on a phone, the tab bar at the bottom.
    expect((await page.locator('header').boundingBox())?.height).toBe(56)
    await expect(page.getByRole('navigation', { name: 'ផ្នែក', exact: true })).toBeVisible()
    await expect(page.locator('.banner-carousel img').first()).toBeVisible()
    await expect(page).toHaveTitle(brand)
    // The hot games themselves, not their skeleton, their art loaded.
    const hot = page.locator('.game-row .game-tile')
    expect(await hot.count()).toBeGreaterThanOrEqual(6)
    await expect(hot.first().locator('.game-tile-name')).not.toBeEmpty()
    await expect
      .poll(() =>
        hot
          .first()
          .locator('img')
          .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
      )
      .toBe(true)
    await expect(page.locator('.game-tile-skeleton')).toHaveCount(0)
  })

  test("opens in the brand's default language when the player has chosen none, whatever the browser's", async ({
    browser,
    baseURL,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, locale: 'zh-CN', baseURL })
    const page = await context.newPage()
    await page.goto('/index')
    await expect(page.locator('html')).toHaveAttribute('lang', 'km')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(welcomeKm)
    await context.close()
  })

  test('a Chinese choice in the lang cookie shows the first screen in Chinese', async ({
    page,
    context,
    baseURL,
  }) => {
    await context.addCookies([{ name: 'lang', value: 'zh', url: baseURL ?? '' }])
    await page.goto('/index')
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`欢迎来到 ${brand}`)
  })

  test('the lottery shows its draws and their last results in Khmer, from the HTML', async ({
    page,
    context,
    baseURL,
  }) => {
    await context.addCookies([{ name: 'lang', value: 'km', url: baseURL ?? '' }])
    await page.goto('/lottery')
    await expect(page.locator('html')).toHaveAttribute('lang', 'km')
    await expect(page.locator('header .brand .brand-full')).toHaveText(brand)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('ឆ្នោត')
    // The draws of the mode it opens on, each a button with its name.
    const draws = page.getByRole('group', { name: 'ហ្គេម' }).getByRole('button')
    expect(await draws.count()).toBeGreaterThan(1)
    await expect(draws.first()).not.toBeEmpty()
    // The open draw's last result, its balls drawn.
    const last = page.locator('.lott-last')
    await expect(last).toBeVisible()
    expect(await last.locator('.lott-ball').count()).toBeGreaterThan(0)
    // Its styles came with the page: the draw buttons sit in a row, not one per line.
    const tops = await draws.evaluateAll((b) =>
      b.slice(0, 2).map((el) => Math.round(el.getBoundingClientRect().top)),
    )
    expect(tops[0]).toBe(tops[1])
  })

  test('a games lobby shows its vendor tabs and the open tab’s games, art loaded, from the HTML', async ({
    page,
    context,
    baseURL,
  }) => {
    await context.addCookies([{ name: 'lang', value: 'en', url: baseURL ?? '' }])
    await page.goto('/rng?page=SPN')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Slots')
    await expect(page.getByRole('link', { name: 'Spin Garden' })).toHaveAttribute('aria-current', 'page')
    const grid = page.getByRole('list', { name: 'Spin Garden games' })
    // The tab's first page of games, as the app draws it.
    await expect(grid.getByRole('listitem')).toHaveCount(60)
    const art = grid.locator('img').first()
    await expect(art).toBeVisible()
    await expect
      .poll(() => art.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
      .toBe(true)
    // The lobby's own styles are in the page: three tiles a row on a phone.
    const tops = await grid
      .locator('.game-tile')
      .evaluateAll((tiles) => tiles.slice(0, 4).map((t) => Math.round(t.getBoundingClientRect().top)))
    expect(new Set(tops.slice(0, 3)).size).toBe(1)
    expect(tops[3]).toBeGreaterThan(tops[0] ?? 0)
  })
})

test.describe('with JavaScript', () => {
  test('the app takes over the same content, with no console error and no layout shift above 0.02', async ({
    page,
    context,
    baseURL,
    consoleErrors,
  }) => {
    await context.addCookies([{ name: 'lang', value: 'km', url: baseURL ?? '' }])
    await page.addInitScript(countLayoutShifts)
    await page.goto('/index')
    // The server's page is there before the app runs; the app hydrates it.
    await expect(page.locator('#root[data-ssr]')).toHaveCount(1)
    await expect(page.locator('html[data-app="ready"]')).toHaveCount(1)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(welcomeKm)
    await expect(page.locator('header .brand .brand-full')).toHaveText(brand)
    await expect(page.locator('html')).toHaveAttribute('lang', 'km')
    // The rows fill in (hot games, vendors) and the page settles.
    await expect(page.locator('.game-row .game-tile-play').first()).toBeVisible()
    await expect(page.locator('a.vendor-chip').first()).toBeVisible()
    await settled(page)
    expect(await layoutShift(page)).toBeLessThanOrEqual(0.02)
    expect(consoleErrors).toEqual([])
  })

  test('a saved language the cookie has lost (Safari drops it after a week) takes over without moving the page', async ({
    page,
    context,
    baseURL,
    consoleErrors,
  }) => {
    // The server draws the brand's language (Khmer); the app boots in the player's English.
    await context.addCookies([{ name: 'lang', value: 'km', url: baseURL ?? '' }])
    await page.addInitScript(() => localStorage.setItem('lang', 'en'))
    await page.addInitScript(countLayoutShifts)
    await page.goto('/index')
    await expect(page.locator('html[data-app="ready"]')).toHaveCount(1)
    await expect(page.locator('html')).toHaveAttribute('lang', 'en')
    await expect(page.locator('.banner-carousel .banner-title').first()).toHaveText('100% welcome bonus')
    await expect(page.locator('.game-row .game-tile-play').first()).toBeVisible()
    await settled(page)
    expect(await layoutShift(page)).toBeLessThanOrEqual(0.02)
    expect(consoleErrors).toEqual([])
  })

  test('from a lobby, the home page keeps its banners’ box while they load, so its rows do not move', async ({
    page,
    context,
    baseURL,
  }) => {
    await context.addCookies([{ name: 'lang', value: 'en', url: baseURL ?? '' }])
    await page.addInitScript(() => {
      localStorage.setItem('lang', 'en')
      sessionStorage.setItem('index-notice-seen', '1')
    })
    // The lobby's page carries no announcements: the home page asks for them, held here.
    await page.goto('/rng')
    await expect(page.locator('html[data-app="ready"]')).toHaveCount(1)
    let release = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    await page.route(
      /MCSFE_getListAnnouncements\?types=B%2CPL%2CPR%2CH|MCSFE_getListAnnouncements\?types=B,PL,PR,H/,
      async (route) => {
        await held
        await route.continue()
      },
    )
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Home' }).click()
    const box = page.locator('.banner-carousel')
    await expect(box).toBeVisible()
    // The home page's own first row, laid out (not the lobby's, hidden while it leaves).
    await expect(page).toHaveURL(/\/index$/)
    const firstRow = page.locator('.game-row').first()
    await expect(firstRow).toBeVisible()
    const rowTop = await firstRow.evaluate((el) => el.getBoundingClientRect().top)
    release()
    await expect(box.locator('img.banner-art').first()).toBeVisible()
    expect(
      await page
        .locator('.game-row')
        .first()
        .evaluate((el) => el.getBoundingClientRect().top),
    ).toBe(rowTop)
  })

  test('on a wide screen the header’s game nav is whole when the app hydrates: none of it moves after', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 })
    await page.addInitScript(countLayoutShifts)
    // Each frame, where the app's nav items are (also while it draws out of sight).
    await page.addInitScript(() => {
      const w = window as unknown as { __navs: string[] }
      w.__navs = []
      const look = () => {
        // From when the page's fonts are in (their swap is counted in the layout shift below).
        if (document.fonts.status !== 'loaded') {
          requestAnimationFrame(look)
          return
        }
        const items = [...document.querySelectorAll('#root .main-nav .nav-item')]
          .map((li) => `${li.textContent}@${Math.round(li.getBoundingClientRect().left)}`)
          .join(' | ')
        if (items && w.__navs.at(-1) !== items) w.__navs.push(items)
        requestAnimationFrame(look)
      }
      requestAnimationFrame(look)
    })
    for (const path of ['/index', '/lottery']) {
      await page.goto(path)
      await expect(page.locator('html[data-app="ready"]')).toHaveCount(1)
      // Home, the game types, promotions and download.
      await expect(page.locator('.main-nav .nav-item')).toHaveCount(12)
      await page.waitForLoadState('networkidle')
      const navs = await page.evaluate(() => (window as unknown as { __navs: string[] }).__navs)
      expect(navs, path).toHaveLength(1)
      expect(await layoutShift(page), path).toBeLessThanOrEqual(0.02)
    }
  })

  test('a lobby fills its game grid without moving what is on screen', async ({ page }) => {
    await page.addInitScript(countLayoutShifts)
    // A tab whose games the server drew: the app draws the same tiles over them.
    await page.goto('/rng?page=SPN')
    await expect(page.locator('.game-grid .game-tile-play').first()).toBeVisible()
    await settled(page)
    expect(await layoutShift(page)).toBeLessThanOrEqual(0.02)
    // Another tab, drawn by the app alone.
    await page.getByRole('link', { name: 'Golden Reels' }).click()
    await expect(page.locator('.game-grid .game-tile-play').first()).toBeVisible()
    await settled(page)
    expect(await layoutShift(page)).toBeLessThanOrEqual(0.02)
  })

  test('the lottery page fills its countdown, slip and results without moving what is on screen', async ({
    page,
  }) => {
    await page.addInitScript(countLayoutShifts)
    await page.goto('/lottery?gameCode=E5D1')
    await expect(page.getByRole('timer')).toBeVisible()
    await settled(page)
    expect(await layoutShift(page)).toBeLessThanOrEqual(0.02)
  })

  test("the draw's countdown stays on the brand's colour once the app has loaded every stylesheet", async ({
    page,
  }) => {
    await page.goto('/lottery?gameCode=E5D1')
    await expect(page.getByRole('timer')).toBeVisible()
    await page.waitForLoadState('networkidle')
    // The draw box's own gradient, not the plain card it also is: a stylesheet added after
    // the route's own (the app's main one again) once turned it white under its white text.
    const draw = page.locator('.lott-draw')
    await expect(draw).toHaveCSS('background-image', /linear-gradient/)
    const text = await draw.evaluate((el) => getComputedStyle(el).color)
    expect(text).toBe('rgb(255, 255, 255)')
  })

  test('the static screen and the app put the header and the welcome in the same boxes', async ({
    page,
    context,
    browser,
    baseURL,
  }) => {
    const boxes = async (p: typeof page) =>
      Promise.all(
        ['header', 'h1', '.banner-carousel', '.marquee', '#hot-games-title', '.tab-bar'].map((s) =>
          p.locator(s).first().boundingBox(),
        ),
      )
    const staticContext = await browser.newContext({
      javaScriptEnabled: false,
      baseURL,
      viewport: { width: 360, height: 740 },
    })
    await staticContext.addCookies([{ name: 'lang', value: 'km', url: baseURL ?? '' }])
    // The Khmer font is `display: optional`: a page that waits too long for it keeps the
    // fallback. Each side loads the page once so the font is in its cache (as an installed
    // app has it), then measures a second load, so both draw with the same font.
    const withFontCached = async (p: typeof page) => {
      await p.goto('/index')
      await p.waitForLoadState('networkidle')
      await p.goto('/index')
    }
    const staticPage = await staticContext.newPage()
    await withFontCached(staticPage)
    const before = await boxes(staticPage)
    await staticContext.close()

    await context.addCookies([{ name: 'lang', value: 'km', url: baseURL ?? '' }])
    await withFontCached(page)
    await expect(page.locator('html[data-app="ready"]')).toHaveCount(1)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(welcomeKm)
    await expect(page.locator('a.vendor-chip').first()).toBeVisible()
    expect(await boxes(page)).toEqual(before)
  })

  test('the language switcher sets the lang cookie the server renders in', async ({ page, context }) => {
    await page.addInitScript(() => sessionStorage.setItem('index-notice-seen', '1'))
    await page.goto('/index')
    await expect(page.locator('html[data-app="ready"]')).toHaveCount(1)
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    // Language and theme are in the header's menu.
    await page.locator('.header-menu-button').click()
    await page.getByRole('dialog').locator('select:has(option[value="en"])').selectOption('en')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Welcome to ${brand}`)
    const cookie = (await context.cookies()).find((c) => c.name === 'lang')
    expect(cookie?.value).toBe('en')
    expect(cookie?.sameSite).toBe('Lax')
    expect(cookie?.expires ?? 0).toBeGreaterThan(Date.now() / 1000 + 300 * 24 * 60 * 60)
  })
})

test.describe('while the app hydrates', () => {
  test('a game tile tapped during hydration on a slow phone asks a visitor to log in', async ({
    page,
    context,
    baseURL,
    consoleErrors,
  }) => {
    await context.addCookies([{ name: 'lang', value: 'en', url: baseURL ?? '' }])
    // The moment hydration begins, the page tells the test where the server drew the first
    // tile, and the test taps there at once (a real input, queued to the page as a phone's
    // is): nothing in between waits for the page's busy thread, so the tap lands during
    // hydration (seconds on this CPU) whatever the host's load.
    // A binding of the browser's own (not Playwright's, which first asks the page for its
    // frame, and so waits for the busy thread).
    const cdp = await context.newCDPSession(page)
    await cdp.send('Runtime.enable')
    await cdp.send('Runtime.addBinding', { name: 'tapTileAt' })
    const tapped = new Promise<void>((resolve, reject) => {
      cdp.on('Runtime.bindingCalled', ({ name, payload }) => {
        if (name !== 'tapTileAt') return
        const { x, y } = JSON.parse(payload) as { x: number; y: number }
        const at = { x, y, button: 'left' as const, clickCount: 1 }
        void cdp
          .send('Input.dispatchMouseEvent', { type: 'mousePressed', ...at })
          .then(() => cdp.send('Input.dispatchMouseEvent', { type: 'mouseReleased', ...at }))
          .then(() => resolve(), reject)
      })
    })
    await page.addInitScript(() => {
      const html = () => document.documentElement
      // Where the page stood when the tap came.
      addEventListener(
        'pointerdown',
        () => {
          html().dataset.tappedWhile = html().dataset.app ?? 'loading'
        },
        { capture: true, once: true },
      )
      const watch = new MutationObserver(() => {
        if (html().dataset.app !== 'hydrating') return
        watch.disconnect()
        const box = document.querySelector('.game-tile-play')?.getBoundingClientRect()
        if (!box) return
        const call = (window as unknown as { tapTileAt(payload: string): void }).tapTileAt
        call(JSON.stringify({ x: box.x + box.width / 2, y: box.y + box.height / 2 }))
      })
      watch.observe(document, { subtree: true, attributes: true, attributeFilter: ['data-app'] })
    })
    // A phone's CPU: hydration takes a while.
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 20 })
    await page.goto('/pvp', { waitUntil: 'commit' })
    await tapped
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 })
    expect(await page.evaluate(() => document.documentElement.dataset.tappedWhile)).toBe('hydrating')
    const login = page.getByRole('dialog', { name: 'Log in' })
    await expect(login).toBeVisible()
    // Carried out once: closed, it stays closed.
    await page.keyboard.press('Escape')
    await expect(login).toHaveCount(0)
    expect(consoleErrors).toEqual([])
  })
})

test('what a player types before the app takes over stays and is what the form sends', async ({
  page,
  context,
  baseURL,
}) => {
  await context.addCookies([{ name: 'lang', value: 'en', url: baseURL ?? '' }])
  await englishWithoutNotice(page)
  // The app's code is held back while the player types into the server's form.
  let release = () => {}
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route(/\/assets\/.*\.js$/, async (route) => {
    await held
    await route.continue()
  })
  await page.goto('/agent', { waitUntil: 'commit' })
  const entrance = page.getByRole('main')
  await entrance.getByLabel('Agent username').fill('member01')
  await entrance.getByLabel('Password', { exact: true }).fill('lotus123')
  release()
  await expect(page.locator('html[data-app="ready"]')).toHaveCount(1)
  await expect(entrance.getByLabel('Agent username')).toHaveValue('member01')
  await entrance.getByRole('button', { name: 'Log in as an agent' }).click()
  // The server judged the typed account (a member, not an agent): nothing was lost.
  await expect(entrance.getByText('Non-agents cannot log in.')).toBeVisible()
  await expect(entrance.getByText('This field cannot be empty.')).toHaveCount(0)
})

test.describe('the header at 360 px', () => {
  for (const lang of ['th', 'en', 'km', 'vi'] as const) {
    test(`shows the brand's short name whole or not at all (${lang})`, async ({ page, context, baseURL }) => {
      await context.addCookies([{ name: 'lang', value: lang, url: baseURL ?? '' }])
      await page.addInitScript(() => sessionStorage.setItem('index-notice-seen', '1'))
      await page.setViewportSize({ width: 360, height: 740 })
      await page.goto('/index')
      await expect(page.locator('html[data-app="ready"]')).toHaveCount(1)
      const { shown, hidden, clipped } = await page.locator('.app-header .brand').evaluate((brand) => {
        const box = brand.getBoundingClientRect()
        const name = brand.querySelector<HTMLElement>('.brand-short')
        const r = name?.getBoundingClientRect()
        if (!name || !r) return { shown: false, hidden: true, clipped: false }
        return {
          shown: r.width > 0 && r.top >= box.top && r.bottom <= box.bottom && r.right <= box.right + 0.5,
          hidden: r.width === 0 || r.top >= box.bottom,
          clipped: name.scrollWidth > name.clientWidth,
        }
      })
      // Never a cut name ("Lot…"): whole beside the logo, or out of sight with the logo alone.
      expect(shown !== hidden).toBe(true)
      expect(shown && clipped).toBe(false)
      // English's Log in and Register leave it room.
      if (lang === 'en') expect(shown).toBe(true)
      await expect(page.getByRole('link', { name: brand }).first()).toBeVisible()
    })
  }
})
