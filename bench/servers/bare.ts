/**
 * Baseline for the HTTP section: Fastify 5 with one route and nothing else (no logger,
 * plugins or schemas), answering the same envelope shape as the portal. Run as a child
 * process so it gets its own event loop, like the portal does.
 */
import Fastify from 'fastify'

const app = Fastify({ logger: false })
app.get('/bare', async () => ({ success: true, value: { ok: true } }))

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
