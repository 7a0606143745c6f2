import { expect, test } from './fixtures'

test('the notices open by themselves on the first visit to the home page, never over another popup', async ({
  page,
}) => {
  // An invitation link opens the register popup: the notices wait while it is open.
  const noticeCode = page.waitForResponse((r) => /\/assets\/notice-popup-host-[\w-]+\.js$/.test(r.url()))
  await page.goto('/register?referralCode=LOTUS01')
  const register = page.getByRole('dialog', { name: 'ចុះឈ្មោះ' })
  await expect(register).toBeVisible()
  // The notices' code has loaded, and the home page has had its chance to open them: it
  // decides in the task after a yield that follows its import of that code.
  const code = await noticeCode
  await page.evaluate(async (url) => {
    // Resolves once the module has run, as the home page's own import of it does; the page's
    // promise callbacks from there to its yield all run before the next task.
    await import(url)
    await new Promise<void>((done) => {
      const channel = new MessageChannel()
      channel.port1.onmessage = () => done()
      channel.port2.postMessage(null)
    })
    // Its yield is queued by now; ours resumes after it, so after the decision.
    const { scheduler } = globalThis as { scheduler?: { yield?: () => Promise<void> } }
    if (scheduler?.yield) await scheduler.yield()
    else await new Promise<void>((done) => setTimeout(done))
  }, code.url())
  // Opening them notes the visit as seen first: it did not, and no other dialog is there.
  expect(await page.evaluate(() => sessionStorage.getItem('index-notice-seen'))).toBeNull()
  await expect(page.getByRole('dialog')).toHaveCount(1)
  await expect(register).toBeVisible()

  // Closed, the register popup leaves the home page, where the notices now open once.
  await page.keyboard.press('Escape')
  await expect(register).toHaveCount(0)
  // The path is the home page's; the notices may be opening already (their name in the search).
  await expect(page).toHaveURL((url) => url.pathname === '/index')
  const notices = page.getByRole('dialog', { name: 'សេចក្តីជូនដំណឹង' })
  // They open once the page has settled: after its load, when the main thread is idle (at
  // most 2 s later, src/utils/idle.ts), and once their code has loaded.
  await expect(notices).toBeVisible({ timeout: 15_000 })
  await page.keyboard.press('Escape')
  await expect(notices).toHaveCount(0)
})
