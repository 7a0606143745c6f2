/**
 * `npm run ops -- <command>`: runs the operator CLI (server/ops/cli.ts) compiled to plain
 * JavaScript, as `npm start` runs the server, instead of transpiling it through tsx at every
 * command (about 1.1 s a command through tsx, 0.4 s compiled).
 *
 * The bundle lives in a folder named by the hash of the server's sources
 * (.server-build/ops/<hash>/). It is written into a temporary folder first and renamed into
 * place whole, so two operators running a command at once after a change never run, or
 * write over, a half-written bundle: the one whose rename comes second uses the first's.
 * Bundles of other hashes are removed once no command has used them for ten minutes. Where
 * the project's folder cannot be written, the CLI runs through tsx instead.
 */
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync, utimesSync } from 'node:fs'
import path from 'node:path'
import process from 'node:process'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { serverBundleOptions, serverSourceHash } from './server-sources.mjs'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const bundles = path.join(root, '.server-build', 'ops')
const hash = serverSourceHash(root, [
  fileURLToPath(import.meta.url),
  path.join(root, 'scripts/server-sources.mjs'),
])
const name = hash.slice(0, 16)
const dir = path.join(bundles, name)
const entry = path.join(dir, 'cli.js')
const staleAfterMs = 10 * 60_000

async function bundle() {
  mkdirSync(bundles, { recursive: true })
  const tmp = path.join(bundles, `.tmp-${name}-${process.pid}-${Date.now()}`)
  const { build } = await import('esbuild')
  try {
    await build({
      absWorkingDir: root,
      entryPoints: { cli: 'server/ops/cli.ts' },
      outdir: tmp,
      ...serverBundleOptions,
      // The commands, the database and the password hashing stay in chunks of their own: a
      // command the running server carries out loads only the CLI's first file.
      splitting: true,
    })
    renameSync(tmp, dir)
  } catch (err) {
    // Another command renamed its bundle of the same sources into place first: use that one.
    if (!existsSync(entry)) throw err
  } finally {
    rmSync(tmp, { recursive: true, force: true })
  }
}

function removeStale() {
  const now = Date.now()
  for (const other of readdirSync(bundles)) {
    if (other === name) continue
    const full = path.join(bundles, other)
    try {
      if (now - statSync(full).mtimeMs > staleAfterMs) rmSync(full, { recursive: true, force: true })
    } catch {
      // Removed meanwhile by another command.
    }
  }
}

/** Where the project's folder cannot be written (a read-only install): the CLI through tsx, as before. */
function throughTsx() {
  const child = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'server/ops/cli.ts', ...process.argv.slice(2)],
    {
      cwd: root,
      stdio: 'inherit',
    },
  )
  process.exit(child.status ?? 1)
}

const unwritable = new Set(['EACCES', 'EPERM', 'EROFS'])
if (existsSync(entry)) {
  // In use: a bundle is removed only after ten minutes without a command.
  try {
    const now = new Date()
    utimesSync(dir, now, now)
  } catch {
    // A folder this user cannot write: nobody here removes its bundles either.
  }
} else {
  try {
    await bundle()
    removeStale()
  } catch (err) {
    if (!unwritable.has(err?.code)) throw err
    throughTsx()
  }
}
// Stack traces point at the TypeScript sources.
process.setSourceMapsEnabled(true)
await import(pathToFileURL(entry).href)
