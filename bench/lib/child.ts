/**
 * Starts a server as a child process (`node --import tsx <entry>`), waits for the line that
 * says it is listening, and stops it with SIGTERM. Only loopback servers are accepted: the
 * bench never aims load at anything it did not start itself.
 */
import { spawn } from 'node:child_process'
import { createInterface } from 'node:readline'
import { onExit } from './cleanup'

export interface StopResult {
  /** Exit code, or null when a signal ended it. */
  code: number | null
  signal: string | null
  /** Time from SIGTERM to exit. */
  ms: number
  /** True when it ignored SIGTERM past the grace period and was killed. */
  forced: boolean
}

export interface ChildServer {
  name: string
  pid: number
  port: number
  /** Loopback base URL, always http://127.0.0.1:<port>. */
  url: string
  /** The address as the server printed it. */
  announced: string
  /** Time from spawn to the ready line. */
  startMs: number
  /** Everything it printed (stdout and stderr, capped), ready line included. */
  output(): string[]
  stop(graceMs?: number): Promise<StopResult>
}

export interface StartOptions {
  name: string
  cwd: string
  /** Script path relative to cwd, run with `node --import tsx` (plain `node` for .mjs/.js). */
  entry: string
  env: Record<string, string>
  /** Matches the ready line; group 1 is the announced base URL. */
  ready: RegExp
  timeoutMs: number
}

const maxLines = 500
const loopbackHosts = new Set(['127.0.0.1', 'localhost', '[::1]'])

export function startChild(opts: StartOptions): Promise<ChildServer> {
  const started = Date.now()
  const plain = /\.(mjs|js)$/.test(opts.entry)
  const child = spawn(process.execPath, plain ? [opts.entry] : ['--import', 'tsx', opts.entry], {
    cwd: opts.cwd,
    env: { ...process.env, ...opts.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const lines: string[] = []
  let exit: { code: number | null; signal: string | null } | undefined
  const exited = new Promise<void>((resolve) => {
    child.once('exit', (code, signal) => {
      exit = { code, signal }
      resolve()
    })
  })
  const release = onExit(() => {
    if (!exit) child.kill('SIGKILL')
  })
  void exited.then(release)

  const remember = (stream: string) => (line: string) => {
    if (lines.length < maxLines) lines.push(stream === 'stderr' ? `[stderr] ${line}` : line)
  }
  createInterface({ input: child.stderr }).on('line', remember('stderr'))
  const stdout = createInterface({ input: child.stdout })
  stdout.on('line', remember('stdout'))

  const stop = async (graceMs = 15_000): Promise<StopResult> => {
    const t0 = Date.now()
    if (exit) return { ...exit, ms: 0, forced: false }
    child.kill('SIGTERM')
    let forced = false
    const timer = setTimeout(() => {
      forced = true
      child.kill('SIGKILL')
    }, graceMs)
    await exited
    clearTimeout(timer)
    const done = exit as { code: number | null; signal: string | null } | undefined
    return { code: done?.code ?? null, signal: done?.signal ?? null, ms: Date.now() - t0, forced }
  }

  return new Promise<ChildServer>((resolve, reject) => {
    let settled = false
    const fail = (why: string) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      void stop(2_000).then(() => {
        const tail = lines.slice(-20).map((l) => `    ${l}`)
        reject(
          new Error([`${opts.name}: ${why}`, ...(tail.length ? ['  last output:', ...tail] : [])].join('\n')),
        )
      })
    }
    const timer = setTimeout(() => fail(`not ready within ${opts.timeoutMs} ms`), opts.timeoutMs)
    child.once('error', (err) => fail(`could not start: ${err.message}`))
    void exited.then(() => fail(`exited before it was ready (code ${exit?.code}, signal ${exit?.signal})`))
    stdout.on('line', (line) => {
      if (settled) return
      const m = opts.ready.exec(line)
      if (!m?.[1]) return
      let announced: URL
      try {
        announced = new URL(m[1])
      } catch {
        return fail(`ready line without a usable address: ${line}`)
      }
      if (!loopbackHosts.has(announced.hostname)) {
        return fail(`listens on ${announced.hostname}, not on loopback; refusing to load it`)
      }
      const port = Number(announced.port)
      if (!Number.isInteger(port) || port <= 0) return fail(`no port in the ready line: ${line}`)
      settled = true
      clearTimeout(timer)
      resolve({
        name: opts.name,
        pid: child.pid ?? -1,
        port,
        url: `http://127.0.0.1:${port}`,
        announced: m[1],
        startMs: Date.now() - started,
        output: () => [...lines],
        stop,
      })
    })
  })
}
