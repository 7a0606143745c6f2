/**
 * Web push of fund notices: a member subscribes a browser, the operator approves their
 * deposit, and the push that reaches a local push service decrypts (aes128gcm, with the
 * browser's keys) to the notice in the member's language with the unread count. A push
 * service that says the subscription is gone (410) removes it; one that fails (503) makes
 * the delivery throw, so the job queue retries it.
 */
import { createECDH, randomBytes } from 'node:crypto'
import { readFileSync } from 'node:fs'
import type { IncomingMessage } from 'node:http'
import { createServer, type Server } from 'node:https'
import { createRequire } from 'node:module'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { DepositSchema } from '#contract/funds'
import { pushEndpoints } from '#contract/push'
import { PushPayloadSchema } from '#contract/push-payload'
import { createJobs, type Jobs } from '#server/jobs/jobs'
import { pushDeliver, pushDeliverJob } from '#server/jobs/push-delivery'
import {
  createPushService,
  ensureVapidKeys,
  PushRetryLater,
  type DeliveryOutcome,
} from '#server/notify/push-service'
import { build, runOps, type TestServer } from '../build-server'
import { failureOf, plainCall, valueOf } from '../identity-helpers'
import { mainMinor, moneyCall, moneyMember, tinyPng, type MoneyMember } from '../money-helpers'

const ece = createRequire(import.meta.url)('http_ece') as {
  decrypt(
    body: Buffer,
    params: { version: 'aes128gcm'; privateKey: ReturnType<typeof createECDH>; authSecret: string },
  ): Buffer
}

interface Received {
  path: string
  headers: IncomingMessage['headers']
  body: Buffer
}

let server: TestServer
let pushService: Server
let pushBase = ''
const received: Received[] = []
/** Tests waiting for a push to reach a path, told when it does. */
const awaited: { path: string; arrived: (r: Received) => void }[] = []
/** What the local push service answers next, by path. */
const answers = new Map<string, number>()

beforeAll(async () => {
  server = await build()
  const fixture = (name: string) => readFileSync(new URL(`../fixtures/${name}`, import.meta.url))
  // The local push service's certificate is trusted by the push service's connections only.
  server.services.push.agent.options.ca = fixture('push-service-cert.pem')
  pushService = createServer(
    { key: fixture('push-service-key.pem'), cert: fixture('push-service-cert.pem') },
    (req, res) => {
      const chunks: Buffer[] = []
      req.on('data', (c: Buffer) => chunks.push(c))
      req.on('end', () => {
        const path = req.url ?? '/'
        const got = { path, headers: req.headers, body: Buffer.concat(chunks) }
        received.push(got)
        res.writeHead(answers.get(path) ?? 201).end()
        for (const w of awaited.filter((a) => a.path === path)) {
          awaited.splice(awaited.indexOf(w), 1)
          w.arrived(got)
        }
      })
    },
  )
  await new Promise<void>((r) => pushService.listen(0, '127.0.0.1', r))
  pushBase = `https://127.0.0.1:${(pushService.address() as AddressInfo).port}`
})
afterAll(async () => {
  await new Promise<void>((r) => pushService?.close(() => r()))
  await server?.close()
})

/** A browser's push subscription: its own P-256 key pair and auth secret. */
function browser(path: string) {
  const ecdh = createECDH('prime256v1')
  ecdh.generateKeys()
  const auth = randomBytes(16).toString('base64url')
  return {
    ecdh,
    auth,
    subscription: {
      endpoint: `${pushBase}${path}`,
      expirationTime: null,
      keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth },
    },
  }
}

async function subscribe(m: MoneyMember, b: ReturnType<typeof browser>, language = 'EN') {
  const res = await plainCall(server, 'POST', pushEndpoints.subscribe.path, {
    token: m.token,
    body: b.subscription,
    headers: { language },
  })
  expect(res.statusCode).toBe(200)
}

async function pendingDeposit(m: MoneyMember, amount: string) {
  return valueOf(
    await moneyCall(server, m.token, '/wps/relay/depositTransferGeneric', {
      methodCode: 'BANK',
      amount,
      reference: 'ABA 1',
      receipt: { contentType: 'image/png', data: tinyPng },
    }),
    (v) => DepositSchema.parse(v),
  )
}

async function approvedDeposit(m: MoneyMember, amount: string) {
  const d = await pendingDeposit(m, amount)
  await runOps(server, 'deposits', 'approve', String(d.id))
}

/** Each subscription's outcome, by name. */
function outcomesOf(o: DeliveryOutcome): (keyof DeliveryOutcome)[] {
  return (['sent', 'gone', 'refused', 'retry'] as const).flatMap((k) => o[k].map(() => k))
}

/** What the sweep job does when no queue took the notices: claim them, deliver each. */
async function sweep() {
  const push = server.services.push
  const outcomes = []
  for (const d of await push.claimUnpushed()) {
    outcomes.push(...outcomesOf(await push.deliver(d.noticeId, d.subscriptionIds)))
  }
  return outcomes
}

describe('web push of fund notices', () => {
  it('answers the VAPID public key to anyone', async () => {
    const res = await plainCall(server, 'GET', pushEndpoints.publicKey.path)
    const key = valueOf(res, (v) => (v as { publicKey: string }).publicKey)
    expect(Buffer.from(key, 'base64url')).toHaveLength(65)
  })

  it('pushes an approved deposit, encrypted for the browser, in the member’s language', async () => {
    const m = await moneyMember(server)
    const b = browser('/push/km-browser')
    await subscribe(m, b, 'KM')
    await approvedDeposit(m, '150.25')
    received.length = 0
    expect(await sweep()).toEqual(['sent'])
    expect(received).toHaveLength(1)
    const got = received[0]
    if (!got) throw new Error('nothing received')
    expect(got.headers['content-encoding']).toBe('aes128gcm')
    expect(got.headers.urgency).toBe('high')
    expect(Number(got.headers.ttl)).toBeGreaterThan(0)
    expect(got.headers.topic).toMatch(/^fund\d+$/)
    expect(got.headers.authorization).toMatch(/^vapid t=/)
    const plain = ece.decrypt(got.body, { version: 'aes128gcm', privateKey: b.ecdh, authSecret: b.auth })
    const payload = PushPayloadSchema.parse(JSON.parse(plain.toString('utf8')))
    expect(payload).toMatchObject({ type: 'deposit_credited', unreadCount: 1, title: 'បានទទួលប្រាក់បញ្ញើ' })
    expect(payload.body).toContain('150.25')
    // Each notice is pushed once: a second sweep finds nothing new.
    expect(await sweep()).toEqual([])
  })

  it('removes a subscription the push service says is gone (410)', async () => {
    const m = await moneyMember(server)
    const b = browser('/push/gone')
    await subscribe(m, b)
    answers.set('/push/gone', 410)
    await approvedDeposit(m, '10.00')
    expect(await sweep()).toEqual(['gone'])
    expect(await server.services.push.subscriptionsOf(m.id)).toEqual([])
  })

  it('leaves a 503 to be tried again, and sends when the service is back', async () => {
    const m = await moneyMember(server)
    const b = browser('/push/busy')
    await subscribe(m, b)
    answers.set('/push/busy', 503)
    await approvedDeposit(m, '10.00')
    const [job] = await server.services.push.claimUnpushed()
    if (!job) throw new Error('no delivery queued')
    const [sub] = await server.services.push.subscriptionsOf(m.id)
    expect(await server.services.push.deliver(job.noticeId)).toMatchObject({ retry: [sub?.id], sent: [] })
    answers.delete('/push/busy')
    expect(await server.services.push.deliver(job.noticeId)).toMatchObject({ sent: [sub?.id] })
  })

  it('tells the reason the operator gave for a failed deposit', async () => {
    const m = await moneyMember(server)
    const b = browser('/push/failed')
    await subscribe(m, b)
    const d = await pendingDeposit(m, '20.00')
    await runOps(server, 'deposits', 'fail', String(d.id), 'no transfer arrived')
    received.length = 0
    expect(await sweep()).toEqual(['sent'])
    const got = received[0]
    if (!got) throw new Error('nothing received')
    const plain = ece.decrypt(got.body, { version: 'aes128gcm', privateKey: b.ecdh, authSecret: b.auth })
    const payload = PushPayloadSchema.parse(JSON.parse(plain.toString()))
    expect(payload.type).toBe('deposit_failed')
    expect(payload.body).toContain('no transfer arrived')
  })

  it('refuses a subscription that is not a PushSubscription, and a guest', async () => {
    const m = await moneyMember(server)
    const bad = await plainCall(server, 'POST', pushEndpoints.subscribe.path, {
      token: m.token,
      body: { endpoint: 'javascript:alert(1)', keys: { p256dh: 'x', auth: 'y' } },
    })
    expect(failureOf(bad).errorCode).toBe('validation_failed')
    const plainHttp = browser('/push/plain').subscription
    const http = await plainCall(server, 'POST', pushEndpoints.subscribe.path, {
      token: m.token,
      body: { ...plainHttp, endpoint: plainHttp.endpoint.replace('https:', 'http:') },
    })
    expect(failureOf(http).errorCode).toBe('push_endpoint_refused')
    const anonymous = await plainCall(server, 'POST', pushEndpoints.subscribe.path, {
      body: browser('/push/anon').subscription,
    })
    expect(anonymous.statusCode).toBe(401)
  })

  it('takes only the known push services in production', async () => {
    const production = createPushService({
      db: server.db,
      keys: await ensureVapidKeys(server.db),
      subject: 'mailto:operator@example.com',
      anyEndpoint: false,
      now: () => new Date(),
      log: { warn: () => undefined },
    })
    const m = await moneyMember(server)
    const keys = browser('/x').subscription.keys
    const tryEndpoint = (endpoint: string) =>
      production.subscribe('DEMO', m.id, 'en', { endpoint, keys }).then(
        () => 'taken',
        (err: { errorCode?: string }) => err.errorCode,
      )
    expect(await tryEndpoint('https://fcm.googleapis.com/fcm/send/abc')).toBe('taken')
    expect(await tryEndpoint('https://web.push.apple.com/QGx')).toBe('taken')
    expect(await tryEndpoint(`${pushBase}/internal`)).toBe('push_endpoint_refused')
    expect(await tryEndpoint('https://fcm.googleapis.com.evil.example/x')).toBe('push_endpoint_refused')
    expect(await tryEndpoint('https://fcm.googleapis.com:8443/x')).toBe('push_endpoint_refused')
  })

  it('keeps an endpoint with the member who registered it: another member’s post of it is refused', async () => {
    const a = await moneyMember(server)
    const other = await moneyMember(server)
    const b = browser('/push/kept')
    await subscribe(a, b)
    const taken = await plainCall(server, 'POST', pushEndpoints.subscribe.path, {
      token: other.token,
      body: browser('/push/kept').subscription,
      headers: { language: 'KM' },
    })
    expect([taken.statusCode, failureOf(taken).errorCode]).toEqual([409, 'push_endpoint_taken'])
    expect(await server.services.push.subscriptionsOf(other.id)).toEqual([])
    const kept = await server.services.push.subscriptionsOf(a.id)
    expect(kept.map((k) => [k.endpoint, k.p256dh, k.language])).toEqual([
      [b.subscription.endpoint, b.subscription.keys.p256dh, 'en'],
    ])
    // The member who registered it renews its keys, as a browser does.
    const renewed = browser('/push/kept')
    await subscribe(a, renewed, 'ZH')
    expect((await server.services.push.subscriptionsOf(a.id)).map((k) => [k.p256dh, k.language])).toEqual([
      [renewed.subscription.keys.p256dh, 'zh'],
    ])
  })

  it('lets a member remove only their own subscription', async () => {
    const a = await moneyMember(server)
    const other = await moneyMember(server)
    const b = browser('/push/mine')
    await subscribe(a, b)
    const foreign = await plainCall(server, 'DELETE', pushEndpoints.unsubscribe.path, {
      token: other.token,
      body: { endpoint: b.subscription.endpoint },
    })
    expect(valueOf(foreign, (v) => v)).toEqual({ removed: false })
    expect(await server.services.push.subscriptionsOf(a.id)).toHaveLength(1)
    const own = await plainCall(server, 'DELETE', pushEndpoints.unsubscribe.path, {
      token: a.token,
      body: { endpoint: b.subscription.endpoint },
    })
    expect(valueOf(own, (v) => v)).toEqual({ removed: true })
    expect(await server.services.push.subscriptionsOf(a.id)).toEqual([])
  })
})

describe('push delivery on the job queue', () => {
  /** The first push the local push service receives at `path`: at once if it has, else when it does. */
  function receivedAt(path: string): Promise<Received> {
    const got = received.find((r) => r.path === path)
    if (got) return Promise.resolve(got)
    return new Promise((arrived) => awaited.push({ path, arrived }))
  }

  it('queues the push with the approval, so it goes out at once, not at the next sweep or poll', async () => {
    // Only the delivery job runs (no sweep), and its worker would look for jobs once an hour:
    // a push that waited for a poll would outlast the test's time limit.
    const push = server.services.push
    const jobs: Jobs = createJobs({
      database: server.database,
      jobs: [pushDeliverJob(push, () => jobs)],
      log: server.app.log,
      pollingIntervalSeconds: 3600,
    })
    await jobs.start()
    push.useQueue((tx, deliveries) => jobs.sendInTransaction(tx, pushDeliver, deliveries))
    try {
      const m = await moneyMember(server)
      const b = browser('/push/queued')
      await subscribe(m, b)
      // The worker's first look for jobs is over, and its next is an hour away: only the
      // commit's wake-up can start the job.
      await vi.waitFor(
        () =>
          expect(jobs.workers().find((w) => w.job === pushDeliver.name)?.lastPolledAt).toBeInstanceOf(Date),
        { timeout: 10_000 },
      )
      await approvedDeposit(m, '42.00')
      const got = await receivedAt('/push/queued')
      const plain = ece.decrypt(got.body, { version: 'aes128gcm', privateKey: b.ecdh, authSecret: b.auth })
      expect(PushPayloadSchema.parse(JSON.parse(plain.toString()))).toMatchObject({
        type: 'deposit_credited',
        unreadCount: 1,
      })
      // The notice was handed over in its own transaction: the sweep has nothing left.
      expect(await push.claimUnpushed()).toEqual([])
    } finally {
      push.useQueue(undefined)
      await jobs.stop()
    }
  })

  it('leaves the notice to the sweep when the queue cannot take it, and the approval stands', async () => {
    const push = server.services.push
    push.useQueue(async () => {
      throw new Error('queue unavailable')
    })
    try {
      const m = await moneyMember(server)
      await subscribe(m, browser('/push/fallback'))
      const d = await pendingDeposit(m, '12.00')
      await runOps(server, 'deposits', 'approve', String(d.id))
      expect(await mainMinor(server, m.token)).toBe(1200n)
    } finally {
      push.useQueue(undefined)
    }
    received.length = 0
    expect(await sweep()).toEqual(['sent'])
    expect(received.map((r) => r.path)).toEqual(['/push/fallback'])
  })

  it('writes several notices in one go and queues all their pushes together, or leaves them all to the sweep', async () => {
    const push = server.services.push
    const a = await moneyMember(server)
    const b = await moneyMember(server)
    const notices = [a, b].map((m, i) => ({
      memberId: m.id,
      kind: 'transfer_from_upline' as const,
      amount: BigInt(100 + i),
      reference: `transfer:test-${i}`,
      at: new Date(),
    }))
    const calls: number[][] = []
    push.useQueue(async (_tx, deliveries) => {
      calls.push(deliveries.map((d) => d.noticeId))
    })
    try {
      await server.db.transaction((tx) => push.recordMany(tx, notices))
    } finally {
      push.useQueue(undefined)
    }
    expect(calls).toHaveLength(1)
    expect(calls[0]).toHaveLength(2)
    expect(await push.claimUnpushed()).toEqual([])

    push.useQueue(async () => {
      throw new Error('queue unavailable')
    })
    try {
      await server.db.transaction((tx) => push.recordMany(tx, notices))
    } finally {
      push.useQueue(undefined)
    }
    expect((await push.claimUnpushed()).length).toBe(2)
  })

  it('sends a notice to all of a member’s browsers in one job, trying again only those that failed', async () => {
    const m = await moneyMember(server)
    const ok = browser('/push/batch-ok')
    const busy = browser('/push/batch-busy')
    const also = browser('/push/batch-also')
    for (const b of [ok, busy, also]) await subscribe(m, b)
    answers.set('/push/batch-busy', 503)
    await approvedDeposit(m, '15.00')
    const claimed = await server.services.push.claimUnpushed()
    expect(claimed).toHaveLength(1)
    const [delivery] = claimed
    if (!delivery) throw new Error('no delivery')
    const subs = await server.services.push.subscriptionsOf(m.id)
    const busyId = subs.find((s) => s.endpoint.endsWith('/push/batch-busy'))?.id

    const queued: { payload: unknown; options: unknown }[] = []
    const fakeJobs = {
      send: async (_job: unknown, payload: unknown, options: unknown) => {
        queued.push({ payload, options })
        return 'id'
      },
    } as unknown as Jobs
    const job = pushDeliverJob(server.services.push, () => fakeJobs)
    const ctx = { id: 'j1', attempt: 1, signal: new AbortController().signal, log: server.app.log }
    received.length = 0
    const before = Date.now()
    await job.handler(delivery, ctx)
    // One job, three pushes: two went out; the third is queued again on its own, after the retry delay, within the tries left.
    expect(
      received
        .filter((r) => r.path !== '/push/batch-busy')
        .map((r) => r.path)
        .sort(),
    ).toEqual(['/push/batch-also', '/push/batch-ok'])
    expect(queued).toHaveLength(1)
    expect(queued[0]?.payload).toEqual({
      noticeId: delivery.noticeId,
      subscriptionIds: [busyId],
      triesBefore: 1,
    })
    const options = queued[0]?.options as { startAfter: Date; retryLimit: number }
    expect(options.retryLimit).toBe(5)
    expect(options.startAfter.getTime()).toBeGreaterThanOrEqual(before + 10_000)

    // When every push of a job fails, the job itself fails, for pg-boss to retry with backoff.
    await expect(
      job.handler({ noticeId: delivery.noticeId, subscriptionIds: [busyId ?? 0], triesBefore: 1 }, ctx),
    ).rejects.toBeInstanceOf(PushRetryLater)
    answers.delete('/push/batch-busy')
  })
})
