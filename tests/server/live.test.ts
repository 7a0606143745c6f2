/**
 * The live channel: a signed-in tab's stream hears its member's money move, notices arrive
 * (in its language), the unread count change and lottery bets settle, as the operator's
 * commands commit; never another member's. Reconnects get what they missed (or a reset),
 * logout closes the stream, a session holds only a few, and an event raised on one
 * instance reaches a stream on another.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { z } from 'zod'
import { DepositSchema } from '#contract/funds'
import { inboxEndpoints } from '#contract/inbox'
import { build, runOps, type TestServer } from '../build-server'
import { plainCall, valueOf } from '../identity-helpers'
import { openLive, type Heard, type LiveClient } from '../live-helpers'
import { near, orderOf, place } from '../lottery-helpers'
import { moneyCall, moneyMember, tinyPng, type MoneyMember } from '../money-helpers'

let server: TestServer
const open: LiveClient[] = []

beforeAll(async () => {
  server = await build({ config: { LIVE_STREAMS_PER_SESSION: 2 } })
})
afterAll(async () => {
  for (const c of open) c.close()
  await server?.close()
})

async function live(token: string | null, opts: Parameters<typeof openLive>[2] = {}) {
  const c = await openLive(server.app, token, opts)
  open.push(c)
  return c
}

async function deposit(m: MoneyMember, amount: string) {
  return valueOf(
    await moneyCall(server, m.token, '/wps/relay/depositTransferGeneric', {
      methodCode: 'BANK',
      amount,
      reference: 'ABA 7',
      receipt: { contentType: 'image/png', data: tinyPng },
    }),
    (v) => DepositSchema.parse(v),
  )
}

const is =
  <T extends Heard['type']>(type: T) =>
  (e: Heard): e is Extract<Heard, { type: T }> =>
    e.type === type

describe('who may open a stream', () => {
  it('refuses no session, a made-up one and a malformed Last-Event-ID', async () => {
    const none = await live(null)
    expect([none.status, none.refusal]).toMatchObject([401, { errorCode: 'CUSTOMER_NOT_LOGIN' }])
    const forged = await live('x'.repeat(43))
    expect([forged.status, forged.refusal]).toMatchObject([401, { errorCode: 'user.or.token.invalid' }])
    const m = await moneyMember(server)
    const bad = await live(m.token, { lastEventId: '12; drop table' })
    expect([bad.status, bad.refusal]).toMatchObject([400, { errorCode: 'validation_failed' }])
  })

  it('holds a session to its few streams; a closed one makes room', async () => {
    const m = await moneyMember(server)
    const a = await live(m.token)
    const b = await live(m.token)
    await Promise.all([a.next(is('ready')), b.next(is('ready'))])
    const streams = server.app.live.hub.size
    const c = await live(m.token)
    expect([c.status, c.refusal]).toMatchObject([429, { errorCode: 'live_streams_full' }])
    a.close()
    // The server hears the close from the socket: a new stream is let in once it has.
    await vi.waitFor(() => expect(server.app.live.hub.size).toBe(streams - 1))
    const d = await live(m.token)
    expect(d.status).toBe(200)
    await d.next(is('ready'))
  })
})

describe('what a stream hears', () => {
  it('the operator approves a deposit: balance and the notice in the tab’s language, nothing for another member', async () => {
    const m = await moneyMember(server)
    const other = await moneyMember(server)
    const tab = await live(m.token, { language: 'CN' })
    const otherTab = await live(other.token)
    await Promise.all([tab.next(is('ready')), otherTab.next(is('ready'))])

    const d = await deposit(m, '25.00')
    await runOps(server, 'deposits', 'approve', String(d.id))
    await tab.next(is('balance'), 'the balance event')
    const notice = await tab.next(is('notice'), 'the notice')
    expect(notice).toMatchObject({
      type: 'notice',
      notice: { type: 'deposit_credited', title: '存款已到账', unreadCount: 1 },
    })
    if (notice.type !== 'notice') throw new Error('not a notice')
    expect(notice.notice.body).toContain('25.00')
    expect(notice.notice.url).toContain('depositv2')

    // The other member's first event is their own deposit's, not this one's.
    const o = await deposit(other, '13.00')
    await runOps(server, 'deposits', 'fail', String(o.id), 'no transfer arrived')
    const first = await otherTab.next((e) => e.type !== 'ready', 'the other member’s event')
    expect(first).toMatchObject({ type: 'notice', notice: { type: 'deposit_failed' } })
    expect(otherTab.heard.some((e) => e.type === 'balance')).toBe(false)
  })

  it('reading in one tab drops the count in another', async () => {
    const m = await moneyMember(server)
    const d = await deposit(m, '15.00')
    await runOps(server, 'deposits', 'approve', String(d.id))
    const tab = await live(m.token)
    await tab.next(is('ready'))
    const read = await plainCall(server, 'POST', inboxEndpoints.read.path, { token: m.token, body: {} })
    expect(read.statusCode, read.body).toBe(200)
    expect(await tab.next(is('inbox'), 'the inbox count')).toMatchObject({ unread: 0 })
  })

  it('lottery bets settled (voided here) tell how many and what they paid', async () => {
    const m = await moneyMember(server, '20.00', 'lv')
    const n = await near(server, 'E5D5')
    const numero = n.current?.numero ?? ''
    orderOf(
      await place(server, m.token, {
        lottoGameCode: 'E5D5',
        numero,
        bets: [
          { betType: 'BIG_SMALL', pick: 'BIG', stake: '2' },
          { betType: 'BIG_SMALL', pick: 'SMALL', stake: '3' },
        ],
      }),
    )
    const tab = await live(m.token)
    await tab.next(is('ready'))
    await runOps(server, 'lottery', 'void', 'E5D5', numero)
    expect(await tab.next(is('lottery'), 'the settlement')).toMatchObject({
      settled: 2,
      won: 0,
      payout: '5.00',
    })
  })
})

describe('a trial account', () => {
  it('hears its play money move and its lottery bets settle', async () => {
    const guest = await plainCall(server, 'POST', '/wps/session/login/freeplay', { body: {} })
    const token = z.object({ value: z.object({ token: z.string() }) }).parse(guest.json()).value.token
    const tab = await live(token)
    await tab.next(is('ready'))
    const n = await near(server, 'E5D3')
    const numero = n.current?.numero ?? ''
    orderOf(
      await place(server, token, {
        lottoGameCode: 'E5D3',
        numero,
        bets: [{ betType: 'BIG_SMALL', pick: 'BIG', stake: '4' }],
      }),
    )
    await tab.next(is('balance'), 'the stake')
    await runOps(server, 'lottery', 'void', 'E5D3', numero)
    expect(await tab.next(is('lottery'), 'the settlement')).toMatchObject({ settled: 1, payout: '4.00' })
  })
})

describe('reconnecting and ending', () => {
  it('a reconnect gets what it missed; one older than the log keeps is told to refetch', async () => {
    const m = await moneyMember(server)
    const tab = await live(m.token)
    const ready = await tab.next(is('ready'))
    tab.close()
    const d = await deposit(m, '19.00')
    await runOps(server, 'deposits', 'approve', String(d.id))

    const again = await live(m.token, { lastEventId: String(ready.eventId) })
    await again.next(is('balance'), 'the missed balance')
    const missed = await again.next(is('notice'), 'the missed notice')
    const back = await again.next(is('ready'))
    expect(back.eventId).toBeGreaterThanOrEqual(missed.eventId ?? Infinity)
    expect(again.heard.some((e) => e.type === 'reset')).toBe(false)
    again.close()

    // The log forgets everything: the next reconnect from that old id is told to refetch.
    await server.app.live.repo.prune(new Date(Date.now() + 60_000))
    const late = await live(m.token, { lastEventId: String(ready.eventId) })
    expect((await late.next()).type).toBe('reset')
    await late.next(is('ready'))
  })

  it('logout ends the stream at once', async () => {
    const m = await moneyMember(server)
    const tab = await live(m.token)
    await tab.next(is('ready'))
    const out = await plainCall(server, 'DELETE', '/wps/session/logout', { token: m.token })
    expect(out.statusCode, out.body).toBe(200)
    await tab.next(is('end'), 'the end of the session')
    await tab.ended
  })
})

describe('two instances behind one load balancer', () => {
  it('an event raised on one reaches a stream open on the other', async () => {
    const other = await server.twin()
    const m = await moneyMember(server)
    const tab = await openLive(other.app, m.token)
    open.push(tab)
    await tab.next(is('ready'))
    const d = await deposit(m, '11.00')
    // The command runs on the first instance (its database client), the stream is the second's.
    await runOps(server, 'deposits', 'approve', String(d.id))
    await tab.next(is('notice'), 'the notice from the other instance')
  })

  it('an instance that cannot LISTEN (PgBouncer in transaction mode) reads the log instead', async () => {
    const polling = await server.twin({ LIVE_FEED: 'poll', LIVE_POLL_MS: 100 })
    const m = await moneyMember(server)
    const tab = await openLive(polling.app, m.token)
    open.push(tab)
    await tab.next(is('ready'))
    const d = await deposit(m, '14.00')
    await runOps(server, 'deposits', 'approve', String(d.id))
    await tab.next(is('balance'), 'the balance from the poll')
    await tab.next(is('notice'), 'the notice from the poll')
  })
})
