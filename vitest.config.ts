import { availableParallelism } from 'node:os'
import { lingui } from '@lingui/vite-plugin'
import react from '@vitejs/plugin-react'
import { configDefaults, defineConfig, type TestProjectInlineConfiguration } from 'vitest/config'

/**
 * Server test files that never open the test database (pure functions, or the embedded
 * database's own directory lock): they run once, in the PGlite project, not again against
 * PostgreSQL.
 */
const withoutTestDatabase = [
  'tests/server/areas.test.ts',
  'tests/server/art-media.test.ts',
  'tests/server/contracts-periods.test.ts',
  'tests/server/data-dir-lock.test.ts',
  'tests/server/demo-vendor/rtp.test.ts',
  'tests/server/lazy-module.test.ts',
  'tests/server/lottery-payouts.test.ts',
  'tests/server/lottery-rng.test.ts',
  'tests/server/lottery-schedule.test.ts',
  'tests/server/lottery-slips.test.ts',
  'tests/server/ops-areas.test.ts',
  'tests/server/points-earn-upgrade.test.ts',
  'tests/server/raffle-verify.test.ts',
  'tests/server/turnover-progress.test.ts',
]

/**
 * Server test files about the embedded database itself, or about what `npm start` shows on
 * it (the demo): with PostgreSQL present these run on PGlite too; every other file runs on
 * PostgreSQL only, which opens its databases with `strictTransactions` so a query past its
 * own transaction (what hangs the embedded database) fails there instead
 * (docs/decisions/036-server-suite-engines.md). Without PostgreSQL every file runs on PGlite.
 */
const alsoOnEmbedded = [
  'tests/server/contracts-crash.test.ts',
  'tests/server/db-plugin.test.ts',
  'tests/server/demo-vendor-play.test.ts',
  'tests/server/jobs.test.ts',
  'tests/server/lottery-demo-history.test.ts',
  'tests/server/lottery-engines.test.ts',
  'tests/server/money-concurrency.test.ts',
  'tests/server/points-seed.test.ts',
  'tests/server/referral-demo.test.ts',
  'tests/server/vip-demo.test.ts',
]

/** Server test files about the PostgreSQL run's own guard: never on PGlite. */
const onlyOnPostgres = ['tests/server/db-strict-transactions.test.ts']

const withPostgres = Boolean(process.env.TEST_DATABASE_URL)

const serverProject = (name: string, kind: 'pglite' | 'postgres'): TestProjectInlineConfiguration => ({
  // The app's server render (tests/ssr.ts) is transformed as the build transforms it.
  plugins: [lingui(), react({ babel: { plugins: ['@lingui/babel-plugin-lingui-macro'] } })],
  test: {
    name,
    include:
      kind === 'pglite' && withPostgres
        ? [...withoutTestDatabase, ...alsoOnEmbedded]
        : ['tests/server/**/*.test.ts'],
    exclude:
      kind === 'postgres'
        ? [...configDefaults.exclude, ...withoutTestDatabase]
        : [...configDefaults.exclude, ...onlyOnPostgres],
    environment: 'node',
    globalSetup: ['tests/setup/server-global-setup.ts'],
    env: { TEST_DB_KIND: kind },
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Each file builds its own server on its own copy of the database (tests/build-server.ts)
    // and nothing mocks a module, so files share a worker's loaded modules: evaluating the
    // server's modules once per worker rather than once per file halves the project's time.
    isolate: false,
  },
})

export default defineConfig({
  test: {
    // At least two files at a time: a server file spends much of its time waiting on its
    // database, so on a two-core machine (vitest's default there is one worker) a second
    // worker fills that time.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        test: {
          name: 'contract',
          include: ['tests/contract/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/setup/server-global-setup.ts'],
          env: { TEST_DB_KIND: 'pglite' },
          testTimeout: 30_000,
          hookTimeout: 60_000,
          isolate: false,
        },
      },
      serverProject('server', 'pglite'),
      ...(withPostgres ? [serverProject('server-pg', 'postgres')] : []),
      {
        test: {
          name: 'lint',
          include: ['tests/lint/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'bench',
          include: ['tests/bench/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'i18n',
          include: ['tests/i18n/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
        },
      },
      {
        plugins: [lingui(), react({ babel: { plugins: ['@lingui/babel-plugin-lingui-macro'] } })],
        // The components run on React 19, as the build ships them (decision 015).
        test: {
          name: 'app',
          include: ['tests/app/**/*.test.{ts,tsx}', 'tests/sw/**/*.test.ts'],
          environment: 'jsdom',
          setupFiles: ['tests/setup/app-setup.ts'],
          // A test waits for what the user sees (up to 5 s per step, app-setup.ts); the first
          // test of a file also pays for transforming the app's lazy chunks on a loaded machine.
          testTimeout: 20_000,
        },
      },
    ],
  },
})
