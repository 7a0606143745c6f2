/**
 * Bundle size of the home route (/index): the JavaScript a first visit downloads before
 * the page is hydrated, gzip level 9, beside a hello-world of the same stack (React 19,
 * TanStack Router and Query, Lingui, zod: bench/hello/) built in the same run. The figure
 * is the ratio, against a budget of 1.2×: what the portal adds to the stack it stands on
 * (decision 015). A miss prints OVER and the bench still succeeds.
 *
 * Only a production build is measured. dist/ is (re)built with ensurePwaBuilt() like
 * `npm start` does; if what is there turns out to be a development build (built while
 * NODE_ENV was not production, which the build stamp does not record), a production copy
 * is built into a temp folder and measured instead, and the report says so.
 */
import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { ensurePwaBuilt } from '#server/build-pwa'
import { onExit } from '../lib/cleanup'
import { bytes, kB, table } from '../lib/format'
import type { BenchContext, BenchSection, Json, SectionResult } from '../lib/types'

/** The home route's JavaScript at most this many times the same stack's hello-world. */
const budgetRatio = 1.2

const entryKey = 'index.html'
/** The route files /index renders through: its layout (header, side bar, footer) and itself. */
const routeFiles = ['src/routes/_main.tsx', 'src/routes/_main/[index].tsx']
const routeKey = routeFiles.join(' + ')
const defaultLocale = 'km'
const catalogKey = `src/locales/${defaultLocale}/messages.po`

/** React's development JSX runtime; never present in a production bundle. */
const developmentMarker = /\bjsxDEV\b/

interface ManifestChunk {
  file: string
  src?: string
  name?: string
  isEntry?: boolean
  isDynamicEntry?: boolean
  imports?: string[]
  dynamicImports?: string[]
  css?: string[]
}
type Manifest = Record<string, ManifestChunk>

interface FileFigure {
  [key: string]: Json
  file: string
  manifestKey: string
  role: string
  raw: number
  gzip: number
}

function sizes(absFile: string): { raw: number; gzip: number } {
  const buf = readFileSync(absFile)
  return { raw: buf.length, gzip: gzipSync(buf, { level: 9 }).length }
}

function readManifest(outDir: string): Manifest {
  const manifestPath = path.join(outDir, '.vite', 'manifest.json')
  if (!existsSync(manifestPath)) {
    throw new Error(`${manifestPath} is missing: the build must keep \`build.manifest: true\``)
  }
  return JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest
}

function entryOf(manifest: Manifest): string {
  const entry = manifest[entryKey] ? entryKey : Object.keys(manifest).find((k) => manifest[k]?.isEntry)
  if (!entry) throw new Error('the manifest has no entry chunk for index.html')
  return entry
}

function isDevelopmentBuild(outDir: string): boolean {
  const manifest = readManifest(outDir)
  const chunk = manifest[entryOf(manifest)]
  const file = chunk ? path.join(outDir, chunk.file) : ''
  return existsSync(file) && developmentMarker.test(readFileSync(file, 'utf8'))
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

/** The manifest key of the route's lazy chunk(s): the plain key, or with a `?tsr-split=…` suffix. */
function routeKeys(manifest: Manifest): string[] {
  return Object.keys(manifest)
    .filter((k) => routeFiles.some((f) => k === f || k.startsWith(`${f}?`)))
    .sort()
}

/**
 * Builds the same stack's hello-world (bench/hello/) into a temp folder and sums the gzip
 * of the JavaScript its page loads (its entry and the entry's imports).
 */
function helloWorldGzip(root: string): { gzip: number; files: number } {
  const out = mkdtempSync(path.join(os.tmpdir(), 'portal-bench-hello-'))
  const release = onExit(() => rmSync(out, { recursive: true, force: true }))
  try {
    const vite = path.join(root, 'node_modules', 'vite', 'bin', 'vite.js')
    const res = spawnSync(
      process.execPath,
      [vite, 'build', '--config', path.join(root, 'bench/hello/vite.config.ts'), '--outDir', out],
      { cwd: root, stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, NODE_ENV: 'production' } },
    )
    if (res.status !== 0) throw new Error('the hello-world build failed')
    const manifest = readManifest(out)
    const seen = new Set<string>()
    let gzip = 0
    const add = (key: string) => {
      const chunk = manifest[key]
      if (!chunk || seen.has(chunk.file)) return
      seen.add(chunk.file)
      if (chunk.file.endsWith('.js')) gzip += sizes(path.join(out, chunk.file)).gzip
      for (const imp of chunk.imports ?? []) add(imp)
    }
    add(entryOf(manifest))
    return { gzip, files: seen.size }
  } finally {
    rmSync(out, { recursive: true, force: true })
    release()
  }
}

function measure(
  ctx: BenchContext,
  outDir: string,
  label: string,
  hello: { gzip: number; files: number },
): { [key: string]: Json } & {
  pass: boolean
  ratio: number
  totalGzip: number
  allGzip: number
  allCount: number
} {
  const manifest = readManifest(outDir)
  const files: FileFigure[] = []
  const seen = new Set<string>()
  const problems: string[] = []
  const add = (key: string, role: string, root = role) => {
    const chunk = manifest[key]
    if (!chunk) {
      problems.push(`manifest has no ${key}`)
      return
    }
    if (seen.has(chunk.file)) return
    seen.add(chunk.file)
    const abs = path.join(outDir, chunk.file)
    if (!existsSync(abs)) {
      problems.push(`${chunk.file} (${key}) is listed in the manifest but missing`)
      return
    }
    if (chunk.file.endsWith('.js')) files.push({ file: chunk.file, manifestKey: key, role, ...sizes(abs) })
    for (const imp of chunk.imports ?? []) add(imp, `import of ${root}`, root)
  }

  const entry = entryOf(manifest)
  add(entry, 'entry')
  const routes = routeKeys(manifest)
  if (routes.length === 0) problems.push(`no chunk for ${routeKey} in the manifest`)
  for (const k of routes) add(k, 'route /index')
  add(catalogKey, `catalog ${defaultLocale}`)

  const totalRaw = files.reduce((a, f) => a + f.raw, 0)
  const totalGzip = files.reduce((a, f) => a + f.gzip, 0)
  const ratio = totalGzip / hello.gzip
  const pass = ratio <= budgetRatio && problems.length === 0

  ctx.log()
  ctx.log(`measured: ${label}`)
  ctx.log(
    table(
      ['file', 'role', 'raw', 'gzip'],
      [
        ...files.map((f) => [f.file, f.role, bytes(f.raw), bytes(f.gzip)]),
        ['total', `${files.length} files`, bytes(totalRaw), bytes(totalGzip)],
      ],
    ),
  )
  for (const p of problems) ctx.log(`warning: ${p}`)
  ctx.log()
  ctx.log(
    `home route JS: ${kB(totalGzip)} gzip; the same stack's hello-world: ${kB(hello.gzip)} gzip ` +
      `(${hello.files} file(s)); ratio ${ratio.toFixed(2)}×, budget ${budgetRatio}× → ${pass ? 'PASS' : 'OVER'}`,
  )

  // Context: CSS the home route loads (not in the JS budget) and every JS file in assets/.
  // With one stylesheet for the whole app (vite.config.ts), Vite names it `style.css`.
  const oneSheet = manifest['style.css']?.file
  const cssFiles = [
    ...new Set(
      (manifest[entry]?.css ?? [])
        .concat(...routes.map((k) => manifest[k]?.css ?? []))
        .concat(oneSheet ? [oneSheet] : []),
    ),
  ]
  const cssGzip = cssFiles.reduce((a, f) => a + sizes(path.join(outDir, f)).gzip, 0)
  const assetsDir = path.join(outDir, 'assets')
  const allJs = existsSync(assetsDir)
    ? readdirSync(assetsDir)
        .filter((n) => n.endsWith('.js') && statSync(path.join(assetsDir, n)).isFile())
        .sort()
    : []
  let allRaw = 0
  let allGzip = 0
  for (const n of allJs) {
    const s = sizes(path.join(assetsDir, n))
    allRaw += s.raw
    allGzip += s.gzip
  }
  ctx.log(`home route CSS (context, not budgeted): ${cssFiles.length} file(s), ${kB(cssGzip)} gzip`)
  ctx.log(`all JS in assets/ (context): ${allJs.length} files, ${kB(allRaw)} raw, ${kB(allGzip)} gzip`)

  return {
    pass,
    ratio,
    totalGzip,
    allGzip,
    allCount: allJs.length,
    homeRouteJs: { files, totalRaw, totalGzip, pass, problems },
    helloWorldJs: { totalGzip: hello.gzip, files: hello.files, ratio },
    homeRouteCss: { files: cssFiles, totalGzip: cssGzip },
    allAssetsJs: { count: allJs.length, totalRaw: allRaw, totalGzip: allGzip },
  }
}

export const section: BenchSection = {
  name: 'size',
  title: 'Bundle size of the home route /index (gzip -9)',
  order: 10,
  async run(ctx): Promise<SectionResult> {
    const dist = path.join(ctx.root, 'dist')
    let t0 = Date.now()
    const build = buildProduction(ctx.root, dist)
    ctx.log(
      `build: ${build === 'fresh' ? 'dist/ is current' : `dist/ rebuilt in ${((Date.now() - t0) / 1000).toFixed(1)} s`}`,
    )

    const distIsDevelopment = isDevelopmentBuild(dist)
    let outDir = dist
    let label = 'dist/'
    let tempDir: string | undefined
    let release: (() => void) | undefined
    try {
      if (distIsDevelopment) {
        ctx.log(
          'warning: dist/ holds a DEVELOPMENT build (React dev runtime inside); it was built while NODE_ENV',
        )
        ctx.log(
          '         was not "production" and its build stamp still calls it current. Building a production',
        )
        ctx.log('         copy in a temp folder to measure instead.')
        tempDir = mkdtempSync(path.join(os.tmpdir(), 'portal-bench-dist-'))
        const dir = tempDir
        release = onExit(() => rmSync(dir, { recursive: true, force: true }))
        t0 = Date.now()
        buildProduction(ctx.root, tempDir)
        ctx.log(`production copy built in ${((Date.now() - t0) / 1000).toFixed(1)} s`)
        if (isDevelopmentBuild(tempDir))
          throw new Error('the production copy still contains the React dev runtime')
        outDir = tempDir
        label = 'temp production build (dist/ is a development build)'
      }
      t0 = Date.now()
      const hello = helloWorldGzip(ctx.root)
      ctx.log(`hello-world of the same stack built in ${((Date.now() - t0) / 1000).toFixed(1)} s`)
      const { pass, ratio, totalGzip, allGzip, allCount, ...figures } = measure(ctx, outDir, label, hello)
      return {
        figures: { build, distIsDevelopment, measured: label, budgetRatio, ...figures },
        summary: [
          {
            metric: 'home route JS (gzip)',
            value: kB(totalGzip),
            note: `${ratio.toFixed(2)}× the stack's hello-world (${kB(hello.gzip)}), budget ${budgetRatio}×: ${pass ? 'PASS' : 'OVER'}${distIsDevelopment ? ' (temp prod build)' : ''}`,
          },
          { metric: 'all assets JS (gzip)', value: kB(allGzip), note: `${allCount} files` },
          ...(distIsDevelopment
            ? [{ metric: 'dist/ build mode', value: 'development', note: 'see warning' }]
            : []),
        ],
      }
    } finally {
      if (tempDir) rmSync(tempDir, { recursive: true, force: true })
      release?.()
    }
  },
}
