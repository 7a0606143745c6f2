// @ts-check
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
]

export default tseslint.config(
  {
    ignores: [
      'node_modules',
      'dist',
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
      'import-x/resolver-next': [importX.createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] })],
    },
    rules: {
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'import-x/no-restricted-paths': ['error', { zones }],
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/index', '**/index.ts'], message: 'no barrel files: import the module itself' },
          ],
        },
      ],
    },
  },
  {
    // Only src/lib and feature stores touch valtio; only src/lib/db.ts makes the Dexie database.
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/lib/**', 'src/features/*/store.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'valtio', message: 'use a feature store.ts or src/lib' },
            { name: 'dexie', message: 'use src/lib/db.ts' },
          ],
          patterns: [
            { group: ['**/index', '**/index.ts'], message: 'no barrel files: import the module itself' },
          ],
        },
      ],
    },
  },
  {
    // Only server/plugins/external/db.ts makes a Drizzle client.
    files: ['server/**/*.ts'],
    ignores: ['server/plugins/external/db.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'drizzle-orm/pglite',
              message: 'open the database through server/plugins/external/db.ts',
            },
            {
              name: 'drizzle-orm/node-postgres',
              message: 'open the database through server/plugins/external/db.ts',
            },
            {
              name: '@electric-sql/pglite',
              message: 'open the database through server/plugins/external/db.ts',
            },
          ],
        },
      ],
    },
  },
)
