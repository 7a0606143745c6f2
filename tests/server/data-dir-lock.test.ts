/**
 * One process at a time on an embedded database's directory: a second opener waits for the
 * first to let go and is then let in, a live holder past the wait is named, a lock left by a
 * process that is gone (or by an earlier process with this pid) is taken over, and a file
 * the lock did not write is never taken over. Opening the embedded database holds the lock
 * until it is closed.
 */
import { execFile, spawn } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { afterAll, describe, expect, it } from 'vitest'
import { DataDirBusyError, lockDataDir } from '#server/plugins/external/data-dir-lock'
import { openDatabase } from '#server/plugins/external/db'

const root = path.resolve(import.meta.dirname, '../..')
const base = mkdtempSync(path.join(tmpdir(), 'portal-lock-'))
afterAll(() => rmSync(base, { recursive: true, force: true }))
let n = 0
const newDir = () => path.join(base, `db${++n}`)

/** A process that runs until killed, and the moment it is gone. */
function otherProcess() {
  const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' })
  const gone = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  return { pid: child.pid ?? 0, stop: () => (child.kill('SIGKILL'), gone) }
}

const lockModule = './server/plugins/external/data-dir-lock.ts'

/** Another process holding the lock on `dir` until told to let go. */
async function holderProcess(dir: string) {
  const script = [
    `import { lockDataDir } from ${JSON.stringify(lockModule)}`,
    `const release = await lockDataDir(${JSON.stringify(dir)}, 1000)`,
    `console.log('held')`,
    `process.stdin.once('data', () => { release(); process.exit(0) })`,
  ].join('\n')
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    cwd: root,
    stdio: ['pipe', 'pipe', 'inherit'],
  })
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  await new Promise<void>((resolve, reject) => {
    child.stdout.once('data', () => resolve())
    child.once('exit', () => reject(new Error('the holder process ended before it held the lock')))
  })
  return {
    release: () => {
      child.stdin.write('go\n')
      return exited
    },
  }
}

describe('the lock on an embedded database directory', () => {
  it('lets a second opener in once the first lets go, not before', async () => {
    const dir = newDir()
    const first = await holderProcess(dir)
    let secondIn = false
    let looks = 0
    let foundHeldTwice: () => void = () => undefined
    const heldTwice = new Promise<void>((r) => {
      foundHeldTwice = r
    })
    const second = lockDataDir(dir, 10_000, () => {
      if (++looks === 2) foundHeldTwice()
    }).then((release) => {
      secondIn = true
      return release
    })
    // It has found the first holder there, and again after a pause: it is still out.
    await heldTwice
    expect(secondIn).toBe(false)
    await first.release()
    const releaseSecond = await second
    expect(secondIn).toBe(true)
    releaseSecond()
    expect(existsSync(`${dir}.lock`)).toBe(false)
  })

  it('is let go when its process ends without releasing it', async () => {
    const dir = newDir()
    const script = [
      `import { existsSync } from 'node:fs'`,
      `import { lockDataDir } from ${JSON.stringify(lockModule)}`,
      `await lockDataDir(${JSON.stringify(dir)}, 1000)`,
      `if (!existsSync(${JSON.stringify(`${dir}.lock`)})) process.exit(3)`,
      `process.exit(0)`,
    ].join('\n')
    await promisify(execFile)(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: root,
    })
    expect(existsSync(`${dir}.lock`)).toBe(false)
  })

  it('refuses at once a second hold of the same directory in one process', async () => {
    const dir = newDir()
    const release = await lockDataDir(dir)
    try {
      const started = Date.now()
      await expect(lockDataDir(dir, 5_000)).rejects.toThrow('already open in this process')
      expect(Date.now() - started).toBeLessThan(1_000)
    } finally {
      release()
    }
  })

  it('is one lock for a directory under any of its names (a symbolic link)', async () => {
    const dir = newDir()
    mkdirSync(dir)
    const link = `${dir}-link`
    symlinkSync(dir, link)
    const release = await lockDataDir(dir)
    try {
      await expect(lockDataDir(link, 300)).rejects.toThrow('already open in this process')
    } finally {
      release()
    }
  })

  it('removes the draft a waiting process left when it was stopped', async () => {
    const dir = newDir()
    const gone = otherProcess()
    await gone.stop()
    const draft = `${dir}.lock.new-${gone.pid}-abcdef12`
    writeFileSync(draft, '{}')
    const release = await lockDataDir(dir, 300)
    release()
    expect(existsSync(draft)).toBe(false)
  })

  it('names a live holder once the wait is over, and takes the lock over when that process is gone', async () => {
    const dir = newDir()
    const other = otherProcess()
    try {
      writeFileSync(`${dir}.lock`, JSON.stringify({ pid: other.pid, started: null, token: 'a'.repeat(32) }))
      const busy = lockDataDir(dir, 300)
      await expect(busy).rejects.toBeInstanceOf(DataDirBusyError)
      await expect(busy).rejects.toThrow(`in use by process ${other.pid}`)
    } finally {
      await other.stop()
    }
    const release = await lockDataDir(dir, 300)
    expect(JSON.parse(readFileSync(`${dir}.lock`, 'utf8'))).toMatchObject({ pid: process.pid })
    release()
  })

  it('takes over a lock whose pid now belongs to another process started later (a reused pid)', async () => {
    const dir = newDir()
    const other = otherProcess()
    try {
      // The holder's start time as the system counted it differs from the live process's.
      writeFileSync(`${dir}.lock`, JSON.stringify({ pid: other.pid, started: '1', token: 'b'.repeat(32) }))
      const release = await lockDataDir(dir, 300)
      release()
    } finally {
      await other.stop()
    }
  })

  it('takes over a lock an earlier process with this very pid left (a container restarted)', async () => {
    const dir = newDir()
    writeFileSync(`${dir}.lock`, JSON.stringify({ pid: process.pid, started: null, token: 'c'.repeat(32) }))
    const release = await lockDataDir(dir, 300)
    expect(JSON.parse(readFileSync(`${dir}.lock`, 'utf8')).token).not.toBe('c'.repeat(32))
    release()
  })

  it('never takes over a file it did not write', async () => {
    const dir = newDir()
    writeFileSync(`${dir}.lock`, 'hello')
    await expect(lockDataDir(dir, 300)).rejects.toThrow('is not a lock this server wrote')
    expect(readFileSync(`${dir}.lock`, 'utf8')).toBe('hello')
  })

  it('holds across processes racing for a stale lock, one holder at a time, even when each step is slow', async () => {
    // Each removal or rename of the lock file is slowed by a random while, so the other
    // processes act between a takeover's steps (tests/fixtures/slow-lock-fs.mjs).
    const lines = await raceForStaleLock([0, 0, 0, 0].map(() => ({ startMs: 0, holdMs: 800, env: {} })))
    expect(lines).toHaveLength(8)
    expectOneHolderAtATime(lines)
  }, 90_000)

  it('holds when a takeover stalls for seconds between checking the stale lock and removing it', async () => {
    const lines = await raceForStaleLock([
      { startMs: 0, holdMs: 500, env: { SLOW_LOCK_ONCE_MS: '6500' } },
      { startMs: 1_500, holdMs: 4_000, env: {} },
    ])
    expect(lines).toHaveLength(4)
    expectOneHolderAtATime(lines)
  }, 90_000)
})

/**
 * Processes that each take the lock at `startMs` after a common moment (a lock left by a
 * process that is gone in its place), note when they are in and out, and let go after
 * `holdMs`; with the lock file slowed as tests/fixtures/slow-lock-fs.mjs does under `env`.
 */
async function raceForStaleLock(
  racers: { startMs: number; holdMs: number; env: Record<string, string> }[],
): Promise<string[]> {
  const dir = newDir()
  const log = path.join(base, `race${n}.log`)
  writeFileSync(log, '')
  const gone = otherProcess()
  await gone.stop()
  writeFileSync(`${dir}.lock`, JSON.stringify({ pid: gone.pid, started: null, token: 'd'.repeat(32) }))
  const startAt = Date.now() + 4_000
  const script = (startMs: number, holdMs: number) =>
    [
      `import { appendFileSync } from 'node:fs'`,
      `import { lockDataDir } from ${JSON.stringify(lockModule)}`,
      // Each reaches for the lock at its moment, whenever its process was ready.
      `await new Promise((r) => setTimeout(r, ${startAt + startMs} - Date.now()))`,
      `const release = await lockDataDir(${JSON.stringify(dir)}, 30000)`,
      `appendFileSync(${JSON.stringify(log)}, 'in ' + process.pid + '\\n')`,
      `await new Promise((r) => setTimeout(r, ${holdMs}))`,
      `appendFileSync(${JSON.stringify(log)}, 'out ' + process.pid + '\\n')`,
      `release()`,
    ].join('\n')
  const run = promisify(execFile)
  const preload = path.join(root, 'tests/fixtures/slow-lock-fs.mjs')
  await Promise.all(
    racers.map((r) =>
      run(
        process.execPath,
        ['--import', preload, '--import', 'tsx', '--input-type=module', '-e', script(r.startMs, r.holdMs)],
        { cwd: root, env: { ...process.env, SLOW_LOCK_FILE: path.resolve(`${dir}.lock`), ...r.env } },
      ),
    ),
  )
  expect(existsSync(`${dir}.lock`)).toBe(false)
  return readFileSync(log, 'utf8').trim().split('\n')
}

/** Every holder is out before the next one is in. */
function expectOneHolderAtATime(lines: string[]): void {
  for (let i = 0; i < lines.length; i += 2) {
    const [inWord, inPid] = lines[i]?.split(' ') ?? []
    expect([inWord, lines[i + 1]]).toEqual(['in', `out ${inPid}`])
  }
}

describe('the embedded database', () => {
  it('is held by the process that opened it until it is closed', async () => {
    const dataDir = newDir()
    const first = await openDatabase({ dataDir })
    try {
      const held = JSON.parse(readFileSync(path.join(dataDir, 'pglite.lock'), 'utf8'))
      expect(held.pid).toBe(process.pid)
    } finally {
      await first.close()
    }
    expect(existsSync(path.join(dataDir, 'pglite.lock'))).toBe(false)
    const second = await openDatabase({ dataDir })
    await second.close()
  }, 60_000)
})
