/**
 * The member's profile (spec sections 3 and 5): the fields under the brand's rules, locked
 * fields refused through the API, the birthday's real date and minimum age, binding an
 * e-mail and a mobile number only with the code sent to them, every bad input answered with
 * a clear errorCode and nothing written, 20 identical updates at once writing once, the
 * newbie task "complete your profile" done by completing it, and the operator's view,
 * correction, reopening and rules with their audit rows.
 */
import { and, desc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { successEnvelope } from '#contract/envelope'
import { MissionSummarySchema, missionEndpoints } from '#contract/missions'
import { checkProfileUpdate, profileEndpoints as ep, ProfileSchema, type Profile } from '#contract/profile'
import { wallDate } from '#server/contracts/periods'
import { memberProfiles, members, operatorActions, outbox, profileFieldRules } from '#server/db/schema'
import { build, runOps, type TestServer } from '../build-server'
import { failureOf, fieldPaths, plainCall } from '../identity-helpers'
import { moneyMember, type MoneyMember } from '../money-helpers'

let server: TestServer
let tz: string

beforeAll(async () => {
  server = await build()
  tz = (await server.app.money.settings.merchant(server.config.MERCHANT_CODE)).timeZone
})
afterAll(async () => {
  await server?.close()
})

const read = async (m: MoneyMember): Promise<Profile> => {
  const res = await plainCall(server, 'GET', ep.info.path, { token: m.token })
  expect(res.statusCode, res.body).toBe(200)
  return successEnvelope(ProfileSchema).parse(res.json()).value
}
const update = (m: MoneyMember, body: object) =>
  plainCall(server, 'POST', ep.update.path, { token: m.token, body })
const updated = async (m: MoneyMember, body: object): Promise<Profile> => {
  const res = await update(m, body)
  expect(res.statusCode, res.body).toBe(200)
  return successEnvelope(ProfileSchema).parse(res.json()).value
}
const rawUpdate = (m: MoneyMember, payload: string) =>
  server.app.inject({
    method: 'POST',
    url: ep.update.path,
    headers: { authorization: m.token, 'content-type': 'application/json' },
    payload,
  })

function yearsAgo(years: number, dayShift = 0): string {
  const [y, mo, d] = wallDate(tz, new Date()).split('-').map(Number) as [number, number, number]
  const t = new Date(Date.UTC(y - years, mo - 1, mo === 2 && d === 29 ? 28 : d) + dayShift * 86_400_000)
  return t.toISOString().slice(0, 10)
}

async function lastCodeTo(destination: string): Promise<string> {
  const [row] = await server.db
    .select()
    .from(outbox)
    .where(eq(outbox.destination, destination))
    .orderBy(desc(outbox.id))
    .limit(1)
  const code = /\d{6}/.exec(row?.body ?? '')?.[0]
  if (!code) throw new Error(`no code sent to ${destination}`)
  return code
}

const fullProfile = {
  nickname: 'Dara',
  realName: 'Sok Dara',
  telegram: '@sokdara',
  zalo: '0912345678',
  line: 'sokdara',
  nationality: 'Cambodian',
  placeOfBirth: 'Siem Reap',
  permanentAddress: '12 Street 310, Phnom Penh',
  currentAddress: '45 Street 51, Phnom Penh',
  occupation: 'Engineer',
  sourceOfIncome: 'Salary',
}

describe('reading and updating the profile', () => {
  it('shows every field with its rule, saves the fields sent and shows them after', async () => {
    const m = await moneyMember(server)
    const before = await read(m)
    expect(before.rules.map((r) => r.field)).toContain('sourceOfIncome')
    expect(before.values.telegram).toBeNull()
    expect(before.locked).toEqual([])
    expect(before.complete).toBe(false)
    const after = await updated(m, { telegram: ' @sokdara ', nationality: 'Cambodian' })
    expect(after.values).toMatchObject({ telegram: '@sokdara', nationality: 'Cambodian' })
    expect((await read(m)).values.nationality).toBe('Cambodian')
    // An empty value clears a field that is neither required nor locked.
    expect((await updated(m, { nationality: '' })).values.nationality).toBeNull()
  })

  it('refuses a field breaking its rule, and writes none of the update', async () => {
    const m = await moneyMember(server)
    const res = await update(m, { telegram: 'has space', zalo: '12ab', occupation: 'Teacher' })
    expect(failureOf(res).errorCode).toBe('validation_failed')
    expect(fieldPaths(res).sort()).toEqual(['telegram', 'zalo'])
    expect((await read(m)).values.occupation).toBeNull()
  })

  it('refuses control characters, huge values, wrong types, unknown fields and a bodiless request', async () => {
    const m = await moneyMember(server)
    for (const body of [
      { nickname: 'a\u0000b' },
      { occupation: 'x'.repeat(201) },
      { occupation: 'x'.repeat(100_000) },
      { nickname: 42 },
      { nickname: ['Dara'] },
      { nickname: null },
      { isAdmin: true },
    ]) {
      const res = await update(m, body)
      expect(res.statusCode, JSON.stringify(body).slice(0, 40)).toBe(400)
      expect(failureOf(res).errorCode).toBe('validation_failed')
    }
    // Invisible direction marks pass the edge but not the rule engine.
    const marks = await update(m, { nickname: 'Da\u202era' })
    expect(failureOf(marks).errorCode).toBe('validation_failed')
    expect(failureOf(await rawUpdate(m, '{"nickname":')).errorCode).toMatch(/^(invalid_json|bad_request)$/)
    const bodiless = await plainCall(server, 'POST', ep.update.path, { token: m.token })
    expect(bodiless.statusCode).toBeGreaterThanOrEqual(400)
    expect(bodiless.statusCode).toBeLessThan(500)
    expect((await read(m)).values.nickname).not.toBe('a')
  })

  it('20 identical updates at once all answer and write once', async () => {
    const m = await moneyMember(server)
    const answers = await Promise.all(Array.from({ length: 20 }, () => update(m, { occupation: 'Farmer' })))
    expect(answers.map((a) => a.statusCode)).toEqual(answers.map(() => 200))
    const rows = await server.db.select().from(memberProfiles).where(eq(memberProfiles.memberId, m.id))
    expect(rows).toHaveLength(1)
    expect(rows[0]?.occupation).toBe('Farmer')
  })
})

describe('locked fields and the birthday', () => {
  it('sets the real name once, then refuses a change through the API and shows it locked', async () => {
    const m = await moneyMember(server)
    const first = await updated(m, { realName: 'Sok Dara' })
    expect(first.locked).toContain('realName')
    const res = await update(m, { realName: 'Someone Else' })
    expect(failureOf(res)).toMatchObject({ errorCode: 'profile_field_locked', value: { field: 'realName' } })
    // Sending the same value again is no change.
    expect((await update(m, { realName: 'Sok Dara', occupation: 'Driver' })).statusCode).toBe(200)
    expect((await read(m)).values.realName).toBe('Sok Dara')
  })

  it('refuses a date that does not exist, one in the future and an age under the minimum', async () => {
    const m = await moneyMember(server)
    for (const bad of ['2001-02-29', '1990-04-31', '2999-01-01', '']) {
      expect(failureOf(await update(m, { birthday: bad })).errorCode, bad).toBe('birthday_invalid')
    }
    expect(failureOf(await update(m, { birthday: '01/02/1990' })).errorCode).toBe('validation_failed')
    expect(failureOf(await update(m, { birthday: yearsAgo(18, 1) }))).toMatchObject({
      errorCode: 'birthday_under_age',
      value: { minimumAge: 18 },
    })
    expect((await read(m)).values.birthday).toBeNull()
    expect((await updated(m, { birthday: '2000-02-29' })).values.birthday).toBe('2000-02-29')
    expect(failureOf(await update(m, { birthday: '2000-03-01' })).errorCode).toBe('birthday_already_set')
  })

  it('an operator corrects a locked field, or reopens it for the member to set once more, each audited', async () => {
    const m = await moneyMember(server)
    await updated(m, { realName: 'Sok Dar' })
    expect(await runOps(server, 'profile', 'set', m.username, 'realName', 'Sok', 'Dara')).toContain(
      'Sok Dara',
    )
    expect((await read(m)).values.realName).toBe('Sok Dara')
    await expect(runOps(server, 'profile', 'set', m.username, 'birthday', '2001-02-29')).rejects.toThrow(
      /birthday_invalid/,
    )
    expect(await runOps(server, 'profile', 'reopen', m.username, 'realName')).toContain('reopened')
    expect((await read(m)).locked).not.toContain('realName')
    expect((await updated(m, { realName: 'Sok Dara Chan' })).locked).toContain('realName')
    expect(failureOf(await update(m, { realName: 'Again' })).errorCode).toBe('profile_field_locked')
    const audit = await server.db
      .select()
      .from(operatorActions)
      .where(eq(operatorActions.target, `profile of ${m.username}`))
    expect(audit.map((a) => a.action).sort()).toEqual(['profile reopen', 'profile set'])
    expect(await runOps(server, 'profile', 'show', m.username)).toMatch(
      /realName\s+Sok Dara Chan {2}\(locked\)/,
    )
  })
})

describe('the brand’s rules', () => {
  it('a required field must be filled, a hidden one is refused; the operator sets both, audited', async () => {
    const code = server.config.MERCHANT_CODE
    try {
      await runOps(server, 'profile-rule', 'set', 'nationality', '--required', 'yes')
      await runOps(server, 'profile-rule', 'set', 'zalo', '--enabled', 'no')
      const m = await moneyMember(server)
      const p = await read(m)
      expect(p.rules.find((r) => r.field === 'nationality')?.required).toBe(true)
      const res = await update(m, { occupation: 'Cook' })
      expect(failureOf(res).errorCode).toBe('validation_failed')
      expect(fieldPaths(res)).toEqual(['nationality'])
      expect(fieldPaths(await update(m, { zalo: '0912345678', nationality: 'Thai' }))).toEqual(['zalo'])
      expect((await updated(m, { occupation: 'Cook', nationality: 'Thai' })).values.nationality).toBe('Thai')
      await expect(runOps(server, 'profile-rule', 'set', 'zalo', '--min', '9', '--max', '3')).rejects.toThrow(
        /above --max/,
      )
      await expect(runOps(server, 'profile-rule', 'set', 'zalo', '--pattern', '(')).rejects.toThrow()
      expect(await runOps(server, 'profile-rule', 'list')).toMatch(/nationality\s+shown, required/)
    } finally {
      await server.db.delete(profileFieldRules).where(eq(profileFieldRules.merchantCode, code))
      server.services.settingsChanged()
    }
  })
})

describe('binding an e-mail and a mobile number', () => {
  it('binds an e-mail only with the code sent to it; a wrong code binds nothing', async () => {
    const m = await moneyMember(server)
    const email = `${m.username}@example.com`
    const sent = await plainCall(server, 'POST', ep.bindSend.path, {
      token: m.token,
      body: { field: 'email', value: email.toUpperCase() },
    })
    expect(sent.statusCode, sent.body).toBe(200)
    const code = await lastCodeTo(email)
    const wrong = await plainCall(server, 'POST', ep.bindVerify.path, {
      token: m.token,
      body: { field: 'email', value: email, verificationCode: code === '000000' ? '111111' : '000000' },
    })
    expect(failureOf(wrong).errorCode).toBe('verification_code_invalid')
    expect((await read(m)).values.email).toBeNull()
    const ok = await plainCall(server, 'POST', ep.bindVerify.path, {
      token: m.token,
      body: { field: 'email', value: email, verificationCode: code },
    })
    expect(ok.statusCode, ok.body).toBe(200)
    expect((await read(m)).values.email).toBe(`${email.slice(0, 1)}***@example.com`)
    const [row] = await server.db.select({ email: members.email }).from(members).where(eq(members.id, m.id))
    expect(row?.email).toBe(email)
    // The same code cannot bind twice; a second send within the minute waits.
    const again = await plainCall(server, 'POST', ep.bindSend.path, {
      token: m.token,
      body: { field: 'email', value: email },
    })
    expect(failureOf(again).errorCode).toBe('TOO_MANY_REQUESTS')
  })

  it('refuses a bad address, and a mobile number another member has', async () => {
    const m = await moneyMember(server)
    const bad = await plainCall(server, 'POST', ep.bindSend.path, {
      token: m.token,
      body: { field: 'email', value: 'not an address' },
    })
    expect(failureOf(bad).errorCode).toBe('validation_failed')
    const n = await moneyMember(server)
    const number = `9${String(m.id).padStart(7, '0')}`.slice(-8)
    await server.db
      .update(members)
      .set({ mobile: `+855${number}` })
      .where(eq(members.id, n.id))
    const taken = await plainCall(server, 'POST', ep.bindSend.path, {
      token: m.token,
      body: { field: 'mobile', value: number, countryDialingCode: '855' },
    })
    expect(failureOf(taken).errorCode).toBe('mobile_taken')
  })

  it('binds a mobile number with its SMS code', async () => {
    const m = await moneyMember(server)
    const number = `7${String(m.id).padStart(7, '0')}`.slice(-8)
    const sent = await plainCall(server, 'POST', ep.bindSend.path, {
      token: m.token,
      body: { field: 'mobile', value: number, countryDialingCode: '855' },
    })
    expect(sent.statusCode, sent.body).toBe(200)
    const ok = await plainCall(server, 'POST', ep.bindVerify.path, {
      token: m.token,
      body: {
        field: 'mobile',
        value: number,
        countryDialingCode: '855',
        verificationCode: await lastCodeTo(`+855${number}`),
      },
    })
    expect(ok.statusCode, ok.body).toBe(200)
    expect((await read(m)).values.mobile).toBe(`********${number.slice(-4)}`)
  })
})

describe('the newbie task "complete your profile"', () => {
  it('is done once every field the brand shows is filled and the contacts are bound', async () => {
    const m = await moneyMember(server)
    const state = async () => {
      const res = await plainCall(server, 'GET', missionEndpoints.summary.path, { token: m.token })
      const list = successEnvelope(MissionSummarySchema).parse(res.json()).value.list
      return list.find((x) => x.goal === 'profile')?.state
    }
    expect(await state()).toBe('inProgress')
    await updated(m, { ...fullProfile, birthday: '1990-05-05' })
    expect(await state()).toBe('inProgress')
    // The e-mail and mobile, bound by the operator's correction path here (binding has its own tests).
    await server.db
      .update(members)
      .set({
        email: `${m.username}@example.com`,
        mobile: `+8556${String(m.id).padStart(7, '0')}`.slice(0, 12),
      })
      .where(eq(members.id, m.id))
    const p = await updated(m, { occupation: 'Engineer II' })
    expect(p.complete).toBe(true)
    expect(await state()).toBe('claim')
    const [row] = await server.db
      .select({ at: memberProfiles.completedAt })
      .from(memberProfiles)
      .where(and(eq(memberProfiles.memberId, m.id)))
    expect(row?.at).toBeInstanceOf(Date)
  })
})

describe('one rule engine for the app and the server', () => {
  /** What the server answers: ok, or the fields it names (a birthday's own code as its field). */
  function verdictOf(res: { statusCode: number; body: string }): string[] {
    if (res.statusCode === 200) return []
    const f = failureOf(res as Parameters<typeof failureOf>[0])
    if (f.errorCode === 'birthday_invalid' || f.errorCode === 'birthday_under_age') return ['birthday']
    expect(f.errorCode).toBe('validation_failed')
    return fieldPaths(res as Parameters<typeof fieldPaths>[0]).sort()
  }

  it.each([
    [{ telegram: '@ok_name' }],
    [{ telegram: 'no' }],
    [{ telegram: 'bad name' }],
    [{ zalo: '0912345678' }],
    [{ zalo: '09-1234' }],
    [{ nickname: 'D' }],
    [{ nickname: 'Da\u200bra' }],
    [{ line: 'a b', nationality: 'K' }],
    [{ birthday: '2001-02-29' }],
    [{ birthday: '1990-5-5' }],
    [{ birthday: '1990-05-05', occupation: 'x'.repeat(65) }],
    [{ permanentAddress: 'Phnom Penh 12' }],
  ])('%j: the same verdict from checkProfileUpdate and from the server', async (body) => {
    const m = await moneyMember(server)
    const p = await read(m)
    const app = Object.keys(checkProfileUpdate(p.rules, p.values, body, p)).sort()
    expect(verdictOf(await update(m, body))).toEqual(app)
  })
})
