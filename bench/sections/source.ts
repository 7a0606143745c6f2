/**
 * The largest hand-written source files of the server and of the PWA, in lines, against
 * a budget of 500: a file a reader cannot take in one sitting is a sign that a flow should
 * be split out (the structure work splits handlers by flow for this). Generated files (the
 * route tree, migrations, catalogs) are left out.
 */
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { table } from '../lib/format'
import type { BenchSection, SectionResult } from '../lib/types'

const budgetLines = 500
const generated = /route-tree\.gen\.ts$|\/locales\/|\/migrations\//

interface Sized {
  file: string
  lines: number
}

function largest(root: string, under: string, count: number): Sized[] {
  const files = execFileSync('git', ['ls-files', under], { cwd: root, encoding: 'utf8' })
    .split('\n')
    .filter((f) => /\.(ts|tsx)$/.test(f) && !generated.test(f))
  return files
    .map((file) => ({ file, lines: readFileSync(path.join(root, file), 'utf8').split('\n').length - 1 }))
    .sort((a, b) => b.lines - a.lines)
    .slice(0, count)
}

export const section: BenchSection = {
  name: 'source',
  title: 'Largest source files of the server and the PWA, in lines',
  order: 5,
  async run(ctx): Promise<SectionResult> {
    const server = largest(ctx.root, 'server', 5)
    const pwa = largest(ctx.root, 'src', 5)
    for (const [label, rows] of [
      ['server', server],
      ['PWA (src/)', pwa],
    ] as const) {
      ctx.log(`${label}:`)
      ctx.log(
        table(
          ['file', 'lines'],
          rows.map((r) => [r.file, String(r.lines)]),
        ),
      )
    }
    const verdict = (r: Sized | undefined) =>
      r ? `${r.file}; budget ${budgetLines}: ${r.lines <= budgetLines ? 'PASS' : 'OVER'}` : 'no file'
    return {
      figures: {
        budgetLines,
        server: server.map((r) => ({ file: r.file, lines: r.lines })),
        pwa: pwa.map((r) => ({ file: r.file, lines: r.lines })),
      },
      summary: [
        {
          metric: 'largest server source file (lines)',
          value: String(server[0]?.lines ?? 0),
          note: verdict(server[0]),
        },
        {
          metric: 'largest PWA source file (lines)',
          value: String(pwa[0]?.lines ?? 0),
          note: verdict(pwa[0]),
        },
      ],
    }
  },
}
