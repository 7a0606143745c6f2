/**
 * The TOTP library the authenticator app uses (otplib) against RFC 6238's own test vectors
 * (appendix B: 8 digits, 30-second steps, T0 = 0), so a code a member's app shows is the code
 * the server computes. The secrets are the RFC's ASCII keys for each hash.
 */
import { stringToBytes } from '@otplib/core'
import { crypto } from '@otplib/plugin-crypto-node'
import { generate, verify } from '@otplib/totp'
import { describe, expect, it } from 'vitest'

const keys = {
  sha1: '12345678901234567890',
  sha256: '12345678901234567890123456789012',
  sha512: '1234567890123456789012345678901234567890123456789012345678901234',
} as const

const vectors: [number, string, string, string][] = [
  [59, '94287082', '46119246', '90693936'],
  [1111111109, '07081804', '68084774', '25091201'],
  [1111111111, '14050471', '67062674', '99943326'],
  [1234567890, '89005924', '91819424', '93441116'],
  [2000000000, '69279037', '90698825', '38618901'],
  [20000000000, '65353130', '77737706', '47863826'],
]

describe('RFC 6238 appendix B', () => {
  it.each(vectors)('at %i s gives the published codes', async (time, sha1, sha256, sha512) => {
    for (const [algorithm, expected] of [
      ['sha1', sha1],
      ['sha256', sha256],
      ['sha512', sha512],
    ] as const) {
      const secret = stringToBytes(keys[algorithm])
      const code = await generate({ secret, crypto, algorithm, digits: 8, period: 30, epoch: time })
      expect(code, algorithm).toBe(expected)
      const checked = await verify({ secret, crypto, algorithm, digits: 8, token: expected, epoch: time })
      expect(checked).toMatchObject({ valid: true, timeStep: Math.floor(time / 30) })
    }
  })

  it('refuses a published code at a time two steps away', async () => {
    const secret = stringToBytes(keys.sha1)
    const far = await verify({
      secret,
      crypto,
      digits: 8,
      token: '89005924',
      epoch: 1234567890 + 60,
      epochTolerance: 30,
    })
    expect(far.valid).toBe(false)
    const near = await verify({
      secret,
      crypto,
      digits: 8,
      token: '89005924',
      epoch: 1234567890 + 30,
      epochTolerance: 30,
    })
    expect(near.valid).toBe(true)
  })
})
