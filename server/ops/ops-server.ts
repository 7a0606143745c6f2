/**
 * The operator API: a second listener bound to the loopback interface only, behind a
 * random token, running the operator commands inside the server process (PGlite allows
 * one process per data directory).
 */
import { randomBytes, timingSafeEqual } from 'node:crypto'
import Fastify, { type FastifyInstance } from 'fastify'
import { z } from 'zod'
import type { AppServices } from '../app'
import { zodSchemaController } from '../http/schema-controller'
import { OperatorName } from '../system/audit'
import { OpsError, runCommand } from './commands'

const maxWords = 20
const maxWordLength = 500
const RunBody = z.object({
  argv: z.array(z.string().max(maxWordLength)).min(1).max(maxWords),
  operator: OperatorName.nullable().default(null),
})

export interface OpsServer {
  app: FastifyInstance
  url: string
  token: string
}

function sameToken(a: string, b: string): boolean {
  const x = Buffer.from(a)
  const y = Buffer.from(b)
  return x.length === y.length && timingSafeEqual(x, y)
}

export async function startOpsServer(
  services: AppServices,
  merchantCode: string,
  port: number,
  demo = false,
  settingsTtlSeconds?: number,
): Promise<OpsServer> {
  const token = randomBytes(32).toString('base64url')
  const app = Fastify({ logger: false, bodyLimit: 65_536, schemaController: zodSchemaController })
  app.post('/ops/run', async (req, reply) => {
    const given = req.headers['x-ops-token']
    if (typeof given !== 'string' || !sameToken(given, token)) {
      return reply.code(401).send({ ok: false, output: 'operator token invalid' })
    }
    const body = RunBody.safeParse(req.body)
    if (!body.success) {
      const issue = body.error.issues[0]
      return reply.code(400).send({
        ok: false,
        output:
          issue?.path[0] === 'operator'
            ? `the operator (--as or OPERATOR): ${issue.message}; nothing was done`
            : `a command is 1 to ${maxWords} words of at most ${maxWordLength} characters each`,
      })
    }
    try {
      const output = await runCommand(
        {
          db: services.database.db,
          merchantCode,
          invalidate: () => {
            services.settingsChanged()
            services.refreshMerchants().catch(() => undefined)
          },
          rotateKey: () => services.keyring.rotate(),
          hashPassword: (password) => services.passwords.hash(password),
          paymentGateway: services.gateway,
          notices: services.push,
          operator: body.data.operator,
          demo,
          settingsTtlSeconds,
        },
        body.data.argv,
      )
      return { ok: true, output }
    } catch (err) {
      if (err instanceof OpsError) return reply.code(422).send({ ok: false, output: err.message })
      throw err
    }
  })
  const url = await app.listen({ host: '127.0.0.1', port })
  return { app, url, token }
}
