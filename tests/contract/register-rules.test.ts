/**
 * The registration rule engine both sides share, run with the demo brand's seeded rules:
 * required fields, lengths counted in code points, patterns per patternId, `*` for any
 * text, the payment password, hostile characters, and an operator's broken pattern.
 */
import { describe, expect, it } from 'vitest'
import { checkField, checkFields, normalizeField, textLength } from '#contract/register-rules'
import { RegisterFieldRuleSchema, type RegisterField, type RegisterFieldRule } from '#contract/system'
import { demoRegisterRules } from '#server/db/seed-data'

const rules: RegisterFieldRule[] = demoRegisterRules.map(
  ([field, enabled, required, minLength, maxLength, acceptedPattern, patternId]) =>
    RegisterFieldRuleSchema.parse({
      field,
      enabled,
      required,
      minLength,
      maxLength,
      acceptedPattern,
      patternId,
    }),
)

function rule(field: RegisterField): RegisterFieldRule {
  const r = rules.find((x) => x.field === field)
  if (!r) throw new Error(`no seeded rule for ${field}`)
  return r
}

/** A Khmer name: 4 code points (2 consonants, 2 combining vowel signs), 2 letters to the eye. */
const khmerName = '\u179f\u17bb\u1781\u17b6' // សុខា
const grinning = '\u{1F600}'

describe('textLength', () => {
  it('counts code points: combining marks count, an emoji counts once', () => {
    expect(textLength('')).toBe(0)
    expect(textLength('abc')).toBe(3)
    expect(textLength(khmerName)).toBe(4)
    expect(textLength(grinning)).toBe(1)
    expect(grinning.length).toBe(2)
    expect(textLength(`Sok${grinning}${grinning}`)).toBe(5)
  })
})

describe('normalizeField', () => {
  it('trims usernames and other fields but never passwords', () => {
    expect(normalizeField('username', '  Player1 \n')).toBe('Player1')
    expect(normalizeField('email', ' a@b.co ')).toBe('a@b.co')
    expect(normalizeField('password', ' abc123 ')).toBe(' abc123 ')
    expect(normalizeField('confirmPassword', ' abc123 ')).toBe(' abc123 ')
    expect(normalizeField('paymentPassword', ' 123456')).toBe(' 123456')
  })
})

describe('checkField with the seeded rules', () => {
  it('asks for a required field that is missing, empty or only spaces', () => {
    for (const v of [undefined, null, '', '   ']) {
      expect(checkField(rule('username'), v)).toEqual({ kind: 'required' })
    }
    expect(checkField(rule('captcha'), '')).toEqual({ kind: 'required' })
  })

  it('lets an optional field stay empty', () => {
    expect(checkField(rule('email'), '')).toBeNull()
    expect(checkField(rule('mobileNum'), undefined)).toBeNull()
    expect(checkField(rule('payeeName'), '  ')).toBeNull()
  })

  it('checks a username: 6 to 12 letters and digits, a letter first (LETTER_FIRST_ALNUM)', () => {
    const bad = { kind: 'pattern', patternId: 'LETTER_FIRST_ALNUM', min: 6, max: 12 }
    expect(checkField(rule('username'), 'abc123')).toBeNull()
    expect(checkField(rule('username'), 'Abcdefghij12')).toBeNull()
    expect(checkField(rule('username'), '  Player1  ')).toBeNull()
    for (const v of [
      'abc12',
      'abcdefghij123',
      '1abcdef',
      '_abcdef',
      'abc-def',
      'abc def',
      `abcde${grinning}`,
    ]) {
      expect(checkField(rule('username'), v), v).toEqual(bad)
    }
  })

  it('checks a password: 6 to 20, letters and digits mixed (MIX_LETTERS_DIGITS), spaces kept', () => {
    const bad = { kind: 'pattern', patternId: 'MIX_LETTERS_DIGITS', min: 6, max: 20 }
    expect(checkField(rule('password'), 'abc123')).toBeNull()
    for (const v of ['abcdefgh', '12345678', 'ab12', 'abc123!', ' abc123', 'a1'.repeat(11)]) {
      expect(checkField(rule('password'), v), v).toEqual(bad)
    }
  })

  it('checks digits, e-mail and code patterns by their patternId', () => {
    expect(checkField(rule('mobileNum'), '85512345678')).toBeNull()
    expect(checkField(rule('mobileNum'), '+85512345')).toMatchObject({ kind: 'pattern', patternId: 'DIGITS' })
    expect(checkField(rule('email'), 'sok@example.com')).toBeNull()
    expect(checkField(rule('email'), 'sok@example')).toMatchObject({ kind: 'pattern', patternId: 'EMAIL' })
    expect(checkField(rule('affiliateCode'), 'LOTUS01')).toBeNull()
    expect(checkField(rule('affiliateCode'), 'LOTUS-01')).toMatchObject({
      kind: 'pattern',
      patternId: 'ALNUM_NO_CHINESE',
    })
    expect(checkField(rule('affiliateCode'), '邀请码邀请码')).toMatchObject({ kind: 'pattern' })
    expect(checkField(rule('captcha'), 'ab3d')).toBeNull()
    expect(checkField(rule('captcha'), 'ab3')).toEqual({
      kind: 'pattern',
      patternId: 'ALNUM_NO_CHINESE',
      min: 4,
      max: 4,
    })
  })

  it("takes any text for '*' (payee name), counting length in code points", () => {
    const payee = rule('payeeName')
    expect(payee.acceptedPattern).toBe('*')
    for (const v of [khmerName, 'Sok Dara', '<b>Sok</b>', "O'Brien; DROP TABLE", `${grinning}${grinning}`]) {
      expect(checkField(payee, v), v).toBeNull()
    }
    expect(checkField(payee, 'S')).toEqual({ kind: 'length', min: 2, max: 50 })
    // One code point though two UTF-16 units: too short.
    expect(checkField(payee, grinning)).toEqual({ kind: 'length', min: 2, max: 50 })
    expect(checkField(payee, grinning.repeat(50))).toBeNull()
    expect(checkField(payee, grinning.repeat(51))).toEqual({ kind: 'length', min: 2, max: 50 })
    expect(checkField({ ...payee, maxLength: 4 }, khmerName)).toBeNull()
    expect(checkField({ ...payee, maxLength: 3 }, khmerName)).toEqual({ kind: 'length', min: 2, max: 3 })
  })

  it('treats maxLength 0 as no upper limit', () => {
    expect(checkField({ ...rule('payeeName'), maxLength: 0 }, 'x'.repeat(500))).toBeNull()
  })

  it('always requires the payment password when it is enabled, even if the rule says optional', () => {
    const seeded = rule('paymentPassword')
    expect(seeded).toMatchObject({ enabled: false, required: false })
    const shown = { ...seeded, enabled: true }
    expect(checkField(shown, '')).toEqual({ kind: 'required' })
    expect(checkField(shown, undefined)).toEqual({ kind: 'required' })
    expect(checkField(shown, '123456')).toBeNull()
    expect(checkField(shown, '12345a')).toMatchObject({ kind: 'pattern', patternId: 'DIGITS' })
    expect(checkField(seeded, '')).toBeNull()
  })

  it('refuses hostile characters in any field, whatever its pattern', () => {
    const hostile = [
      '\u200b', // zero-width space
      '\u200d', // zero-width joiner
      '\u200e', // left-to-right mark
      '\u202e', // right-to-left override
      '\u2066', // left-to-right isolate
      '\u2060', // word joiner
      '\ufeff', // byte order mark
      '\u0000',
      '\u0007',
      '\u001b',
      '\u0085',
    ]
    for (const field of ['username', 'password', 'payeeName', 'email', 'affiliateCode'] as const) {
      for (const h of hostile) {
        const value = field === 'email' ? `so${h}k@example.com` : `abc${h}123`
        expect(checkField(rule(field), value), `${field} ${JSON.stringify(h)}`).toEqual({
          kind: 'characters',
        })
      }
    }
    // Outside the text, whitespace is trimmed from fields other than passwords.
    expect(checkField(rule('username'), 'abc123\n')).toBeNull()
    expect(checkField(rule('password'), 'abc123\n')).toEqual({ kind: 'characters' })
  })

  it('does not throw on an operator’s broken pattern: length still applies, the pattern is skipped', () => {
    const broken = { ...rule('username'), acceptedPattern: '([a-z' }
    expect(() => checkField(broken, 'anything1')).not.toThrow()
    expect(checkField(broken, '!!!###')).toBeNull()
    expect(checkField(broken, 'abc')).toMatchObject({ kind: 'pattern', min: 6, max: 12 })
    expect(checkField(broken, 'abc\u200bdef')).toEqual({ kind: 'characters' })
  })
})

describe('checkFields', () => {
  it('names every enabled field with a problem and nothing else', () => {
    const problems = checkFields(rules, {
      username: '1bad',
      password: 'abc123',
      email: 'nope',
      captcha: '',
      qqNum: 'not digits', // disabled in the seed: not checked
    })
    expect(Object.keys(problems).sort()).toEqual(['captcha', 'email', 'username'])
    expect(problems.captcha).toEqual({ kind: 'required' })
    expect(problems.username).toMatchObject({ kind: 'pattern', patternId: 'LETTER_FIRST_ALNUM' })
  })

  it('finds nothing wrong with a complete, valid form', () => {
    expect(
      checkFields(rules, {
        username: 'Sokdara1',
        password: 'abc12345',
        payeeName: khmerName,
        email: 'sok@example.com',
        mobileNum: '85512345678',
        affiliateCode: 'LOTUS01',
        captcha: 'x7k2',
      }),
    ).toEqual({})
  })

  it('checks only the listed fields when asked to', () => {
    const problems = checkFields(rules, { username: '1bad', email: 'nope' }, ['email'])
    expect(Object.keys(problems)).toEqual(['email'])
  })

  it('skips disabled rules, the payment password included', () => {
    expect(checkFields(rules, { username: 'Sokdara1', password: 'abc12345', captcha: 'x7k2' })).toEqual({})
    const withPayment = rules.map((r) => (r.field === 'paymentPassword' ? { ...r, enabled: true } : r))
    expect(checkFields(withPayment, { username: 'Sokdara1', password: 'abc12345', captcha: 'x7k2' })).toEqual(
      {
        paymentPassword: { kind: 'required' },
      },
    )
  })
})
