/**
 * The shape every bench section shares. A section is a module in bench/sections/ that
 * exports `section`; run.ts discovers them, runs the ones asked for in `order`, prints
 * their summary rows and writes their figures to bench/results/.
 */

/** A JSON value: figures go to the results file as they are. */
export type Json = string | number | boolean | null | Json[] | { [key: string]: Json }

/** One line of the closing summary table. */
export interface SummaryRow {
  metric: string
  value: string
  /** Budget verdict, comparison or other short remark. */
  note?: string
}

export interface SectionResult {
  /** Everything measured, for the results file. */
  figures: { [key: string]: Json }
  /** The few lines worth a glance in the closing table. */
  summary: SummaryRow[]
}

export interface BenchContext {
  /** Repository root (the folder holding package.json). */
  root: string
  /** Prints one line of the section's report. */
  log(line?: string): void
}

export interface BenchSection {
  /** Short name used on the command line: `npm run bench -- <name>`. */
  name: string
  title: string
  /** Sections run in ascending order. */
  order: number
  run(ctx: BenchContext): Promise<SectionResult>
}
