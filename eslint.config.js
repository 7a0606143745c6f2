// @ts-check
import { readdirSync } from 'node:fs'
import js from '@eslint/js'
import importX from 'eslint-plugin-import-x'
import globals from 'globals'
import tseslint from 'typescript-eslint'

/** The boundaries of shared/style.md section 3, as import-x zones. */
const zones = [
  // src/contract is the shared ground: it imports zod and nothing of ours.
  {
    target: './src/contract',
    from: './src',
    except: ['./contract'],
    message: 'src/contract imports only zod',
  },
  { target: './src/contract', from: './server', message: 'src/contract imports only zod' },
  // The PWA and the server meet only in src/contract.
  { target: './src', from: './server', message: 'the PWA never imports the server' },
  {
    target: './server',
    from: './src',
    except: ['./contract'],
    message: 'the server imports only src/contract',
  },
  // The PWA imports each area's rows where it calls them (src/contract/<area>.ts); the whole
  // table is for the server and the tests, or every area's schemas ride in the entry chunk.
  {
    target: './src',
    from: './src/contract/endpoints.ts',
    except: [],
    message: "the PWA imports an area's rows (src/contract/<area>.ts), not the whole endpoint table",
  },
  // The service worker imports no UI.
  {
    target: './src/sw',
    from: './src',
    except: ['./sw', './contract', './lib/db.ts', './utils'],
    message: 'the service worker imports no UI',
  },
  // Shared code never imports features or routes; features never import routes.
  {
    target: ['./src/components', './src/lib', './src/hooks', './src/utils', './src/config'],
    from: ['./src/features', './src/routes'],
    message: 'shared code never imports upward',
  },
  { target: './src/features', from: './src/routes', message: 'features never import routes' },
  // One zone per feature folder, read from disk so a new feature is covered without an edit here.
  ...readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map(({ name }) => ({
      target: `./src/features/${name}`,
      from: './src/features',
      except: [`./${name}`],
      message: 'no feature imports another feature: combine them in a route',
    })),
]

const barrelBan = {
  group: ['**/index', '**/index.ts', '**/index.tsx', '**/index.js'],
  message: 'no barrel files: import the module itself',
}

/**
 * The options of no-restricted-imports for one area. A later flat-config block replaces a
 * rule's options outright, so every block builds them here and keeps the barrel ban.
 */
function restrictedImports({ paths = [], patterns = [] } = {}) {
  return /** @type {const} */ (['error', { paths, patterns: [barrelBan, ...patterns] }])
}

const storeAndDexieBans = [
  { group: ['valtio', 'valtio/*'], message: 'only src/lib and a feature store.ts import valtio' },
  { group: ['dexie', 'dexie/*'], message: 'use src/lib/db.ts' },
]
const dbClientBan = 'open the database through server/plugins/external/db.ts'

export default tseslint.config(
  {
    ignores: [
      'node_modules',
      'dist',
      '.server-build',
      'data',
      'src/route-tree.gen.ts',
      'server/db/migrations',
      'bench/results',
      'test-results',
      'playwright-report',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js}'],
    plugins: { 'import-x': importX },
    languageOptions: {
      globals: { ...globals.browser, ...globals.node },
    },
    settings: {
      // Without these import-x reads no .ts file's imports, and no-cycle finds nothing.
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [importX.createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] })],
    },
    rules: {
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'import-x/no-restricted-paths': ['error', { zones }],
      // A module that mostly re-exports is a barrel whatever its name; the default lets one
      // re-export three modules before it counts.
      'import-x/avoid-barrel-files': ['error', { amountOfExportsToConsiderModuleAsBarrel: 0 }],
      'no-restricted-imports': restrictedImports(),
    },
  },
  {
    // The code's own graph has no cycles; tests and tooling sit outside it.
    files: ['src/**/*.{ts,tsx}', 'server/**/*.ts'],
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    // Only src/lib and feature stores touch valtio; only src/lib/db.ts makes the Dexie database.
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/lib/**', 'src/features/*/store.ts'],
    rules: {
      'no-restricted-imports': restrictedImports({ patterns: storeAndDexieBans }),
    },
  },
  {
    // The service worker runs without a page: no React, no router, no stores.
    files: ['src/sw/**/*.ts'],
    rules: {
      'no-restricted-imports': restrictedImports({
        patterns: [
          ...storeAndDexieBans,
          {
            group: [
              'react',
              'react/*',
              'react-dom',
              'react-dom/*',
              '@tanstack/*',
              '@lingui/react',
              '@lingui/react/*',
            ],
            message: 'the service worker imports no UI',
          },
        ],
      }),
    },
  },
  {
    // The contract is shared by the PWA, the service worker and the server: zod and itself only.
    files: ['src/contract/**/*.ts'],
    rules: {
      'no-restricted-imports': restrictedImports({
        patterns: [
          {
            regex: '^(?!zod(/|$)|\\./|#contract/)',
            message: 'src/contract imports only zod',
          },
        ],
      }),
    },
  },
  {
    // Only server/plugins/external/db.ts makes a Drizzle client.
    files: ['server/**/*.ts'],
    ignores: ['server/plugins/external/db.ts'],
    rules: {
      'no-restricted-imports': restrictedImports({
        paths: ['drizzle-orm/pglite', 'drizzle-orm/node-postgres', '@electric-sql/pglite'].map((name) => ({
          name,
          message: dbClientBan,
        })),
      }),
    },
  },
)
