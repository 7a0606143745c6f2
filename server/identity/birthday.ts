/**
 * The member's birthday (decision 030: the VIP birthday bonus; spec sections 3 and 5): a real
 * YYYY-MM-DD calendar date, not after today, of a member at least the brand's minimum age
 * (18 or 21) today in the brand's zone. Set once; a second setting is refused.
 */
import { wallDate } from '../contracts/periods'
import { AppError } from '../http/errors'

/** The date when it is a real calendar date as YYYY-MM-DD, else null. */
export function calendarDate(text: string): { year: number; month: number; day: number } | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text)
  if (!m) return null
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])]
  const d = new Date(Date.UTC(year, month - 1, day))
  if (year < 1900 || d.getUTCFullYear() !== year || d.getUTCMonth() !== month - 1 || d.getUTCDate() !== day) {
    return null
  }
  return { year, month, day }
}

/** Whole years from `birthday` to `today` (both YYYY-MM-DD); a Feb 29 birthday turns a year older on Mar 1 of a common year. */
export function ageOn(birthday: string, today: string): number {
  const b = birthday.split('-').map(Number) as [number, number, number]
  const t = today.split('-').map(Number) as [number, number, number]
  const before = t[1] < b[1] || (t[1] === b[1] && t[2] < b[2])
  return t[0] - b[0] - (before ? 1 : 0)
}

/** The birthday, checked: a real date, not after the brand's today, and the brand's minimum age reached. */
export function birthdayOrThrow(text: string, m: { timeZone: string; minimumAge: number }, at: Date): string {
  const today = wallDate(m.timeZone, at)
  if (!calendarDate(text) || text > today) {
    throw new AppError('birthday_invalid', 'enter a real date of birth as YYYY-MM-DD, not in the future')
  }
  if (ageOn(text, today) < m.minimumAge) {
    throw new AppError('birthday_under_age', 'under the brand’s minimum age', { minimumAge: m.minimumAge })
  }
  return text
}
