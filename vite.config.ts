import { lingui } from '@lingui/vite-plugin'
import { tanstackRouter } from '@tanstack/router-plugin/vite'
import react from '@vitejs/plugin-react'
import { defineConfig, type Plugin } from 'vite'
import { VitePWA } from 'vite-plugin-pwa'
import { serverPathPattern } from './src/contract/server-paths'

const api = process.env.VITE_DEV_API ?? 'http://localhost:8080'

/** The first screens' route components (split out of their routes by the router's plugin). */
const firstRouteComponent =
  /src[\\/]routes[\\/]_main(\.tsx|[\\/]\[index\]\.tsx|[\\/]rng\.tsx)\?tsr-split=component$/

/**
 * Marks the chunks whose code runs at boot for eager compilation (V8's explicit compile
 * hints, Chromium 136 on): their functions are then compiled on the thread that streams the
 * script in, while it downloads, instead of on the main thread the first time each is called.
 * The comment must open the file, so it is added once every other plugin has written the chunk.
 */
function compileHints(chunkNames: readonly string[]): Plugin {
  const hint = '//# allFunctionsCalledOnLoad\n'
  return {
    name: 'portal:compile-hints',
    apply: 'build',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        for (const chunk of Object.values(bundle)) {
          if (chunk.type !== 'chunk' || !chunkNames.includes(chunk.name)) continue
          chunk.code = hint + chunk.code
          // One line more at the top: the source map's lines move down by one. Vite has
          // already written the map out as the chunk's .map file, so that file is the one to
          // shift.
          const mapFile = bundle[`${chunk.fileName}.map`]
          if (mapFile?.type === 'asset' && typeof mapFile.source === 'string') {
            const map = JSON.parse(mapFile.source) as { mappings: string }
            map.mappings = `;${map.mappings}`
            mapFile.source = JSON.stringify(map)
          }
        }
      },
    },
  }
}

// Busts the persisted lobby cache on every build.
const version = `${process.env.npm_package_version ?? '0'}-${Date.now().toString(36)}`

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      routesDirectory: './src/routes',
      generatedRouteTree: './src/route-tree.gen.ts',
    }),
    lingui(),
    react({ babel: { plugins: ['@lingui/babel-plugin-lingui-macro'] } }),
    // The server's render (src/entry-server.tsx) has no service worker nor boot chunks.
    !isSsrBuild &&
      VitePWA({
        strategies: 'injectManifest',
        srcDir: 'src/sw',
        filename: 'sw.ts',
        registerType: 'prompt',
        injectRegister: false,
        // The manifest comes from the brand in the database (server/http/manifest.ts).
        manifest: false,
        injectManifest: { globPatterns: ['**/*.{js,css,html,svg,png,woff2}'] },
        devOptions: { enabled: false },
      }),
    !isSsrBuild && compileHints(['boot', 'first-route']),
  ],
  define: { 'import.meta.env.VITE_APP_VERSION': JSON.stringify(version) },
  // The server's render needs none of the public files (the PWA's build has them), and
  // carries its packages inside it: it is loaded from wherever the build was put (STATIC_DIR).
  publicDir: isSsrBuild ? false : 'public',
  ssr: { noExternal: true, target: 'node' },
  build: {
    manifest: true,
    target: 'es2022',
    // One stylesheet for what the first screens and the always-mounted parts use (about
    // 6.6 kB compressed), written into the page by the server: a route's chunk then adds no
    // stylesheet of its own while the app boots, and each one added restyled the whole page
    // once it loaded. Lazy features carry theirs in their chunks (src/lib/feature-styles.ts).
    cssCodeSplit: false,
    sourcemap: false,
    rolldownOptions: isSsrBuild
      ? {}
      : {
          input: { index: 'index.html' },
          output: {
            // Everything the entry needs at boot goes in one chunk instead of dozens of small
            // shared ones: fewer requests and less gzip overhead on the first screen.
            codeSplitting: {
              groups: [
                { name: 'boot', tags: ['$initial'] },
                // The layout's, the home page's and the lobby's components with what they import,
                // in one chunk: the first route asked for about 25 small ones at once, and each
                // request costs the page's main thread about a millisecond to start.
                { name: 'first-route', test: (id: string) => firstRouteComponent.test(id) },
              ],
            },
          },
        },
  },
  server: {
    // A key starting with ^ is a regular expression to Vite: the same match as the service
    // worker's and the static server's, so /wpsx or /devices stay with the PWA.
    proxy: { [serverPathPattern.source]: api },
  },
}))
