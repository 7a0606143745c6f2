/**
 * What the home route's JavaScript is made of: `npx tsx scripts/bundle-report.ts [--all] [--top N]`.
 *
 * Builds the PWA in production mode into a temp folder with a reporting plugin that records
 * every chunk's modules and their rendered code, then walks the manifest the same way the
 * `size` bench section does (the entry and its static imports, the /index route chunks and
 * their imports, the default language's catalog). Each chunk's gzip -9 size is shared out
 * among its modules in proportion to the gzip size of each module's code on its own, so the
 * rows add up to the bench's total. Prints the biggest packages and source files.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { build, type Plugin } from 'vite'

const root = path.resolve(import.meta.dirname, '..')
const routeFiles = ['src/routes/_main.tsx', 'src/routes/_main/[index].tsx']
const catalogKey = 'src/locales/km/messages.po'

const args = process.argv.slice(2)
const top = Number(args[args.indexOf('--top') + 1]) || 30
const showAll = args.includes('--all')
/** `--why <part of a path>`: which modules import the matching ones (static imports). */
const why = args.includes('--why') ? args[args.indexOf('--why') + 1] : undefined

interface ChunkInfo {
  modules: { id: string; code: string }[]
}
interface ManifestChunk {
  file: string
  isEntry?: boolean
  imports?: string[]
}

const chunks = new Map<string, ChunkInfo>()
const importers = new Map<string, readonly string[]>()
const reporter: Plugin = {
  name: 'bundle-report',
  apply: 'build',
  generateBundle(_options, bundle) {
    for (const id of this.getModuleIds()) importers.set(id, this.getModuleInfo(id)?.importers ?? [])
    for (const out of Object.values(bundle)) {
      if (out.type !== 'chunk') continue
      chunks.set(out.fileName, {
        modules: Object.entries(out.modules).map(([id, m]) => ({ id, code: m.code ?? '' })),
      })
    }
  },
}

/** node_modules/<pkg> (scoped too), or the source path relative to the repository. */
function ownerOf(id: string): { pkg: string; file: string } {
  const clean = id.replace(/\0/g, '').replace(/\?.*$/, '')
  const nm = clean.lastIndexOf('node_modules/')
  if (nm >= 0) {
    const rest = clean.slice(nm + 'node_modules/'.length).split('/')
    const pkg = rest[0]?.startsWith('@') ? `${rest[0]}/${rest[1]}` : (rest[0] ?? clean)
    return { pkg, file: `${pkg}/${rest.slice(pkg.includes('/') ? 2 : 1).join('/')}` }
  }
  const rel = path.isAbsolute(clean) ? path.relative(root, clean) : clean
  const area = rel.startsWith('src/') ? rel.split('/').slice(0, 3).join('/') : rel
  return { pkg: `(ours) ${area}`, file: rel }
}

const gz = (s: string | Buffer) => gzipSync(s, { level: 9 }).length

async function main() {
  const outDir = mkdtempSync(path.join(os.tmpdir(), 'portal-bundle-report-'))
  process.env.NODE_ENV = 'production'
  try {
    await build({
      root,
      configFile: path.join(root, 'vite.config.ts'),
      logLevel: 'warn',
      plugins: [reporter],
      build: { outDir, emptyOutDir: true },
    })
    const manifestPath = path.join(outDir, '.vite', 'manifest.json')
    if (!existsSync(manifestPath)) throw new Error('the build wrote no manifest')
    const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>

    const files = new Set<string>()
    const add = (key: string) => {
      const c = manifest[key]
      if (!c || files.has(c.file)) return
      if (c.file.endsWith('.js')) files.add(c.file)
      for (const i of c.imports ?? []) add(i)
    }
    if (showAll) {
      for (const c of Object.values(manifest)) if (c.file.endsWith('.js')) files.add(c.file)
    } else {
      const entry = manifest['index.html']
        ? 'index.html'
        : Object.keys(manifest).find((k) => manifest[k]?.isEntry)
      if (!entry) throw new Error('no entry in the manifest')
      add(entry)
      for (const k of Object.keys(manifest))
        if (routeFiles.some((f) => k === f || k.startsWith(`${f}?`))) add(k)
      add(catalogKey)
    }

    const byPkg = new Map<string, number>()
    const byFile = new Map<string, number>()
    let total = 0
    for (const file of files) {
      const chunkGzip = gz(readFileSync(path.join(outDir, file)))
      total += chunkGzip
      const info = chunks.get(file)
      const mods = (info?.modules ?? []).filter((m) => m.code.length > 0)
      const weights = mods.map((m) => gz(m.code))
      const sum = weights.reduce((a, b) => a + b, 0)
      if (sum === 0) {
        byPkg.set('(chunk glue)', (byPkg.get('(chunk glue)') ?? 0) + chunkGzip)
        continue
      }
      mods.forEach((m, i) => {
        const share = (chunkGzip * (weights[i] ?? 0)) / sum
        const o = ownerOf(m.id)
        byPkg.set(o.pkg, (byPkg.get(o.pkg) ?? 0) + share)
        byFile.set(o.file, (byFile.get(o.file) ?? 0) + share)
      })
    }

    if (why) {
      const rel = (id: string) => (path.isAbsolute(id) ? path.relative(root, id) : id)
      for (const [id, from] of importers) {
        if (!rel(id).includes(why)) continue
        console.log(`${rel(id)} is imported by:`)
        for (const f of from) console.log(`  ${rel(f)}`)
      }
    }
    const kB = (n: number) => `${(n / 1000).toFixed(1).padStart(6)} kB`
    console.log(`${showAll ? 'all chunks' : 'home route /index'}: ${files.size} files, ${kB(total)} gzip -9`)
    console.log('\nby package / source folder:')
    for (const [k, v] of [...byPkg].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`${kB(v)}  ${k}`)
    console.log('\nby module:')
    for (const [k, v] of [...byFile].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`${kB(v)}  ${k}`)
  } finally {
    rmSync(outDir, { recursive: true, force: true })
  }
}

await main()
