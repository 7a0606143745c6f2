/**
 * The real platform server (server/main.ts) on loopback with a fresh embedded database in
 * a temp folder, for sections that load its endpoints. The folder is removed on stop.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { startChild, type ChildServer, type StopResult } from './child'
import { onExit } from './cleanup'

export interface PortalServer extends Omit<ChildServer, 'stop'> {
  dataDir: string
  stop(): Promise<StopResult & { dataDirRemoved: boolean }>
}

export interface PortalOptions {
  /**
   * Runs on the fresh data folder before the server starts (the embedded database allows
   * one process at a time, so a section that needs rows of its own writes them here).
   */
  prepare?: (dataDir: string) => Promise<void>
  /** Runs after the server stopped and before its data folder goes (e.g. to check the data). */
  inspect?: (dataDir: string) => Promise<void>
  /** What to run (default server/main.ts through tsx; scripts/start.mjs is `npm start`). */
  entry?: string
  /** An existing data folder to start on; it is kept on stop. */
  dataDir?: string
}

export async function startPortal(
  root: string,
  env: Record<string, string> = {},
  opts: PortalOptions = {},
): Promise<PortalServer> {
  const dataDir = opts.dataDir ?? mkdtempSync(path.join(os.tmpdir(), 'portal-bench-'))
  const removeDir = () => {
    if (!opts.dataDir) rmSync(dataDir, { recursive: true, force: true })
  }
  const release = onExit(removeDir)
  let child: ChildServer
  try {
    await opts.prepare?.(dataDir)
    child = await startChild({
      name: 'portal server',
      cwd: root,
      entry: opts.entry ?? 'server/main.ts',
      env: {
        PORT: '0',
        HOST: '127.0.0.1',
        OPS_PORT: '0',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        SKIP_BUILD: 'true',
        // Always the embedded database in the temp folder, whatever the caller's shell says.
        DATABASE_URL: '',
        ...env,
      },
      ready: /Portal ready at (\S+)/,
      timeoutMs: 90_000,
    })
  } catch (err) {
    removeDir()
    release()
    throw err
  }
  return {
    ...child,
    dataDir,
    async stop() {
      const res = await child.stop()
      try {
        await opts.inspect?.(dataDir)
      } finally {
        removeDir()
      }
      release()
      return { ...res, dataDirRemoved: !opts.dataDir }
    },
  }
}

/** The line server/main.ts logs (at info) once the first screens' art is rendered. */
const artRendered = /first screens art rendered/

/**
 * Waits until the portal has rendered the first screens' generated art, which it does in the
 * background a second after each start (server/http/art-warmup.ts): a section that measures
 * the pages a player sees waits for it, so its first run does not share the cores with those
 * renders. The portal must run with LOG_LEVEL=info. Returns the time waited, or null when
 * the line did not come within `timeoutMs` (the section goes on and says so).
 */
export async function waitForFirstScreenArt(
  portal: PortalServer,
  timeoutMs = 60_000,
): Promise<number | null> {
  const t0 = performance.now()
  while (performance.now() - t0 < timeoutMs) {
    if (portal.output().some((line) => artRendered.test(line))) return Math.round(performance.now() - t0)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  return null
}

/**
 * The portal for a section that measures the pages a player sees: started at info (so the
 * art warm-up's line shows), and returned once the first screens' art is rendered.
 */
export async function startPortalAfterArt(
  root: string,
  env: Record<string, string>,
  log: (line: string) => void,
): Promise<PortalServer> {
  const portal = await startPortal(root, { ...env, LOG_LEVEL: 'info' })
  const artMs = await waitForFirstScreenArt(portal)
  log(
    artMs === null
      ? "the first screens' art was not rendered within 60 s: the first run shares the cores with it"
      : `waited ${artMs.toLocaleString('en-US')} ms for the portal's first screens' art, rendered in the background after each start`,
  )
  return portal
}
