/**
 * What a running server leaves in DATA_DIR so the operator CLI can find it: its pid and
 * the loopback address and token of its operator API. The file is readable by its owner
 * only, and read back through zod like any other storage.
 */
import { readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs'
import path from 'node:path'
import { z } from 'zod'

export const OpsStateSchema = z.object({
  pid: z.number().int().positive(),
  opsUrl: z.string().url().nullable(),
  token: z.string().min(32).nullable(),
  apiUrl: z.string().nullable(),
  database: z.enum(['pglite', 'postgres']),
})
export type OpsState = z.infer<typeof OpsStateSchema>

export function opsStatePath(dataDir: string): string {
  return path.join(dataDir, 'server.json')
}

export function readOpsState(dataDir: string): OpsState | undefined {
  try {
    const parsed = OpsStateSchema.safeParse(JSON.parse(readFileSync(opsStatePath(dataDir), 'utf8')))
    return parsed.success ? parsed.data : undefined
  } catch {
    return undefined
  }
}

export function writeOpsState(dataDir: string, state: OpsState): void {
  mkdirSync(dataDir, { recursive: true })
  writeFileSync(opsStatePath(dataDir), JSON.stringify(state, null, 2), { mode: 0o600 })
}

export function removeOpsState(dataDir: string, pid: number): void {
  if (readOpsState(dataDir)?.pid === pid) rmSync(opsStatePath(dataDir), { force: true })
}

/** Whether a process with this pid is alive (signal 0 checks without touching it). */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM'
  }
}
