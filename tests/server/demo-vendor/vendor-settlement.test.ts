/**
 * The demo vendor's money when answers go missing, through its own HTTP API with the
 * platform's wallet played by an in-memory fake (vendor-setup.ts): lost wallet answers, the
 * sweep job that finishes them, parallel rounds on one session, the sports bets settled by
 * the job, and pruning of ended rounds and sessions.
 */
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { demoVendorRounds, demoVendorSessions } from '#server/db/schema/demo-vendor'
import { planSchedule } from '#server/jobs/jobs'
import { fixtureResult, openFixtures, type Pick } from '#server/vendors/demo/sports'
import { resultsSecretOf } from '#server/vendors/demo/vendor'
import {
  call,
  clock,
  launch,
  launchRequest,
  moneyCalls,
  runSweep,
  server,
  sessionSecret,
  useDemoVendor,
  vendor,
  wallet,
} from './vendor-setup'

useDemoVendor()

describe('lost wallet answers', () => {
  it('a debit whose answer is lost is sent again with the same txId, and the round goes on', async () => {
    wallet.lose({ op: 'debit', times: 1, when: 'after' })
    const { s } = await launch()
    const spin = await call('slot/spin', { s, bet: '100' })
    expect(spin.status).toBe(200)
    const debits = wallet.calls.filter((c) => c.op === 'debit')
    expect(debits).toHaveLength(2)
    expect(debits[1]?.body.txId).toBe(debits[0]?.body.txId)
    // Debited once: the repeat was answered from the saved result.
    expect(spin.body.balance).toBe(String(100_000n - 100n + BigInt(spin.body.round!.win!)))
  })

  it('a debit that never gets an answer is rolled back by a rollback naming it', async () => {
    wallet.lose({ op: 'debit', times: 3, when: 'after' })
    const { s } = await launch()
    const spin = await call('slot/spin', { s, bet: '100' })
    expect(spin.status).toBe(503)
    expect(spin.body.error).toBe('wallet_unavailable')
    const debit = wallet.calls.find((c) => c.op === 'debit')
    const rollback = wallet.calls.find((c) => c.op === 'rollback')
    expect(rollback?.body).toMatchObject({ refTxId: debit?.body.txId, roundId: debit?.body.roundId })
    expect(wallet.balances.get('player-1')).toBe(100_000n)
    const [row] = await server.db
      .select()
      .from(demoVendorRounds)
      .where(eq(demoVendorRounds.id, String(debit?.body.roundId)))
    expect(row?.status).toBe('rolled_back')
  })

  it('a debit that never reached the wallet is rolled back too, and can never land later', async () => {
    wallet.lose({ op: 'debit', times: 3, when: 'before' })
    const { s } = await launch()
    expect((await call('slot/spin', { s, bet: '100' })).status).toBe(503)
    const rollback = wallet.calls.find((c) => c.op === 'rollback')
    expect(rollback?.body.refTxId).toMatch(/^demo-[0-9a-f-]{36}:d$/)
    expect(wallet.balances.get('player-1')).toBe(100_000n)
  })

  it('a credit whose answer is lost is left for the sweep job, which sends the same txId', async () => {
    wallet.lose({ op: 'credit', times: 3, when: 'before' })
    const { s } = await launch()
    const spin = await call('slot/spin', { s, bet: '100' })
    expect(spin.status).toBe(200)
    expect(spin.body.balance).toBeNull()
    expect(spin.body.round!.status).toBe('credit_pending')
    await runSweep()
    const credits = wallet.calls.filter((c) => c.op === 'credit')
    expect(credits).toHaveLength(1)
    expect(credits[0]?.body).toMatchObject({ roundId: spin.body.round!.id, txId: `${spin.body.round!.id}:c` })
    const [row] = await server.db
      .select()
      .from(demoVendorRounds)
      .where(eq(demoVendorRounds.id, spin.body.round!.id))
    expect(row?.status).toBe('settled')
    expect(wallet.balances.get('player-1')).toBe(100_000n - 100n + BigInt(spin.body.round!.win!))
  })
})

describe('the sweep job', () => {
  it('rolls back a rollback whose answer was lost, later, with the same txId', async () => {
    wallet.lose({ op: 'debit', times: 3, when: 'before' })
    wallet.lose({ op: 'rollback', times: 3, when: 'after' })
    const { s } = await launch()
    expect((await call('slot/spin', { s, bet: '100' })).status).toBe(503)
    const first = wallet.calls.filter((c) => c.op === 'rollback')
    expect(first).toHaveLength(3)
    const roundId = String(first[0]?.body.roundId)
    const [pending] = await server.db.select().from(demoVendorRounds).where(eq(demoVendorRounds.id, roundId))
    expect(pending?.status).toBe('rollback_pending')
    await runSweep()
    const all = wallet.calls.filter((c) => c.op === 'rollback')
    expect(new Set(all.map((c) => c.body.txId)).size).toBe(1)
    const [done] = await server.db.select().from(demoVendorRounds).where(eq(demoVendorRounds.id, roundId))
    expect(done?.status).toBe('rolled_back')
  })

  it('rolls back a debit left unanswered by a request that died', async () => {
    const { s } = await launch()
    const spin = await call('slot/spin', { s, bet: '100' })
    const id = spin.body.round!.id
    // As if the process stopped between the debit and its answer.
    await server.db
      .update(demoVendorRounds)
      .set({ status: 'debit_pending', createdAt: new Date(clock.now().getTime() - 10 * 60_000) })
      .where(eq(demoVendorRounds.id, id))
    await runSweep()
    expect(wallet.calls.find((c) => c.op === 'rollback')?.body).toMatchObject({ refTxId: `${id}:d` })
    const [row] = await server.db.select().from(demoVendorRounds).where(eq(demoVendorRounds.id, id))
    expect(row?.status).toBe('rolled_back')
  })
})

describe('parallel rounds on one session', () => {
  it('never share a nonce, and each moves money once', async () => {
    const { s } = await launch()
    const spins = await Promise.all(Array.from({ length: 6 }, () => call('slot/spin', { s, bet: '100' })))
    expect(spins.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200])
    const nonces = spins.map((r) => r.body.round!.fair!.nonce)
    expect(new Set(nonces).size).toBe(6)
    const wins = spins.reduce((a, r) => a + BigInt(r.body.round!.win!), 0n)
    expect(wallet.balances.get('player-1')).toBe(100_000n - 600n + wins)
    expect(moneyCalls().filter((op) => op === 'debit')).toHaveLength(6)
  })

  it('free play never spends more play money than the session has', async () => {
    const { s } = await launch({ playerToken: null })
    const start = BigInt((await call('session', { s })).body.balance!)
    const bet = start / 3n + 1n
    const spins = await Promise.all(
      Array.from({ length: 4 }, () => call('slot/spin', { s, bet: String(bet) })),
    )
    const played = spins.filter((r) => r.status === 200)
    // Without wins only two fit; the others are refused as a player would see it.
    for (const refused of spins.filter((r) => r.status !== 200)) {
      expect(refused.status).toBe(409)
      expect(refused.body.error).toBe('insufficient_funds')
    }
    const wins = played.reduce((a, r) => a + BigInt(r.body.round!.win!), 0n)
    const after = BigInt((await call('session', { s })).body.balance!)
    expect(after).toBe(start - bet * BigInt(played.length) + wins)
    expect(after).toBeGreaterThanOrEqual(0n)
  })
})

describe('its jobs', () => {
  it('hands the integrator a sweep job that pg-boss runs every minute and a prune job every hour', () => {
    expect(vendor.jobs.map((j) => [j.name, planSchedule(j)])).toEqual([
      ['demo-vendor.sweep', { kind: 'cron', cron: '* * * * *' }],
      ['demo-vendor.prune', { kind: 'cron', cron: '0 * * * *' }],
    ])
  })
})

describe('sports', () => {
  it('opens on the fixture the platform launched on: first in the list and marked featured', async () => {
    const sports = { ...launchRequest().game, gameType: 'SPORTS' as const, subType: null }
    const open = openFixtures('sports', clock.now().getTime(), 'DMO')
    const picked = open[4]!
    const { s } = await launch({ game: sports, matchId: picked.id })
    const list = await call('sports/fixtures', { s })
    expect(list.body.featured).toBe(picked.id)
    expect(list.body.fixtures!.map((f) => f.id)).toEqual([
      picked.id,
      ...open.filter((f) => f !== picked).map((f) => f.id),
    ])

    // A fixture it does not host (or none): the usual list, nothing featured.
    for (const matchId of ['OTHER-M101', undefined]) {
      const other = await call('sports/fixtures', { s: (await launch({ game: sports, matchId })).s })
      expect(other.body.featured).toBeNull()
      expect(other.body.fixtures!.map((f) => f.id)).toEqual(open.map((f) => f.id))
    }
    // A malformed id is not carried into the session at all.
    const odd = await launch({ game: sports, matchId: '<script>' })
    expect((await call('sports/fixtures', { s: odd.s })).body.featured).toBeNull()
  })

  it('opens on the launched fixture when it kicked off since it was featured: in play, then with its score', async () => {
    const sports = { ...launchRequest().game, gameType: 'SPORTS' as const, subType: null }
    const picked = openFixtures('sports', clock.now().getTime(), 'DMO')[0]!
    const { s } = await launch({ game: sports, matchId: picked.id })
    const first = await call('sports/fixtures', { s })
    expect(first.body.fixtures![0]).toMatchObject({ id: picked.id, state: 'open', score: null })

    // Kicked off between the platform's list and the tap: still first, marked, no odds.
    clock.advance(picked.kickOff - clock.now().getTime() + 1000)
    const inPlay = await call('sports/fixtures', { s })
    expect(inPlay.body.featured).toBe(picked.id)
    expect(inPlay.body.fixtures![0]).toMatchObject({ id: picked.id, state: 'inPlay', score: null })
    // The rest of the list is the fixtures still open, each once.
    const rest = inPlay.body.fixtures!.slice(1)
    expect(rest.map((f) => f.id)).toEqual(
      openFixtures('sports', clock.now().getTime(), 'DMO').map((f) => f.id),
    )
    expect(rest.every((f) => f.state === 'open')).toBe(true)
    expect((await call('sports/bet', { s, fixtureId: picked.id, pick: 'home', bet: '100' })).body.error).toBe(
      'fixture_closed',
    )

    // After full time: its score, the one the results endpoint tells.
    clock.advance(picked.fullTime - clock.now().getTime())
    const ended = await call('sports/fixtures', { s })
    const { score } = fixtureResult(picked, resultsSecretOf(sessionSecret))
    expect(ended.body.fixtures![0]).toMatchObject({ id: picked.id, state: 'fullTime', score })

    // Half an hour on it is no longer shown.
    clock.advance(30 * 60_000)
    const later = await call('sports/fixtures', { s })
    expect(later.body.featured).toBeNull()
    expect(later.body.fixtures!.map((f) => f.id)).not.toContain(picked.id)
  })

  it('takes single bets at placement and the sweep job credits the winner and closes the loser with zero', async () => {
    const { s } = await launch({ game: { ...launchRequest().game, gameType: 'ESPORTS', subType: null } })
    const list = await call('sports/fixtures', { s })
    expect(list.status).toBe(200)
    const fixtures = openFixtures('esports', clock.now().getTime(), 'DMO')
    expect(list.body.fixtures!.map((f) => f.id)).toEqual(fixtures.map((f) => f.id))
    const fixture = fixtures[0]!
    const result = fixtureResult(fixture, resultsSecretOf(sessionSecret))
    const winning: Pick = result.winner
    const losing: Pick = winning === 'home' ? 'away' : 'home'
    expect((await call('sports/bet', { s, fixtureId: fixture.id, pick: 'draw', bet: '100' })).status).toBe(
      400,
    )
    // Another book's match (another vendor's), or a match without a book, is not this page's to take.
    const other = openFixtures('esports', clock.now().getTime(), 'ESX')[0]!
    expect(other.league).not.toBe(fixture.league)
    for (const id of [other.id, fixture.id.replace('-DMO-', '-')]) {
      expect((await call('sports/bet', { s, fixtureId: id, pick: 'home', bet: '100' })).body.error).toBe(
        'fixture_closed',
      )
    }
    const won = await call('sports/bet', { s, fixtureId: fixture.id, pick: winning, bet: '1000' })
    const lost = await call('sports/bet', { s, fixtureId: fixture.id, pick: losing, bet: '500' })
    expect(won.status).toBe(200)
    expect(lost.status).toBe(200)
    expect(moneyCalls()).toEqual(['debit', 'debit'])
    expect(wallet.balances.get('player-1')).toBe(100_000n - 1500n)

    // Before full time the job leaves them open.
    await runSweep()
    expect(wallet.calls.filter((c) => c.op === 'credit')).toEqual([])
    // After kick-off no more bets.
    clock.advance(fixture.kickOff - clock.now().getTime())
    expect(
      (await call('sports/bet', { s, fixtureId: fixture.id, pick: winning, bet: '100' })).body.error,
    ).toBe('fixture_closed')
    clock.advance(fixture.fullTime - clock.now().getTime() + 1000)
    await runSweep()
    const credits = wallet.calls.filter((c) => c.op === 'credit')
    const odds = fixture.odds[winning] as number
    expect(credits.map((c) => [c.body.roundId, c.body.amount]).sort()).toEqual(
      [
        [won.body.round!.id, String((1000n * BigInt(odds)) / 100n)],
        [lost.body.round!.id, '0'],
      ].sort(),
    )
    expect(wallet.balances.get('player-1')).toBe(100_000n - 1500n + (1000n * BigInt(odds)) / 100n)
    // A second run finds nothing to do.
    await runSweep()
    expect(wallet.calls.filter((c) => c.op === 'credit')).toHaveLength(2)
    const mine = await call('sports/fixtures', { s })
    expect(mine.body.bets!.map((b) => b.status)).toEqual(['settled', 'settled'])
  })
})

describe('pruning', () => {
  const roundRow = async (id: string) =>
    (await server.db.select().from(demoVendorRounds).where(eq(demoVendorRounds.id, id)))[0]
  const sessionRow = async (id: string) =>
    (await server.db.select().from(demoVendorSessions).where(eq(demoVendorSessions.id, id)))[0]

  it('forgets ended rounds a week on and expired sessions left with none; open bets and their sessions stay', async () => {
    const played = await launch()
    const spin = await call('slot/spin', { s: played.s, bet: '100' })
    const spun = await roundRow(spin.body.round!.id)
    expect(spun?.status).toBe('settled')

    const sports = await launch({ game: { ...launchRequest().game, gameType: 'SPORTS', subType: null } })
    const fixture = openFixtures('sports', clock.now().getTime(), 'DMO')[0]!
    const bet = await call('sports/bet', { s: sports.s, fixtureId: fixture.id, pick: 'home', bet: '100' })
    const open = await roundRow(bet.body.round!.id)
    expect(open?.status).toBe('open')

    // Six days on: all kept.
    clock.advance(6 * 24 * 3_600_000)
    await runSweep('demo-vendor.prune')
    expect(await roundRow(spun!.id)).toBeDefined()

    // Past the week and the session's 12 hours: the ended round and its session go.
    clock.advance(2 * 24 * 3_600_000)
    await runSweep('demo-vendor.prune')
    expect(await roundRow(spun!.id)).toBeUndefined()
    expect(await sessionRow(spun!.sessionId)).toBeUndefined()
    // The wallet still owes the bet its result: the round and its session stay.
    expect((await roundRow(open!.id))?.status).toBe('open')
    expect(await sessionRow(open!.sessionId)).toBeDefined()
  })
})
