/**
 * A bank's mark where the brand has no logo of its own: the bank's initials on a colour
 * picked from its name (the same bank always gets the same colour), as banking apps show
 * a payee without a picture. Decorative: the bank's name is written next to it.
 */
const hues = [210, 160, 20, 280, 340, 45, 190, 120]

export function bankInitials(name: string): string {
  const words = name
    .replace(/\b(bank|banking|ltd|plc|co|corp|the|of)\b\.?/gi, ' ')
    .split(/[\s.,()&-]+/)
    .filter(Boolean)
  const source = words.length > 0 ? words : [name]
  const letters =
    source.length === 1 ? [...(source[0] ?? '')].slice(0, 2) : source.slice(0, 2).map((w) => [...w][0])
  return letters.join('').toUpperCase() || '?'
}

function hueOf(name: string): number {
  let h = 0
  for (const ch of name) h = (h * 31 + (ch.codePointAt(0) ?? 0)) >>> 0
  return hues[h % hues.length] ?? 210
}

export function BankBadge({ name }: { name: string }) {
  return (
    <span
      className="bank-badge"
      aria-hidden="true"
      style={{ '--bank-hue': hueOf(name) } as React.CSSProperties}
    >
      {bankInitials(name)}
    </span>
  )
}
