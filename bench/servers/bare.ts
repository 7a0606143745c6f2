/**
 * Baseline for the HTTP section: Fastify 5 with nothing else (no logger, plugins or
 * schemas). It serves `/bare` (a tiny envelope) and, when BARE_BODIES names a JSON file of
 * `{ "<path>": "<body>" }`, each of those paths with exactly those bytes, so the portal's
 * hot reads are compared with a server sending the same answer and doing nothing else.
 * Run as a child process so it gets its own event loop, like the portal does.
 */
import { readFileSync } from 'node:fs'
import Fastify from 'fastify'

const app = Fastify({ logger: false })
app.get('/bare', async () => ({ success: true, value: { ok: true } }))

const bodiesFile = process.env.BARE_BODIES
if (bodiesFile) {
  const bodies = JSON.parse(readFileSync(bodiesFile, 'utf8')) as Record<string, string>
  for (const [url, body] of Object.entries(bodies)) {
    const bytes = Buffer.from(body, 'utf8')
    app.get(url, (_req, reply) => {
      void reply.header('content-type', 'application/json; charset=utf-8').send(bytes)
    })
  }
}

const host = process.env.HOST ?? '127.0.0.1'
const port = Number(process.env.PORT ?? 0)
const address = await app.listen({ host, port })
console.log(`Bare ready at ${address}`)

const shutdown = () => {
  app.close().then(
    () => process.exit(0),
    () => process.exit(1),
  )
}
process.once('SIGTERM', shutdown)
process.once('SIGINT', shutdown)
