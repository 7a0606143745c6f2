/**
 * One process at a time on an embedded database's directory: a second opener waits for the
 * first to let go and is then let in, a live holder past the wait is named, a lock left by a
 * process that is gone (or by an earlier process with this pid) is taken over, and a file
 * the lock did not write is never taken over. Opening the embedded database holds the lock
 * until it is closed.
 */
import { execFile, spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { afterAll, describe, expect, it } from 'vitest'
import { DataDirBusyError, lockDataDir } from '../../server/plugins/external/data-dir-lock'
import { openDatabase } from '../../server/plugins/external/db'

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

describe('the lock on an embedded database directory', () => {
  it('lets a second opener in once the first lets go, not before', async () => {
    const dir = newDir()
    const releaseFirst = await lockDataDir(dir)
    let secondIn = false
    const second = lockDataDir(dir, 5_000).then((release) => {
      secondIn = true
      return release
    })
    await new Promise((r) => setTimeout(r, 300))
    expect(secondIn).toBe(false)
    releaseFirst()
    const releaseSecond = await second
    expect(secondIn).toBe(true)
    releaseSecond()
    expect(existsSync(`${dir}.lock`)).toBe(false)
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

  it('holds across processes racing for a stale lock: one holder at a time', async () => {
    const dir = newDir()
    const log = path.join(base, `race${n}.log`)
    writeFileSync(log, '')
    const gone = otherProcess()
    await gone.stop()
    writeFileSync(`${dir}.lock`, JSON.stringify({ pid: gone.pid, started: null, token: 'd'.repeat(32) }))
    const script = [
      `import { appendFileSync } from 'node:fs'`,
      `import { lockDataDir } from './server/plugins/external/data-dir-lock.ts'`,
      `const release = await lockDataDir(${JSON.stringify(dir)}, 20000)`,
      `appendFileSync(${JSON.stringify(log)}, 'in ' + process.pid + '\\n')`,
      `await new Promise((r) => setTimeout(r, 150))`,
      `appendFileSync(${JSON.stringify(log)}, 'out ' + process.pid + '\\n')`,
      `release()`,
    ].join('\n')
    const run = promisify(execFile)
    await Promise.all(
      Array.from({ length: 4 }, () =>
        run(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: root }),
      ),
    )
    const lines = readFileSync(log, 'utf8').trim().split('\n')
    expect(lines).toHaveLength(8)
    // Every holder is out before the next one is in.
    for (let i = 0; i < lines.length; i += 2) {
      const [inWord, inPid] = lines[i]?.split(' ') ?? []
      expect([inWord, lines[i + 1]]).toEqual(['in', `out ${inPid}`])
    }
    expect(existsSync(`${dir}.lock`)).toBe(false)
  }, 60_000)
})

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
