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
