/**
 * A bank's logo as the brand's server serves it (src/contract/bank-logos.ts): the operator's
 * picture or the monogram it draws. Where the server names no logo (a deposit method's bank
 * that is not one of the brand's banks), or the picture cannot load (offline before it was
 * ever seen), the page draws the mark itself: the bank's initials on a colour picked from
 * its name (the same bank always gets the same colour), as banking apps show a payee without
 * a picture.
 */
import { useState } from 'react'
import { bankInitials } from '#contract/bank-logos'

const hues = [210, 160, 20, 280, 340, 45, 190, 120]

function hueOf(name: string): number {
  let h = 0
  for (const ch of name) h = (h * 31 + (ch.codePointAt(0) ?? 0)) >>> 0
  return hues[h % hues.length] ?? 210
}

/** The page's own mark: named `label` as a picture, else decorative (the name is written next to it). */
export function BankBadge({ name, label }: { name: string; label?: string }) {
  return (
    <span
      className="bank-badge"
      {...(label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true })}
      style={{ '--bank-hue': hueOf(name) } as React.CSSProperties}
    >
      {label ? <span aria-hidden="true">{bankInitials(name)}</span> : bankInitials(name)}
    </span>
  )
}

/**
 * The bank's logo. `named`: nothing next to it writes the bank's name, so the picture is
 * named by it; otherwise it is decorative.
 */
export function BankLogo({
  name,
  logoUrl,
  named = false,
}: {
  name: string
  logoUrl: string | null
  named?: boolean
}) {
  const [failed, setFailed] = useState<string | null>(null)
  if (!logoUrl || failed === logoUrl) return <BankBadge name={name} label={named ? name : undefined} />
  return (
    <img
      className="bank-logo"
      src={logoUrl}
      alt={named ? name : ''}
      width={36}
      height={36}
      decoding="async"
      onError={() => setFailed(logoUrl)}
    />
  )
}
