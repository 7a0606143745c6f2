import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import {
  contractValues,
  isContractFile,
  isWireChecked,
  wireValueCopies,
  type SourceText,
} from '../../bench/lib/wire-values'

/** A contract file as the real ones write their values. */
const contract: SourceText = {
  file: 'src/contract/fixture.ts',
  text: [
    "export const lotteryPicks = ['BIG', 'SMALL', 'ODD', 'EVEN'] as const",
    "export const depositMethodKinds = ['BANK_TRANSFER', 'ONLINE'] as const",
    "export const idempotencyHeader = 'Idempotency-Key'",
    "export const defaultLocale = 'km'",
    'export const routes = { RNG: "/rng", LIVE: "/live" } as const',
    'export const Body = z.object({ time: z.string().check(z.regex(/^([01]\\d|2[0-3]):[0-5]\\d$/)) })',
    'export const limit = z.string().check(z.regex(/^\\d{1,3}$/))',
    "export const Outcome = z.enum(['RECEIVED', 'NOT_RECEIVED'])",
  ].join('\n'),
}

const copiesIn = (text: string, file = 'src/features/x/fixture.tsx') =>
  wireValueCopies(contractValues([contract]), [{ file, text }])

describe('values defined outside the contract', () => {
  it('finds a value set written again, in any order, as a union, an array or z.enum', () => {
    const found = copiesIn(
      [
        "type Pick = 'EVEN' | 'ODD' | 'SMALL' | 'BIG'",
        "const kinds = z.enum(['ONLINE', 'BANK_TRANSFER'])",
        "const tabs = ['/live', '/rng']",
        "function f(o: 'RECEIVED' | 'NOT_RECEIVED') {}",
      ].join('\n'),
    )
    expect(found.map((c) => [c.line, c.kind, c.copies])).toEqual([
      [1, 'value set', 'lotteryPicks (src/contract/fixture.ts)'],
      [2, 'value set', 'depositMethodKinds (src/contract/fixture.ts)'],
      [3, 'value set', 'routes (src/contract/fixture.ts)'],
      [4, 'value set', 'Outcome (src/contract/fixture.ts)'],
    ])
    expect(found.every((c) => c.marked === null)).toBe(true)
  })

  it('finds a single value and a whole-value pattern written again, a header in any case', () => {
    const found = copiesIn(
      ["const key = req.headers['idempotency-key']", 'const time = /^([01]\\d|2[0-3]):[0-5]\\d$/'].join('\n'),
      'server/money/fixture.ts',
    )
    expect(found.map((c) => [c.line, c.kind, c.text])).toEqual([
      [1, 'single value', "'idempotency-key'"],
      [2, 'pattern', '/^([01]\\d|2[0-3]):[0-5]\\d$/'],
    ])
  })

  it('leaves alone a part of a set, other values, short values and generic patterns', () => {
    expect(
      copiesIn(
        [
          "type BigSmall = 'BIG' | 'SMALL'",
          "const kinds = ['BANK_TRANSFER', 'ONLINE', 'CRYPTO']",
          "const lang = 'km'",
          'const count = /^\\d{1,3}$/',
          "const x = 'Idempotency-Key is required'",
        ].join('\n'),
      ),
    ).toEqual([])
  })

  it('lists a value marked as meaning something else with its reason, apart from the copies', () => {
    const [found] = copiesIn(
      [
        "// wire-values: the slip's own tabs, not the picks",
        "type Tab = 'BIG' | 'SMALL' | 'ODD' | 'EVEN'",
      ].join('\n'),
    )
    expect(found?.marked).toBe("the slip's own tabs, not the picks")
  })

  it('checks the PWA and the server, not the contract, the tests or generated files', () => {
    expect(isContractFile('src/contract/lottery.ts')).toBe(true)
    expect(isWireChecked('src/contract/lottery.ts')).toBe(false)
    expect(isWireChecked('src/features/lottery/components/bet-slip.tsx')).toBe(true)
    expect(isWireChecked('server/lottery/rules.ts')).toBe(true)
    expect(isWireChecked('src/route-tree.gen.ts')).toBe(false)
    expect(isWireChecked('tests/app/launch.test.tsx')).toBe(false)
  })
})

describe('the source', () => {
  /**
   * Copies left to the owners of files being changed in parallel; remove an entry once its
   * copy is gone (the test fails until then, so none stays behind).
   */
  const leftToTheirOwners: string[] = []

  it('writes no value of the contract again outside it', { timeout: 30_000 }, () => {
    const root = new URL('../../', import.meta.url)
    const files = execFileSync(
      'git',
      ['ls-files', '--cached', '--others', '--exclude-standard', 'src', 'server'],
      {
        cwd: root,
        encoding: 'utf8',
      },
    )
      .split('\n')
      .filter((f) => /\.tsx?$/.test(f))
    const read = (file: string): SourceText => ({ file, text: readFileSync(new URL(file, root), 'utf8') })
    const copies = wireValueCopies(
      contractValues(files.filter(isContractFile).map(read)),
      files.filter(isWireChecked).map(read),
    ).filter((c) => c.marked === null)
    expect(copies.map((c) => `${c.file} ${c.kind} ${c.text}`)).toEqual(leftToTheirOwners)
  })
})
