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
 * token. It is written whole to a draft, synced, and then linked into place, so it appears
 * with its content or not at all, and a second maker gets EEXIST.
 *
 * A lock whose process is gone is removed by one opener at a time: the one that makes a
 * takeover marker for that lock's token (a link to its own draft, so the marker names its
 * maker) in the first free slot after slots whose makers are all gone. A marker is never
 * removed while its maker runs, however slow it is, so no two live openers are ever between
 * checking that the lock is still the stale one and removing it; and nobody can replace a
 * lock that is there, so a fresh lock is never removed by a late takeover. The holder
 * removes its lock on close and at exit; after a crash the next opener finds it stale, and
 * drafts left by processes that are gone are removed.
 */
import { createHash, randomBytes } from 'node:crypto'
import {
  closeSync,
  fsyncSync,
  linkSync,
  openSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  writeSync,
} from 'node:fs'
import path from 'node:path'
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

/** The process's state and start time as Linux's /proc tells them, or null elsewhere. */
function procStat(pid: number): { state: string; started: string } | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    // The command name in parentheses may hold spaces; the fields after it are plain.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    return { state: fields[0] ?? '', started: fields[19] ?? '' }
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

/** Whether the lock's process still runs (the same process, not a later one with its pid, nor a zombie). */
function holderRuns(holder: Holder): boolean {
  if (holder.pid === process.pid) return [...held.values()].includes(holder.token)
  if (!processAlive(holder.pid)) return false
  const stat = procStat(holder.pid)
  if (stat === null) return true
  if (stat.state === 'Z') return false
  return holder.started === null || stat.started === holder.started
}

/**
 * Removes a stale lock if this opener makes a takeover marker (a link to its own draft, so it
 * names its maker) in the first slot whose earlier slots were all made by processes now gone;
 * false when a live opener is at it, to be tried again. A marker is never removed while its
 * maker runs, however slow, and a dead maker's slot is skipped, not removed, while the lock is
 * still the stale one: no two live openers are ever between the token check and the removal.
 */
function clearStale(file: string, stale: Holder, draft: string): boolean {
  const base = `${file}.takeover-${createHash('sha256').update(stale.token).digest('hex').slice(0, 16)}`
  for (let k = 0; ; k++) {
    const marker = `${base}-${k}`
    try {
      linkSync(draft, marker)
    } catch (err) {
      if (errCode(err) !== 'EEXIST') throw err
      const maker = readHolder(marker)
      if (typeof maker === 'string' || holderRuns(maker)) return false
      continue
    }
    try {
      if (tokenOf(file) === stale.token) rmSync(file, { force: true })
    } finally {
      rmSync(marker, { force: true })
    }
    // The stale lock is gone for good (tokens never repeat): the dead makers' slots can go.
    for (let i = 0; i < k; i++) rmSync(`${base}-${i}`, { force: true })
    return true
  }
}

/** Drafts of this lock left by processes that are gone (a command stopped while it waited). */
function removeDeadDrafts(file: string): void {
  const prefix = `${path.basename(file)}.new-`
  let names: string[]
  try {
    names = readdirSync(path.dirname(file))
  } catch {
    return
  }
  for (const name of names) {
    if (!name.startsWith(prefix)) continue
    const pid = Number(name.slice(prefix.length).split('-')[0])
    if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && !processAlive(pid)) {
      rmSync(path.join(path.dirname(file), name), { force: true })
    }
  }
}

function writeDraft(draft: string, holder: Holder): void {
  const fd = openSync(draft, 'w', 0o600)
  try {
    writeSync(fd, JSON.stringify(holder))
    // On disk before it is linked: a power cut never leaves an empty lock behind.
    fsyncSync(fd)
  } finally {
    closeSync(fd)
  }
}

/** The directory's one name: symbolic links followed where it exists, so two names never make two locks. */
function canonical(dir: string): string {
  try {
    return realpathSync(dir)
  } catch {
    return path.resolve(dir)
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * Takes the lock on `dir` for this process, waiting up to `waitMs` for another holder to let
 * go; throws DataDirBusyError naming it after that (at once when this process holds it).
 * `onWait` is told the holder's pid each time it is found holding the lock and the opener
 * pauses before it looks again. Returns the release.
 */
export async function lockDataDir(
  dir: string,
  waitMs = 10_000,
  onWait?: (holderPid: number) => void,
): Promise<() => void> {
  const file = `${canonical(dir)}.lock`
  if (held.has(file)) {
    throw new DataDirBusyError(`the embedded database at ${dir} is already open in this process`)
  }
  removeDeadDrafts(file)
  const proc = procStat(process.pid)
  const mine: Holder = {
    pid: process.pid,
    started: proc?.started ?? null,
    token: randomBytes(16).toString('hex'),
  }
  const draft = `${file}.new-${process.pid}-${mine.token.slice(0, 8)}`
  writeDraft(draft, mine)
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
        if (clearStale(file, holder, draft)) continue
        if (Date.now() >= deadline) {
          throw new DataDirBusyError(
            `the embedded database at ${dir} is being taken over by another process; try again`,
          )
        }
        await sleep(20)
        continue
      }
      if (Date.now() >= deadline) {
        throw new DataDirBusyError(
          `the embedded database at ${dir} is in use by process ${holder.pid}; stop it or wait for it to end`,
        )
      }
      onWait?.(holder.pid)
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
