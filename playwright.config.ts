import { defineConfig } from '@playwright/test'
import { chromiumArgs, findChromium } from './e2e/chromium'

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  globalSetup: './e2e/global-setup.ts',
  // One server is shared and operator switches are global: specs run one at a time.
  workers: 1,
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  retries: 0,
  timeout: 60_000,
  // What a user waits for (the app taking over, a popup's code arriving) takes 1 s on a quiet
  // machine and several on a loaded CI host in its first, cold tests. An assertion waits up to
  // 15 s for it: it checks what the user sees, and speed is judged in `npm run bench`.
  expect: { timeout: 15_000 },
  reporter: 'list',
  use: {
    browserName: 'chromium',
    viewport: { width: 360, height: 740 },
    launchOptions: {
      executablePath: findChromium(),
      args: chromiumArgs,
    },
    trace: 'retain-on-failure',
  },
})
