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
