/**
 * Who runs an operator command: `--as <name>` anywhere on the line, else OPERATOR, else,
 * outside production, the name of the machine's user. In production a command that changes
 * something is refused without one (server/ops/commands.ts `runCommand`).
 */
import os from 'node:os'
import { OperatorName } from '../system/audit'
import { OpsError } from './ops-error'

export interface OperatorLine {
  /** The command's own words, `--as <name>` taken out. */
  argv: string[]
  operator: string | null
}

function checked(name: string, from: string): string {
  const parsed = OperatorName.safeParse(name)
  if (!parsed.success)
    throw new OpsError(`${from}: ${parsed.error.issues[0]?.message ?? 'not an operator name'}`)
  return parsed.data
}

export function operatorOf(
  argv: readonly string[],
  env: { OPERATOR?: string | undefined },
  production: boolean,
): OperatorLine {
  const at = argv.indexOf('--as')
  if (at >= 0) {
    const name = argv[at + 1]
    if (name === undefined || name.startsWith('--'))
      throw new OpsError('--as needs the operator’s name, e.g. --as alice')
    return { argv: [...argv.slice(0, at), ...argv.slice(at + 2)], operator: checked(name, '--as') }
  }
  if (env.OPERATOR !== undefined && env.OPERATOR !== '')
    return { argv: [...argv], operator: checked(env.OPERATOR, 'OPERATOR') }
  if (production) return { argv: [...argv], operator: null }
  let user = ''
  try {
    user = os.userInfo().username
  } catch {
    // No user name on this machine (a container without one): the command must name one.
  }
  const parsed = OperatorName.safeParse(user)
  return { argv: [...argv], operator: parsed.success ? parsed.data : null }
}
