/**
 * A phone number checked against its country's digit count (spec section 5): the mobile of
 * a registration or a profile, the phone a physical reward is sent with.
 */
import type { Country } from '#contract/system'
import { AppError } from '../http/errors'

/** The number in E.164 form (+85512345678), or validation_failed on the field `path`. */
export function phoneOrThrow(
  countries: readonly Country[],
  mobile: string,
  dialingCode: string,
  path = 'mobileNum',
): string {
  const dial = dialingCode.trim().replace(/^\+/, '')
  const country = countries.find((c) => c.countryDialingCode === dial)
  const national = mobile.replace(/[\s-]/g, '').replace(/^0+/, '')
  if (
    !country ||
    !/^\d+$/.test(national) ||
    national.length < country.minDigits ||
    national.length > country.maxDigits
  ) {
    throw new AppError('validation_failed', 'the mobile number is not valid', {
      fields: [
        {
          path,
          code: country ? `digits:${country.minDigits}-${country.maxDigits}` : 'country',
          message: 'the mobile number is not valid',
        },
      ],
    })
  }
  return `+${dial}${national}`
}
