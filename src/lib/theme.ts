/**
 * Light and dark themes from CSS custom properties. The theme follows the system until
 * the user picks one; the pick is kept in localStorage. The brand's own colour (its
 * themeColor) sets --brand and a text colour that reads on it (--brand-fg).
 */
import { proxy, useSnapshot } from 'valtio'
import { z } from 'zod/mini'
import { brandColors } from '#contract/brand-colors'

export const ThemeChoiceSchema = z.enum(['system', 'light', 'dark'])
export type ThemeChoice = z.infer<typeof ThemeChoiceSchema>

function stored(): ThemeChoice {
  try {
    const parsed = ThemeChoiceSchema.safeParse(localStorage.getItem('theme'))
    return parsed.success ? parsed.data : 'system'
  } catch {
    return 'system'
  }
}

const state = proxy({ choice: stored() })

function apply(choice: ThemeChoice): void {
  const root = document.documentElement
  if (choice === 'system') root.removeAttribute('data-theme')
  else root.setAttribute('data-theme', choice)
  // The server draws the next page in the pick from its first paint (server/http/shell.ts).
  document.cookie =
    choice === 'system'
      ? 'theme=; path=/; max-age=0; SameSite=Lax'
      : `theme=${choice}; path=/; max-age=${365 * 24 * 60 * 60}; SameSite=Lax`
}

export function initTheme(): void {
  apply(state.choice)
}

export function setTheme(choice: ThemeChoice): void {
  state.choice = choice
  try {
    if (choice === 'system') localStorage.removeItem('theme')
    else localStorage.setItem('theme', choice)
  } catch {
    // Private mode without storage: the choice lasts for this visit.
  }
  apply(choice)
}

/** The theme in effect: the pick, or the system's preference. */
export function effectiveTheme(choice: ThemeChoice): 'light' | 'dark' {
  if (choice !== 'system') return choice
  return typeof matchMedia === 'function' && matchMedia('(prefers-color-scheme: dark)').matches
    ? 'dark'
    : 'light'
}

export function useTheme(): ThemeChoice {
  return useSnapshot(state).choice
}

/**
 * Puts the brand's themeColor on <html> as --brand, --brand-fg and --brand-text (as the server's first
 * screen does), over the theme's default; a value that is not a colour leaves them as they are.
 */
export function applyBrandColor(themeColor: string | undefined): void {
  const c = brandColors(themeColor)
  if (!c) return
  const style = document.documentElement.style
  style.setProperty('--brand', c.brand)
  style.setProperty('--brand-fg', c.brandFg)
  style.setProperty('--brand-text', c.brandText)
}
