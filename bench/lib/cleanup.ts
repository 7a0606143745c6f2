/**
 * Last-resort cleanup: child servers and temp folders are released even when the bench
 * is interrupted (Ctrl-C) or a section throws. Handlers are synchronous because they also
 * run from process 'exit'.
 */
const handlers = new Set<() => void>()
let installed = false

function runAll(): void {
  for (const h of [...handlers]) {
    handlers.delete(h)
    try {
      h()
    } catch {
      // best effort: one failing handler must not keep the others from running
    }
  }
}

function install(): void {
  if (installed) return
  installed = true
  process.on('exit', runAll)
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      console.error(`\nbench: ${signal} received, stopping child servers`)
      runAll()
      process.exit(130)
    })
  }
}

/** Registers a handler; returns a function that unregisters it (call it after a clean release). */
export function onExit(handler: () => void): () => void {
  install()
  handlers.add(handler)
  return () => handlers.delete(handler)
}
