/**
 * Browser storage as the spec lays it out: the session lives in sessionStorage (token,
 * account, merchant …), the language choice in localStorage (lang, hisLang). Every read
 * is validated: a value someone edited by hand is treated as absent.
 */
import { z } from 'zod/mini'
import { LocaleSchema, localeHeaderCode, parseLocale, type Locale } from '#contract/locales'

function safe<T>(read: () => T, fallback: T): T {
  try {
    return read()
  } catch {
    return fallback
  }
}

const Token = z.string().check(z.minLength(16), z.maxLength(512), z.regex(/^[A-Za-z0-9_.~-]+$/))
const MerchantCode = z.string().check(z.regex(/^[A-Z0-9_]{2,32}$/))

export const sessionStore = {
  token(): string | null {
    const parsed = Token.safeParse(safe(() => sessionStorage.getItem('token'), null))
    return parsed.success ? parsed.data : null
  },
  merchant(): string | null {
    const raw = safe(
      () => sessionStorage.getItem('merchantCode') ?? localStorage.getItem('merchantCode'),
      null,
    )
    const parsed = MerchantCode.safeParse(raw)
    return parsed.success ? parsed.data : null
  },
}

export const languageStore = {
  /** The stored interface language, or undefined when none (or an unknown one) is stored. */
  get(): Locale | undefined {
    const parsed = LocaleSchema.safeParse(safe(() => localStorage.getItem('lang'), null))
    if (parsed.success) return parsed.data
    return parseLocale(safe(() => localStorage.getItem('hisLang'), null))
  },
  set(locale: Locale): void {
    safe(() => {
      localStorage.setItem('lang', locale)
      localStorage.setItem('hisLang', localeHeaderCode[locale])
    }, undefined)
  },
}

// wire-values: a flag this browser keeps, not the launch query's flag of the contract
const BalanceHidden = z.enum(['1', '0'])

/** Whether the header shows the balance as *** (localStorage balanceHidden). */
export const balanceVisibilityStore = {
  hidden(): boolean {
    const parsed = BalanceHidden.safeParse(safe(() => localStorage.getItem('balanceHidden'), null))
    return parsed.success && parsed.data === '1'
  },
  setHidden(hidden: boolean): void {
    safe(() => localStorage.setItem('balanceHidden', hidden ? '1' : '0'), undefined)
  },
}
