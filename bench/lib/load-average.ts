/**
 * The machine's load as `uptime` prints it: throughput and timing figures next to it show
 * whether other work was running (the bench machine may be shared).
 */
import { execFileSync } from 'node:child_process'
import os from 'node:os'

export function loadLine(): string {
  try {
    const up = execFileSync('uptime', [], { stdio: ['ignore', 'pipe', 'ignore'] }).toString()
    const m = /load averages?:\s*(.+)$/.exec(up.trim())
    if (m?.[1]) return `load ${m[1].trim()} on ${os.cpus().length} cores`
  } catch {
    // no uptime on this system: Node's own figures
  }
  return `load ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(', ')} on ${os.cpus().length} cores`
}
