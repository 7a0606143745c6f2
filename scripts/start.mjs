/**
 * `npm start`: runs the platform server compiled to plain JavaScript, so a start does not
 * transpile TypeScript module by module. The server's sources (server/, src/contract/)
 * are bundled by esbuild into .server-build/ when they changed since the last bundle
 * (a hash of their contents, like the PWA's build check), then the bundle is imported.
 * Packages stay in node_modules; only the project's own code is bundled.
 */
import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import module from 'node:module'
import path from 'node:path'
import process from 'node:process'
import { fileURLToPath, pathToFileURL } from 'node:url'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const outdir = path.join(root, '.server-build')
const hashFile = path.join(outdir, '.source-hash')
const entries = { main: 'server/main.ts' }

function filesUnder(dir) {
  const out = []
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name)
    if (statSync(full).isDirectory()) out.push(...filesUnder(full))
    else if (/\.(ts|json|sql)$/.test(name)) out.push(full)
  }
  return out
}

function sourceHash() {
  const h = createHash('sha256')
  const files = [
    ...filesUnder(path.join(root, 'server')),
    ...filesUnder(path.join(root, 'src/contract')),
    path.join(root, 'package.json'),
    path.join(root, 'package-lock.json'),
    fileURLToPath(import.meta.url),
  ].sort()
  for (const f of files) {
    h.update(path.relative(root, f))
    h.update('\0')
    h.update(readFileSync(f))
    h.update('\0')
  }
  return h.digest('hex')
}

const hash = sourceHash()
const fresh = existsSync(hashFile) && readFileSync(hashFile, 'utf8') === hash
if (!fresh) {
  const { build } = await import('esbuild')
  mkdirSync(outdir, { recursive: true })
  await build({
    absWorkingDir: root,
    entryPoints: entries,
    outdir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: true,
    logLevel: 'warning',
  })
  writeFileSync(hashFile, hash)
}

// Node 22.1+ keeps the compiled code of every module between starts (a no-op on Node 20).
module.enableCompileCache?.(path.join(outdir, '.compile-cache'))
// Stack traces point at the TypeScript sources.
process.setSourceMapsEnabled(true)
await import(pathToFileURL(path.join(outdir, 'main.js')).href)
