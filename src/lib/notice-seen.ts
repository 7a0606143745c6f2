/**
 * A notice can reach an open tab twice: on the live channel and in a push the service
 * worker hands on. Each is shown once; the tag is the push's (`fund-<notice id>`).
 */
const seen = new Set<string>()

/** True the first time a notice's tag is named, false after. */
export function firstSight(tag: string): boolean {
  if (seen.has(tag)) return false
  seen.add(tag)
  if (seen.size > 200) {
    const oldest = seen.values().next().value
    if (oldest !== undefined) seen.delete(oldest)
  }
  return true
}
