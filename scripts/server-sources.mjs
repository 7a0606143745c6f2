/**
 * The server's own sources (server/, src/contract/, the package files) and a hash of their
 * contents: `npm start` and `npm run ops` bundle them again only when it changed.
 */
import { createHash } from 'node:crypto'
import { readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'

function filesUnder(dir) {
  const out = []
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name)
    if (statSync(full).isDirectory()) out.push(...filesUnder(full))
    else if (/\.(ts|json|sql)$/.test(name)) out.push(full)
  }
  return out
}

/**
 * How the server's own code is bundled: for Node, as ES modules, the packages left in
 * node_modules, with source maps so stack traces name the TypeScript sources.
 */
export const serverBundleOptions = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
}

/** A hash of the server's sources under `root`, and of `extraFiles` (the script that bundles them). */
export function serverSourceHash(root, extraFiles = []) {
  const h = createHash('sha256')
  const files = [
    ...filesUnder(path.join(root, 'server')),
    ...filesUnder(path.join(root, 'src/contract')),
    path.join(root, 'package.json'),
    path.join(root, 'package-lock.json'),
    ...extraFiles,
  ].sort()
  for (const f of files) {
    h.update(path.relative(root, f))
    h.update('\0')
    h.update(readFileSync(f))
    h.update('\0')
  }
  return h.digest('hex')
}
