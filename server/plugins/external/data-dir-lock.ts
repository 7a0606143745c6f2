/**
 * One process at a time on an embedded database's directory. PGlite is PostgreSQL in
 * single-user mode and takes no lock of its own: two processes that open the same directory
 * both start, both write, and the files end up unreadable. The server's own check (its
 * `server.json`) only covers a second server, and the operator CLI goes through a running
 * server's API; but two CLI commands at once with no server up, or a server started while a
 * command had the directory open, each opened it straight.
 *
 * The lock is a file beside the directory (`<dir>.lock`) naming the process that holds it:
 * its pid, the process's start time where the system tells it (Linux's /proc, so a pid
 * reused after a crash or a container restart is not taken for the holder) and a random
 * token. It is made whole and then linked into place, so it appears with its content or not
 * at all, and a second maker gets EEXIST. A lock whose process is gone is moved aside and
 * checked to be the one that was judged stale before it is removed. The holder removes it
 * on close and at exit; after a crash the next opener finds it stale.
 */
import { randomBytes } from 'node:crypto'
import { linkSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { z } from 'zod'
import { processAlive } from '../../ops/ops-state'

const HolderSchema = z.object({
  pid: z.number().int().positive(),
  started: z.string().nullable(),
  token: z.string().min(16),
})
type Holder = z.infer<typeof HolderSchema>

/** Thrown when another live process holds the directory; its message is one line. */
export class DataDirBusyError extends Error {}

/** The tokens of the locks this process holds, so a lock left by an earlier process with this pid is stale. */
const held = new Map<string, string>()

function errCode(err: unknown): string | undefined {
  return (err as NodeJS.ErrnoException | undefined)?.code
}

/** When the process started, as the system counts it (Linux: /proc/<pid>/stat), or null. */
function startedAt(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    // The command name in parentheses may hold spaces; the fields after it are plain.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    return fields[19] ?? null
  } catch {
    return null
  }
}

/** The lock's holder; 'gone' when there is no lock file, 'foreign' when it is not one this code wrote. */
function readHolder(file: string): Holder | 'gone' | 'foreign' {
  let text: string
  try {
    text = readFileSync(file, 'utf8')
  } catch (err) {
    if (errCode(err) === 'ENOENT') return 'gone'
    throw err
  }
  try {
    const parsed = HolderSchema.safeParse(JSON.parse(text))
    return parsed.success ? parsed.data : 'foreign'
  } catch {
    return 'foreign'
  }
}

function tokenOf(file: string): string | undefined {
  const holder = readHolder(file)
  return typeof holder === 'string' ? undefined : holder.token
}

/** Whether the lock's process still runs (the same process, not a later one with its pid). */
function holderRuns(holder: Holder): boolean {
  if (holder.pid === process.pid) return [...held.values()].includes(holder.token)
  if (!processAlive(holder.pid)) return false
  if (holder.started === null) return true
  const now = startedAt(holder.pid)
  return now === null || now === holder.started
}

/** Moves a stale lock aside and removes it, putting back a lock that turned out not to be the stale one. */
function clearStale(file: string, stale: Holder): void {
  const aside = `${file}.stale-${process.pid}-${randomBytes(4).toString('hex')}`
  try {
    renameSync(file, aside)
  } catch (err) {
    if (errCode(err) === 'ENOENT') return
    throw err
  }
  try {
    if (tokenOf(aside) !== stale.token) {
      // Another opener cleared the stale lock and made its own meanwhile: that one stays.
      try {
        linkSync(aside, file)
      } catch (err) {
        if (errCode(err) !== 'EEXIST') throw err
      }
    }
  } finally {
    rmSync(aside, { force: true })
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * Takes the lock on `dir` for this process, waiting up to `waitMs` for another holder to let
 * go; throws DataDirBusyError naming it after that. Returns the release.
 */
export async function lockDataDir(dir: string, waitMs = 10_000): Promise<() => void> {
  const file = `${dir}.lock`
  const mine: Holder = {
    pid: process.pid,
    started: startedAt(process.pid),
    token: randomBytes(16).toString('hex'),
  }
  const draft = `${file}.new-${process.pid}-${mine.token.slice(0, 8)}`
  writeFileSync(draft, JSON.stringify(mine), { mode: 0o600 })
  const deadline = Date.now() + waitMs
  try {
    for (;;) {
      try {
        linkSync(draft, file)
        break
      } catch (err) {
        if (errCode(err) !== 'EEXIST') throw err
      }
      const holder = readHolder(file)
      // Released between the two steps: try again.
      if (holder === 'gone') continue
      if (holder === 'foreign') {
        // Not a lock this code wrote: never taken over silently.
        throw new DataDirBusyError(
          `${file} is not a lock this server wrote; remove it if no server or command uses ${dir}`,
        )
      }
      if (!holderRuns(holder)) {
        clearStale(file, holder)
        continue
      }
      if (Date.now() >= deadline) {
        throw new DataDirBusyError(
          `the embedded database at ${dir} is in use by process ${holder.pid}; stop it or wait for it to end`,
        )
      }
      await sleep(100)
    }
  } finally {
    rmSync(draft, { force: true })
  }
  held.set(file, mine.token)
  const release = () => {
    if (held.get(file) !== mine.token) return
    held.delete(file)
    process.off('exit', release)
    if (tokenOf(file) === mine.token) rmSync(file, { force: true })
  }
  process.on('exit', release)
  return release
}
