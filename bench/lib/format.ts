/** Small formatting helpers for the printed report. */

export function bytes(n: number): string {
  return `${n.toLocaleString('en-US')} B`
}

export function kB(n: number, digits = 1): string {
  return `${(n / 1000).toFixed(digits)} kB`
}

export function num(n: number, digits = 0): string {
  return n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits })
}

/** a / b, or null when b is zero (a ratio against nothing is not a figure). */
export function ratio(a: number, b: number): number | null {
  return b === 0 ? null : Math.round((a / b) * 1000) / 1000
}

export function ratioText(r: number | null): string {
  return r === null ? 'n/a' : `${r.toFixed(3)}×`
}

/** Renders rows as a plain-text table; numeric-looking cells are right-aligned. */
export function table(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)))
  const numeric = /^[-+]?[\d,.]+( ?(B|kB|ms|s|%|×))?$/
  const line = (cells: string[]) =>
    cells
      .map((c, i) => {
        const w = widths[i] ?? 0
        return numeric.test(c) ? c.padStart(w) : c.padEnd(w)
      })
      .join('  ')
      .trimEnd()
  const rule = widths.map((w) => '─'.repeat(w)).join('  ')
  return [line(header), rule, ...rows.map(line)].join('\n')
}
