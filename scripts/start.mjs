/**
 * `npm start`: runs the platform server compiled to plain JavaScript, so a start does not
 * transpile TypeScript module by module. The server's sources (server/, src/contract/)
 * are bundled by esbuild into .server-build/ when they changed since the last bundle
 * (a hash of their contents, like the PWA's build check), then the bundle is imported.
 * Packages stay in node_modules; only the project's own code is bundled.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import module from 'node:module'
import path from 'node:path'
import process from 'node:process'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { serverBundleOptions, serverSourceHash } from './server-sources.mjs'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const outdir = path.join(root, '.server-build')
const hashFile = path.join(outdir, '.source-hash')
const entries = { main: 'server/main.ts' }

const hash = serverSourceHash(root, [
  fileURLToPath(import.meta.url),
  path.join(root, 'scripts/server-sources.mjs'),
])
const fresh = existsSync(hashFile) && readFileSync(hashFile, 'utf8') === hash
if (!fresh) {
  const { build } = await import('esbuild')
  mkdirSync(outdir, { recursive: true })
  await build({
    absWorkingDir: root,
    entryPoints: entries,
    outdir,
    ...serverBundleOptions,
  })
  writeFileSync(hashFile, hash)
}

// Node 22.1+ keeps the compiled code of every module between starts (a no-op on Node 20).
module.enableCompileCache?.(path.join(outdir, '.compile-cache'))
// Stack traces point at the TypeScript sources.
process.setSourceMapsEnabled(true)
await import(pathToFileURL(path.join(outdir, 'main.js')).href)
