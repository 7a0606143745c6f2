/**
 * Builds the PWA when its sources changed since the last build, so `npm start` on a fresh
 * clone serves a current shell without a separate step. The inputs' hash is kept beside
 * the build.
 */
import { spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib'

const inputs = ['src', 'public', 'index.html', 'vite.config.ts', 'lingui.config.ts', 'package-lock.json']

function hashInputs(root: string): string {
  const h = createHash('sha256').update('mode:production\0')
  const walk = (rel: string) => {
    const abs = path.join(root, rel)
    if (!existsSync(abs)) return
    if (statSync(abs).isDirectory()) {
      for (const name of readdirSync(abs).sort()) walk(path.join(rel, name))
      return
    }
    h.update(rel).update('\0').update(readFileSync(abs)).update('\0')
  }
  for (const i of inputs) walk(i)
  return h.digest('hex')
}

/** Builds into `outDir` when needed; returns what it did. Throws with one clear line on failure. */
export function ensurePwaBuilt(root: string, outDir: string): 'fresh' | 'built' {
  const stampFile = path.join(outDir, '.build-hash')
  const hash = hashInputs(root)
  if (
    existsSync(path.join(outDir, 'index.html')) &&
    existsSync(stampFile) &&
    readFileSync(stampFile, 'utf8') === hash
  ) {
    return 'fresh'
  }
  let viteBin: string
  try {
    const vitePkg = createRequire(path.join(root, 'package.json')).resolve('vite/package.json')
    viteBin = path.join(path.dirname(vitePkg), 'bin', 'vite.js')
    if (!existsSync(viteBin)) throw new Error('no vite binary')
  } catch {
    throw new Error(
      'the PWA is not built and vite is not installed: run `npm install` (or build elsewhere and set SKIP_BUILD=true)',
    )
  }
  console.log('building the PWA (first start or changed sources)…')
  const res = spawnSync(
    process.execPath,
    [viteBin, 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'],
    {
      cwd: root,
      stdio: 'inherit',
      // NOTE: a test runner's NODE_ENV=test would otherwise give a development React build.
      env: { ...process.env, NODE_ENV: 'production' },
    },
  )
  if (res.status !== 0) throw new Error('the PWA build failed (see the lines above)')
  // The server's render of the same app (src/entry-server.tsx), beside the PWA in .ssr/,
  // which the static server never serves (a dot folder).
  const ssr = spawnSync(
    process.execPath,
    [
      viteBin,
      'build',
      '--ssr',
      'src/entry-server.tsx',
      '--outDir',
      path.join(outDir, '.ssr'),
      '--emptyOutDir',
      '--logLevel',
      'warn',
    ],
    { cwd: root, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } },
  )
  if (ssr.status !== 0) throw new Error("the server's render build failed (see the lines above)")
  precompress(outDir)
  writeFileSync(stampFile, hash)
  return 'built'
}

const compressible = /\.(js|mjs|css|html|svg|json|webmanifest|txt)$/

/**
 * Writes .br and .gz beside every text file of the build, so the server sends them
 * compressed without spending CPU per request (@fastify/static preCompressed).
 */
export function precompress(dir: string): void {
  for (const name of readdirSync(dir)) {
    const abs = path.join(dir, name)
    if (statSync(abs).isDirectory()) {
      precompress(abs)
      continue
    }
    if (!compressible.test(name)) continue
    const data = readFileSync(abs)
    if (data.length < 1024) continue
    writeFileSync(`${abs}.br`, brotliCompressSync(data, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }))
    writeFileSync(`${abs}.gz`, gzipSync(data, { level: 9 }))
  }
}
