/**
 * Figures of the source itself, read from the files alone (no build, no database, well
 * under a second): how long `buildApp` (server/app.ts) is, the hand-written files over 500
 * lines in src/, server/, tests/ and e2e/ (the route tree, catalogs and migrations are
 * generated and left out), the SQL statements written in handler and operator-command files
 * (where a flow's queries should have gone to its service or repository), the values the
 * contract defines that are written again outside it (bench/lib/wire-values.ts), and the
 * lines of source and of tests. A file a reader cannot take in one sitting, or a handler that talks
 * SQL, is a sign that a flow should be split out. The counting is bench/lib/source-figures.ts.
 */
import { execFileSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { num, table } from '../lib/format'
import {
  functionBodyLines,
  isCodeFile,
  isGenerated,
  isSqlCounted,
  lineCount,
  sqlStatements,
} from '../lib/source-figures'
import type { BenchSection, SectionResult } from '../lib/types'
import { contractValues, isContractFile, isWireChecked, wireValueCopies } from '../lib/wire-values'

const budgetLines = 500
const sourceFolders = ['src', 'server'] as const
const testFolders = ['tests', 'e2e'] as const

/** Tracked and new (not ignored) files under the folders, as paths from the root. */
function filesUnder(root: string, folders: readonly string[]): string[] {
  return execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '--', ...folders], {
    cwd: root,
    encoding: 'utf8',
  })
    .split('\n')
    .filter((f) => f !== '' && isCodeFile(f) && existsSync(path.join(root, f)))
}

export const section: BenchSection = {
  name: 'source',
  title: 'The source: buildApp, files over 500 lines, SQL in handlers, wire values, lines of code',
  order: 5,
  async run(ctx): Promise<SectionResult> {
    const read = (f: string) => readFileSync(path.join(ctx.root, f), 'utf8')
    const files = filesUnder(ctx.root, [...sourceFolders, ...testFolders])
    const lines = new Map(files.map((f) => [f, lineCount(read(f))]))

    const buildApp = functionBodyLines(read('server/app.ts'), 'buildApp')
    ctx.log(`buildApp (server/app.ts): ${buildApp === null ? 'not found' : `${buildApp} lines`}`)

    const over = files
      .filter((f) => !isGenerated(f) && (lines.get(f) ?? 0) > budgetLines)
      .map((file) => ({ file, lines: lines.get(file) ?? 0 }))
      .sort((a, b) => b.lines - a.lines || a.file.localeCompare(b.file))
    ctx.log(`\nfiles over ${budgetLines} lines (generated files aside): ${over.length}`)
    if (over.length > 0) {
      ctx.log(
        table(
          ['file', 'lines'],
          over.map((r) => [r.file, String(r.lines)]),
        ),
      )
    }

    const sql = files
      .filter(isSqlCounted)
      .sort()
      .map((file) => ({ file, ...sqlStatements(read(file)) }))
    const sqlTotal = sql.reduce((sum, r) => sum + r.total, 0)
    ctx.log(`\nSQL statements in handlers and operator commands: ${sqlTotal} in ${sql.length} files`)
    ctx.log(
      table(
        ['file', 'sql`', '.execute(', 'db/tx builders', 'total'],
        sql.map((r) => [r.file, String(r.sqlTags), String(r.executes), String(r.builders), String(r.total)]),
      ),
    )

    const wireFiles = (test: (f: string) => boolean) =>
      files.filter((f) => test(f) && /\.tsx?$/.test(f)).map((file) => ({ file, text: read(file) }))
    const found = wireValueCopies(contractValues(wireFiles(isContractFile)), wireFiles(isWireChecked))
    const wireCopies = found.filter((c) => c.marked === null)
    const wireMarked = found.filter((c) => c.marked !== null)
    ctx.log(`\nvalues defined outside the contract that appear on the wire: ${wireCopies.length}`)
    if (wireCopies.length > 0) {
      ctx.log(
        table(
          ['where', 'kind', 'copy', 'of the contract'],
          wireCopies.map((c) => [`${c.file}:${c.line}`, c.kind, c.text, c.copies]),
        ),
      )
    }
    if (wireMarked.length > 0) {
      ctx.log(
        `equal values marked as meaning something else (wire-values: …), not counted: ${wireMarked.length}`,
      )
      ctx.log(
        table(
          ['where', 'copy', 'equal to', 'why not the contract’s'],
          wireMarked.map((c) => [`${c.file}:${c.line}`, c.text, c.copies, c.marked ?? '']),
        ),
      )
    }

    const sum = (folders: readonly string[], generated: boolean) =>
      files
        .filter((f) => folders.some((d) => f.startsWith(`${d}/`)) && (generated || !isGenerated(f)))
        .reduce((n, f) => n + (lines.get(f) ?? 0), 0)
    const perFolder = [...sourceFolders, ...testFolders].map((d) => ({
      folder: `${d}/`,
      files: files.filter((f) => f.startsWith(`${d}/`) && !isGenerated(f)).length,
      lines: sum([d], false),
    }))
    const sourceLines = sum(sourceFolders, false)
    const testLines = sum(testFolders, false)
    ctx.log('\nlines of code (ts, tsx, js, mjs, css; generated files aside):')
    ctx.log(
      table(
        ['folder', 'files', 'lines'],
        [
          ...perFolder.map((r) => [r.folder, num(r.files), num(r.lines)]),
          ['source (src/, server/)', '', num(sourceLines)],
          ['tests (tests/, e2e/)', '', num(testLines)],
        ],
      ),
    )

    return {
      figures: {
        buildAppLines: buildApp,
        budgetLines,
        overBudget: over.map((r) => ({ file: r.file, lines: r.lines })),
        sqlStatements: sql.map((r) => ({
          file: r.file,
          sqlTags: r.sqlTags,
          executes: r.executes,
          builders: r.builders,
          total: r.total,
        })),
        sqlTotal,
        wireCopies: wireCopies.map((c) => ({ file: c.file, line: c.line, kind: c.kind, copies: c.copies })),
        wireMarked: wireMarked.map((c) => ({ file: c.file, line: c.line, reason: c.marked })),
        lines: perFolder.map((r) => ({ folder: r.folder, files: r.files, lines: r.lines })),
        sourceLines,
        testLines,
      },
      summary: [
        { metric: 'buildApp (lines)', value: buildApp === null ? 'n/a' : String(buildApp) },
        {
          metric: `files over ${budgetLines} lines`,
          value: String(over.length),
          note: over[0] ? `largest ${over[0].file} (${over[0].lines})` : 'none',
        },
        {
          metric: 'SQL statements in handlers/commands',
          value: String(sqlTotal),
          note: `${sql.length} files`,
        },
        {
          metric: 'values outside the contract on the wire',
          value: String(wireCopies.length),
          note: wireCopies[0] ? `first ${wireCopies[0].file}:${wireCopies[0].line}` : 'none',
        },
        { metric: 'lines of source / tests', value: `${num(sourceLines)} / ${num(testLines)}` },
      ],
    }
  },
}
