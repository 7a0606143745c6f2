/**
 * `npm run ops -- <command>`: through the running server's operator API when one holds
 * DATA_DIR, otherwise straight on the database. The commands, the database and the
 * password hashing load only on that second path: a command the running server carries out
 * starts no more than this file, the configuration and fetch.
 */
import { z } from 'zod'
import { loadConfig, paymentGatewayKind } from '../config/env'
import { operatorOf } from './operator'
import { processAlive, readOpsState } from './ops-state'

const Reply = z.object({ ok: z.boolean(), output: z.string() })

async function main(): Promise<number> {
  const typed = process.argv.slice(2)
  if (typed.length === 0 || typed[0] === 'help' || typed[0] === '--help') {
    const { helpText } = await import('./commands')
    console.log(helpText())
    return 0
  }
  const config = loadConfig()
  const { argv, operator } = operatorOf(typed, process.env, config.NODE_ENV === 'production')
  const state = readOpsState(config.dataDir)
  if (state && processAlive(state.pid)) {
    if (!state.opsUrl || !state.token) {
      console.error(`the server (pid ${state.pid}) is still starting; try again in a moment`)
      return 1
    }
    const res = await fetch(`${state.opsUrl}/ops/run`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-ops-token': state.token },
      body: JSON.stringify({ argv, operator }),
    }).catch((err: unknown) => {
      throw new Error(`the server (pid ${state.pid}) does not answer at ${state.opsUrl}: ${String(err)}`)
    })
    const reply = Reply.safeParse(await res.json().catch(() => null))
    if (!reply.success) {
      console.error(
        `the server (pid ${state.pid}) could not carry out the command (HTTP ${res.status}); see its log`,
      )
      return 1
    }
    ;(reply.data.ok ? console.log : console.error)(reply.data.output)
    return reply.data.ok ? 0 : 1
  }

  const [{ runCommand }, { createPasswords }, { openDatabase }] = await Promise.all([
    import('./commands'),
    import('../identity/passwords'),
    import('../plugins/external/db'),
  ])
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.dataDir })
  try {
    await database.migrate()
    const passwords = createPasswords({ memoryKib: config.ARGON2_MEMORY_KIB, passes: config.ARGON2_PASSES })
    const output = await runCommand(
      {
        db: database.db,
        merchantCode: config.MERCHANT_CODE,
        invalidate: () => undefined,
        hashPassword: (password) => passwords.hash(password),
        paymentGateway: paymentGatewayKind(config),
        operator,
        demo: config.DEMO,
        settingsTtlSeconds: config.SETTINGS_TTL_SECONDS,
      },
      argv,
    )
    console.log(output)
    return 0
  } finally {
    await database.close()
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof Error ? err.message : String(err))
    process.exit(1)
  },
)
