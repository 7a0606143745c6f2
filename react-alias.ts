/**
 * React's packages answered by Preact (preact/compat), for the build and for the component
 * tests alike, so the tests run what ships (docs/decisions/009-preact-compat.md). Exact names
 * only: `react-dom/client` and the JSX runtimes map to their own Preact entries.
 */
import { fileURLToPath } from 'node:url'

export const reactToPreact = [
  { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
  { find: /^react$/, replacement: 'preact/compat' },
  // React 17's shims (CommonJS): preact/compat has the hook itself, and the selector version
  // is an ES module of ours (src/compat/with-selector.ts), which the test runner can alias too.
  {
    find: /^use-sync-external-store\/(shim\/)?with-selector(\.js)?$/,
    replacement: fileURLToPath(new URL('./src/compat/with-selector.ts', import.meta.url)),
  },
  { find: /^use-sync-external-store(\/shim)?(\/index\.js)?$/, replacement: 'preact/compat' },
]

/**
 * The packages that import React, bundled by the test runner instead of loaded by Node, so
 * the aliases above reach them too (one Preact for the app, the router and the test library).
 */
export const reactDependents = [
  /@testing-library\/react/,
  /@tanstack\/react-query/,
  /@tanstack\/react-router/,
  /@tanstack\/react-store/,
  /@lingui\/react/,
  /valtio/,
  /use-sync-external-store/,
]
