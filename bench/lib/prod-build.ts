/**
 * What the browser sections (lighthouse, offline) measure: a production build of the PWA,
 * served by the real server, in Debian's Chromium. dist/ is (re)built like `npm start` does;
 * when what is there is a development build, a production copy is built in a temp folder
 * and served instead (STATIC_DIR), and the report says so.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { ensurePwaBuilt } from '#server/build-pwa'
import { onExit } from './cleanup'
import type { BenchContext } from './types'

/** React's development JSX runtime; never present in a production bundle. */
const developmentMarker = /\bjsxDEV\b/

export function findChromium(): string {
  const candidates = [
    process.env.PLAYWRIGHT_CHROMIUM_PATH,
    process.env.CHROME_PATH,
    '/usr/bin/chromium',
    '/usr/bin/chromium-browser',
  ]
  const found = candidates.find((p): p is string => !!p && existsSync(p))
  if (!found) {
    throw new Error(
      'no Chromium for the bench: `apt-get install -y chromium`, or set PLAYWRIGHT_CHROMIUM_PATH or CHROME_PATH',
    )
  }
  return found
}

/** ensurePwaBuilt() with NODE_ENV pinned to production for the vite child it spawns. */
function buildProduction(root: string, outDir: string): 'fresh' | 'built' {
  const before = process.env.NODE_ENV
  process.env.NODE_ENV = 'production'
  try {
    return ensurePwaBuilt(root, outDir)
  } finally {
    if (before === undefined) delete process.env.NODE_ENV
    else process.env.NODE_ENV = before
  }
}

function isDevelopmentBuild(outDir: string): boolean {
  const manifestPath = path.join(outDir, '.vite', 'manifest.json')
  if (!existsSync(manifestPath)) return false
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<
    string,
    { file: string; isEntry?: boolean }
  >
  const entry = manifest['index.html'] ?? Object.values(manifest).find((c) => c.isEntry)
  const file = entry ? path.join(outDir, entry.file) : ''
  return existsSync(file) && developmentMarker.test(readFileSync(file, 'utf8'))
}

export function ensureBuild(ctx: BenchContext): {
  staticDir: string
  build: string
  distIsDevelopment: boolean
  tempDir?: string
  release?: () => void
} {
  const dist = path.join(ctx.root, 'dist')
  let t0 = Date.now()
  const build = buildProduction(ctx.root, dist)
  ctx.log(
    `build: ${build === 'fresh' ? 'dist/ is current' : `dist/ rebuilt in ${((Date.now() - t0) / 1000).toFixed(1)} s`}`,
  )
  if (!isDevelopmentBuild(dist)) return { staticDir: dist, build, distIsDevelopment: false }
  ctx.log('warning: dist/ holds a DEVELOPMENT build (React dev runtime inside); building a production')
  ctx.log('         copy in a temp folder and serving that instead (STATIC_DIR).')
  const tempDir = mkdtempSync(path.join(os.tmpdir(), 'portal-bench-lh-dist-'))
  const release = onExit(() => rmSync(tempDir, { recursive: true, force: true }))
  try {
    t0 = Date.now()
    buildProduction(ctx.root, tempDir)
    ctx.log(`production copy built in ${((Date.now() - t0) / 1000).toFixed(1)} s`)
    if (isDevelopmentBuild(tempDir))
      throw new Error('the production copy still contains the React dev runtime')
  } catch (err) {
    rmSync(tempDir, { recursive: true, force: true })
    release()
    throw err
  }
  return { staticDir: tempDir, build, distIsDevelopment: true, tempDir, release }
}
