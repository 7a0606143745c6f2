/**
 * Figures read from the source text alone (no build, no database): how long `buildApp` is,
 * which files are over the line budget, how many SQL statements sit in handler and
 * operator-command files, and the lines of source and tests. Pure functions over text, so
 * the bench section stays a thin reader and tests/bench/source-figures.test.ts checks them.
 */
import ts from 'typescript'

/** Lines of a text as an editor numbers them (a final newline does not start a line). */
export function lineCount(text: string): number {
  if (text === '') return 0
  const lines = text.split('\n').length
  return text.endsWith('\n') ? lines - 1 : lines
}

/**
 * Lines of the body of the named function declaration, from the line of its opening brace to
 * the line of its closing brace, both counted; null when the file declares no such function.
 */
export function functionBodyLines(text: string, name: string): number | null {
  const file = ts.createSourceFile('source.ts', text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS)
  let found: ts.Block | undefined
  const visit = (node: ts.Node): void => {
    if (found) return
    if (ts.isFunctionDeclaration(node) && node.name?.text === name && node.body) {
      found = node.body
      return
    }
    ts.forEachChild(node, visit)
  }
  visit(file)
  if (!found) return null
  const open = file.getLineAndCharacterOfPosition(found.getStart(file)).line
  const close = file.getLineAndCharacterOfPosition(found.getEnd() - 1).line
  return close - open + 1
}

export interface SqlCounts {
  /** sql`…` and sql.raw(…): statements or fragments written as SQL text. */
  sqlTags: number
  /** `.execute(` on any receiver whose argument is not a sql`…` already counted. */
  executes: number
  /** Drizzle builders started on a database or transaction handle (db, tx, trx, ctx.db, …). */
  builders: number
  total: number
}

const sqlTag = /\bsql(?:\s*`|\.raw\s*\()/g
const execute = /\.\s*execute\s*\((?!\s*sql\b)/g
/**
 * `db.select(`, `tx.insert(`, `ctx.db.update(`, `this.db.delete(`, `db.query.members.findMany(`,
 * also when prettier breaks the chain over lines (`db\n  .select(`).
 */
const builder =
  /(?<![\w$])(?:db|tx|trx|database|conn)\s*\.\s*(?:select|selectDistinct|selectDistinctOn|insert|update|delete|query\s*\.\s*\w+\s*\.\s*find(?:Many|First))\s*\(/g

/** A reasonable count of the SQL statements a file issues through Drizzle or as SQL text. */
export function sqlStatements(text: string): SqlCounts {
  const code = withoutComments(text)
  const count = (re: RegExp) => code.match(re)?.length ?? 0
  const sqlTags = count(sqlTag)
  const executes = count(execute)
  const builders = count(builder)
  return { sqlTags, executes, builders, total: sqlTags + executes + builders }
}

/** The text with its comments blanked, so a comment that names `db.select(` is not counted. */
function withoutComments(text: string): string {
  const file = ts.createSourceFile('source.ts', text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS)
  const ranges = new Map<number, number>()
  const collect = (found: ts.CommentRange[] | undefined) => {
    for (const r of found ?? []) ranges.set(r.pos, r.end)
  }
  const visit = (node: ts.Node): void => {
    collect(ts.getLeadingCommentRanges(text, node.pos))
    collect(ts.getTrailingCommentRanges(text, node.end))
    ts.forEachChild(node, visit)
  }
  visit(file)
  let out = text
  for (const [pos, end] of ranges) {
    out = out.slice(0, pos) + out.slice(pos, end).replace(/[^\n]/g, ' ') + out.slice(end)
  }
  return out
}

/** Files the line budget does not apply to: written by tools, not by hand. */
export function isGenerated(file: string): boolean {
  return (
    file === 'src/route-tree.gen.ts' ||
    file.startsWith('src/locales/') ||
    file.startsWith('server/db/migrations/')
  )
}

/** Hand-written code and style files the figures count. */
export function isCodeFile(file: string): boolean {
  return /\.(ts|tsx|mts|js|mjs|cjs|css)$/.test(file) && !file.endsWith('.d.ts')
}

/**
 * The handler and operator-command files whose SQL statements are counted: an area's
 * `commands.ts` and `<what>-commands.ts`; server/ops/ is the CLI's shell, which runs them.
 */
export function isSqlCounted(file: string): boolean {
  return (
    /^server\/(.+\/)?([\w.-]+-)?handlers\.ts$/.test(file) ||
    (/^server\/[\w-]+\/([\w.-]+-)?commands\.ts$/.test(file) && !file.startsWith('server/ops/'))
  )
}
