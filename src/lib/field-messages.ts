/**
 * Field problems in words: the pattern's message keyed by patternId, with (min) and (max)
 * filled in, or one number when they are equal (spec section 5).
 */
import type { I18n, MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { FieldProblem } from '#contract/register-rules'
import type { PatternId } from '#contract/system'

const patterns: Record<PatternId, MessageDescriptor> = {
  ANY: msg`Any characters`,
  LETTER_FIRST_ALNUM: msg`Start with a letter, then letters and digits`,
  LETTERS_CHINESE: msg`Letters and Chinese characters only`,
  EMAIL: msg`Enter a valid email address`,
  ALNUM_NO_CHINESE: msg`Letters and digits only, no Chinese`,
  MIX_LETTERS_DIGITS: msg`Must mix letters and digits`,
  DIGITS: msg`Digits only`,
  ALNUM_ONE_UPPER: msg`Letters and digits with at least one uppercase letter`,
  LETTERS_SPACES: msg`English letters and spaces only`,
  NO_SPACES: msg`No spaces`,
  CHINESE_SYMBOLS: msg`Chinese characters and symbols only`,
  DATE_YMD: msg`A date as yyyy-MM-dd`,
  DATE_MDY: msg`A date as MM-dd-yyyy`,
  KOREAN: msg`Korean only`,
  THAI: msg`Thai only`,
  THAI_ENGLISH_SPACES: msg`Thai or English letters and spaces`,
  UPPER_SPACES: msg`Uppercase letters and spaces`,
  LETTERS_DIGITS_SYMBOLS: msg`Letters, digits and symbols`,
  STRONG_PASSWORD: msg`At least one uppercase letter, lowercase letter, digit and special symbol`,
  FULL_NAME: msg`Full name, parts separated by spaces`,
  FULLWIDTH_JAPANESE: msg`Full-width Japanese only`,
  UPPER_NO_SPACES: msg`Uppercase letters only, no spaces`,
}

function lengthText(i18n: I18n, min: number, max: number): string {
  return min === max ? i18n._(msg`${min} characters`) : i18n._(msg`${min}-${max} characters`)
}

export function fieldProblemText(i18n: I18n, p: FieldProblem): string {
  switch (p.kind) {
    case 'required':
      return i18n._(msg`This field cannot be empty.`)
    case 'characters':
      return i18n._(msg`This contains characters that are not allowed.`)
    case 'length':
      return lengthText(i18n, p.min, p.max)
    case 'pattern':
      return `${i18n._(patterns[p.patternId])} (${lengthText(i18n, p.min, p.max)})`
  }
}
