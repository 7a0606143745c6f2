/**
 * Developer pages, only when DEV_TOOLS is on (never in production): the outbox of SMS and
 * e-mail the default channel "sent", so codes can be read without a phone.
 */
import { desc } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { outbox } from '../db/schema'
import type { Db } from '../plugins/external/db'
import { escapeHtml } from './html'

export function registerDevPages(app: FastifyInstance, db: Db): void {
  const latest = () => db.select().from(outbox).orderBy(desc(outbox.id)).limit(50)

  app.get('/dev/outbox.json', async (_req, reply) => {
    const rows = await latest()
    return reply.header('cache-control', 'no-store').send(
      rows.map((r) => ({
        id: r.id,
        channel: r.channel,
        destination: r.destination,
        subject: r.subject,
        body: r.body,
        createdAt: r.createdAt.toISOString(),
      })),
    )
  })

  app.get('/dev/outbox', async (_req, reply) => {
    const rows = await latest()
    const items = rows
      .map(
        (r) =>
          `<tr><td>${escapeHtml(r.createdAt.toISOString())}</td><td>${escapeHtml(r.channel)}</td><td>${escapeHtml(r.destination)}</td><td>${escapeHtml(r.subject ?? '')}</td><td>${escapeHtml(r.body)}</td></tr>`,
      )
      .join('')
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Outbox</title></head><body><h1>Outbox (developer tools)</h1><table border="1" cellpadding="6"><thead><tr><th>time</th><th>channel</th><th>to</th><th>subject</th><th>message</th></tr></thead><tbody>${items || '<tr><td colspan="5">nothing sent yet</td></tr>'}</tbody></table></body></html>`,
      )
  })
}
