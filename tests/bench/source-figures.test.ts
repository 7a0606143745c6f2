import { describe, expect, it } from 'vitest'
import {
  functionBodyLines,
  isGenerated,
  isSqlCounted,
  lineCount,
  sqlStatements,
} from '../../bench/lib/source-figures'

describe('source figures', () => {
  it('counts lines as an editor numbers them', () => {
    expect(lineCount('')).toBe(0)
    expect(lineCount('a')).toBe(1)
    expect(lineCount('a\nb\n')).toBe(2)
    expect(lineCount('a\nb')).toBe(2)
  })

  it('measures a function body from its opening to its closing brace', () => {
    const text = [
      'const x = { a: 1 }',
      'export async function buildApp(',
      '  config: string,',
      '  opts: { a?: number } = {},',
      '): Promise<void> {',
      '  const s = "}"',
      '  if (opts.a) {',
      '    return',
      '  }',
      '}',
      'function other() {}',
      '',
    ].join('\n')
    expect(functionBodyLines(text, 'buildApp')).toBe(6)
    expect(functionBodyLines(text, 'other')).toBe(1)
    expect(functionBodyLines(text, 'missing')).toBeNull()
  })

  it('counts SQL text, executes and Drizzle builders, not comments', () => {
    const text = [
      '// db.select( in a comment is not a statement',
      'const rows = await ctx.db',
      '  .select()',
      '  .from(members)',
      'await tx.insert(audit).values(row)',
      'await db.update(x).set({ a: 1 }).where(sql`a = 1`)',
      'await ctx.db.execute(sql`select 1`)',
      'await client.execute(prepared)',
      'const m = await db.query.members.findFirst({})',
      '/* tx.delete(x) */',
      'const trxLike = mytx.select()',
    ].join('\n')
    expect(sqlStatements(text)).toEqual({ sqlTags: 2, executes: 1, builders: 4, total: 7 })
  })

  it('leaves out generated files and picks the handler and command files', () => {
    expect(isGenerated('src/route-tree.gen.ts')).toBe(true)
    expect(isGenerated('src/locales/km/messages.po')).toBe(true)
    expect(isGenerated('server/db/migrations/0001_x.sql')).toBe(true)
    expect(isGenerated('server/db/schema.ts')).toBe(false)
    expect(isSqlCounted('server/identity/handlers.ts')).toBe(true)
    expect(isSqlCounted('server/money/funds-handlers.ts')).toBe(true)
    expect(isSqlCounted('server/money/funds-commands.ts')).toBe(true)
    expect(isSqlCounted('server/content/commands.ts')).toBe(true)
    expect(isSqlCounted('server/ops/commands.ts')).toBe(false)
    expect(isSqlCounted('server/money/funds-service.ts')).toBe(false)
  })
})
