import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { outbox } from '#server/db/schema'
import { build, type TestServer } from '../build-server'

let server: TestServer

beforeAll(async () => {
  server = await build()
})
afterAll(async () => {
  await server?.close()
})

describe('the developer outbox (DEV_TOOLS on)', () => {
  it('lists what the default channel sent, newest first, with HTML escaped', async () => {
    await server.db.insert(outbox).values([
      {
        merchantCode: 'DEMO',
        channel: 'sms',
        destination: '+85512345678',
        body: 'code 111111',
        createdAt: new Date(1),
      },
      {
        merchantCode: 'DEMO',
        channel: 'email',
        destination: 'a@example.com',
        subject: 'Reset',
        body: '<script>alert(1)</script>',
        createdAt: new Date(2),
      },
    ])
    const json = await server.app.inject({ method: 'GET', url: '/dev/outbox.json' })
    expect(json.statusCode).toBe(200)
    expect((json.json() as { destination: string }[]).map((m) => m.destination)).toEqual([
      'a@example.com',
      '+85512345678',
    ])
    const html = await server.app.inject({ method: 'GET', url: '/dev/outbox' })
    expect(html.headers['content-type']).toContain('text/html')
    expect(html.body).toContain('&lt;script&gt;alert(1)&lt;/script&gt;')
    expect(html.body).not.toContain('<script>alert(1)')
  })
})
