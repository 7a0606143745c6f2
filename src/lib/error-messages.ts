/**
 * What the user reads for each errorCode: translated here, never the server's text.
 */
import type { I18n, MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { z } from 'zod/mini'
import type { ErrorCode } from '#contract/error-codes'
import { CurrencyDecimalsSchema } from '#contract/money'
import { ApiError } from './api-client'

const texts: Partial<Record<ErrorCode, MessageDescriptor>> = {
  invalid_credentials: msg`The account or password is wrong.`,
  captcha_required: msg`Enter the verification code shown.`,
  device_session_ended: msg`This device is no longer signed in. Please log in.`,
  device_not_found: msg`That device is not signed in to your account.`,
  live_streams_full: msg`Too many windows are open for live updates; close one and try again.`,
  captcha_invalid: msg`The verification code is wrong. Please try the new one.`,
  account_locked: msg`Too many failed attempts. Please try again later.`,
  account_disabled: msg`This account is disabled. Please contact customer service.`,
  member_no_enter: msg`Non-member accounts cannot log in here.`,
  error_not_agent: msg`Non-agents cannot log in.`,
  username_taken: msg`This username is already taken.`,
  invitation_code_error: msg`The invitation code is not valid.`,
  terms_not_accepted: msg`You must agree to the terms and privacy policy.`,
  password_mismatch: msg`The confirmation is inconsistent with the new password.`,
  old_password_wrong: msg`The old password is wrong.`,
  password_same_as_old: msg`The new password must differ from the old one.`,
  // The wait itself comes from the answer (tooManyText); this is for an answer without one.
  TOO_MANY_REQUESTS: msg`Too many requests. Please try again later.`,
  network_error: msg`Network abnormal, please retry.`,
  timeout_retry_please: msg`The page took too long to load. Please check your network.`,
  system_maintenance: msg`The system is under maintenance.`,
  region_restricted: msg`Access is restricted in your location or from your IP address.`,
  ip_blocked: msg`Access is restricted in your location or from your IP address.`,
  feature_disabled: msg`This operation is not enabled. Please contact customer service.`,
  in_need_true_account: msg`Trial accounts cannot use this. Please register or log in with a real account.`,
  validation_failed: msg`Some fields need attention.`,
  request_body_required: msg`Network abnormal, please retry.`,
  // Refused before the body was read (broken JSON, a wrong media type or method): nothing the
  // member typed, so a retry is the advice, as for a body that did not arrive.
  bad_request: msg`Network abnormal, please retry.`,
  invalid_json: msg`Network abnormal, please retry.`,
  unsupported_media_type: msg`Network abnormal, please retry.`,
  method_not_allowed: msg`Network abnormal, please retry.`,
  // A body over the call's limit: in practice images or text too large for a form.
  payload_too_large: msg`What you sent is too large. Send smaller images or less text.`,
  encryption_key_unknown: msg`Network abnormal, please retry.`,
  // Refused by the server's HTTP parser: nothing the member typed, so a retry is the advice.
  headers_too_large: msg`Network abnormal, please retry.`,
  request_timeout: msg`Network abnormal, please retry.`,
  CUSTOMER_NOT_LOGIN: msg`Please log in first.`,
  'user.or.token.invalid': msg`Your session has ended. Please log in again.`,
  'login.not.session': msg`Your session has ended. Please log in again.`,
  token_ip_different: msg`Your session has ended. Please log in again.`,
  account_not_found: msg`The username or email does not exist.`,
  verification_code_invalid: msg`The verification code is invalid.`,
  verification_code_expired: msg`The code has expired. Please send a new one.`,
  mobile_taken: msg`This mobile number is already registered.`,
  password_change_required: msg`For your safety, please set a new password before you continue.`,
  delivery_failed: msg`The message could not be sent. Please try again later.`,
  social_state_mismatch: msg`The sign-in could not be verified. Please try again.`,
  social_expired: msg`The sign-in took too long and has expired. Please try again.`,
  social_denied: msg`The sign-in was cancelled. Please try again or log in another way.`,
  social_provider_error: msg`The sign-in service reported an error. Please try again later.`,
  // promotions
  promotion_not_found: msg`This promotion is no longer available.`,
  promotion_not_started: msg`This promotion has not started yet.`,
  promotion_ended: msg`This promotion has ended.`,
  promotion_not_eligible: msg`You are not eligible for this promotion yet.`,
  promotion_already_claimed: msg`You have already claimed this reward.`,
  promotion_nothing_to_claim: msg`There is no reward to claim right now.`,
  promotion_wrong_mode: msg`This promotion is not claimed this way.`,
  promo_code_invalid: msg`This promo code is not valid, has expired or has been used up.`,
  remark_too_long: msg`The remark may be at most 140 characters.`,
  too_many_images: msg`Add at most 3 images.`,
  // missions
  mission_not_found: msg`This mission is no longer available.`,
  mission_not_done: msg`Finish this mission first, then claim its reward.`,
  mission_already_claimed: msg`You have already claimed this reward.`,
  mission_closed: msg`This mission is closed.`,
  // point mall
  points_insufficient: msg`You do not have enough points.`,
  point_reward_not_found: msg`This reward is no longer available.`,
  point_reward_out_of_stock: msg`This reward is out of stock.`,
  point_reward_limit_reached: msg`You have reached the limit for this reward.`,
  point_amount_invalid: msg`Enter a number of points the conversion accepts.`,
  point_conversion_unavailable: msg`This conversion is not available right now.`,
  // authenticator app
  authenticator_already_on: msg`The authenticator app is already on.`,
  authenticator_not_set_up: msg`The authenticator app is not set up. Start again.`,
  authenticator_code_wrong: msg`The code is wrong. Check the time on your phone and try the newest code.`,
  authenticator_code_used: msg`This code has already been used. Wait for the next code.`,
  authenticator_locked: msg`Too many wrong codes. Please try again later.`,
  authenticator_code_required: msg`Enter the code your authenticator app shows.`,
  // feedback (the form shows the brand's word limits beside the count)
  feedback_too_short: msg`The feedback is too short. Please write a little more.`,
  feedback_too_long: msg`The feedback is too long. Please shorten it.`,
  feedback_daily_limit: msg`You have sent as much feedback as allowed today. Please try again tomorrow.`,
  feedback_not_found: msg`This feedback could not be found.`,
  // referrals
  referral_self: msg`You cannot use your own referral code.`,
  referral_already_referred: msg`You already have a referrer.`,
  // money
  amount_invalid: msg`Enter an amount above zero.`,
  amount_out_of_range: msg`The amount is outside the allowed limits.`,
  insufficient_balance: msg`Your balance is not enough.`,
  wallet_same: msg`Choose two different wallets.`,
  wallet_unknown: msg`This wallet does not exist.`,
  vendor_under_maintenance: msg`This game provider is under maintenance. Please try again later.`,
  idempotency_key_required: msg`Network abnormal, please retry.`,
  idempotency_key_reused: msg`This request was already sent with other details. Please submit again.`,
  payment_password_not_set: msg`Please set a payment password first.`,
  payment_password_wrong: msg`The payment password is wrong.`,
  payment_password_locked: msg`Too many wrong payment passwords. Please try again later.`,
  payment_password_invalid: msg`The payment password does not follow the rule.`,
  payment_password_exists: msg`A payment password is already set.`,
  bank_unknown: msg`This bank is not available.`,
  bank_card_invalid: msg`Enter the account holder's name and an account number of 6 to 34 digits.`,
  bank_card_duplicate: msg`This bank account is already added.`,
  bank_card_limit: msg`You have added the most bank cards allowed.`,
  bank_card_not_found: msg`This bank card does not exist.`,
  bank_card_in_use: msg`A withdrawal to this card is still waiting. Try again after it is settled.`,
  deposit_method_unknown: msg`This deposit method is not available.`,
  deposit_reference_used: msg`This reference is already used by another deposit. Use the new reference shown.`,
  deposit_not_found: msg`This deposit does not exist.`,
  image_invalid: msg`The image must be a PNG or JPG file of at most 5 MB.`,
  withdrawal_not_found: msg`This withdrawal does not exist.`,
  withdrawal_not_confirmable: msg`This withdrawal is not waiting for your confirmation.`,
  transfer_upline_not_allowed: msg`This account cannot transfer to an upline.`,
  // The amount left to wager comes with the answer (money-text.ts turnoverText).
  turnover_not_met: msg`Wager your bonus turnover before you withdraw.`,
  withdraw_daily_count_reached: msg`You have made all the withdrawals your level allows today.`,
  withdraw_daily_limit_reached: msg`This is more than your level lets you withdraw today.`,
  birthday_invalid: msg`Enter your date of birth as a real date, not in the future.`,
  birthday_under_age: msg`You are under the minimum age to play.`,
  birthday_already_set: msg`Your birthday is already set and cannot be changed.`,
  profile_field_locked: msg`This detail is locked once set. Contact customer service to correct it.`,
  bonus_forfeit_not_allowed: msg`Bonuses cannot be given up to withdraw here.`,
  bonus_forfeit_nothing_open: msg`No bonus is waiting for its turnover, so there is nothing to give up.`,
  // What it would take now comes with the answer (money-text.ts).
  bonus_forfeit_amount_changed: msg`Your balance or your bonuses changed since you looked.`,
  team_range_invalid: msg`Choose a start day on or before the end day, at most 93 days apart.`,
  downline_not_found: msg`This member is not in your team.`,
  transfer_recipients_invalid: msg`Name each member once, each with an amount.`,
  transfer_over_limit: msg`This is more than you may send in one transfer.`,
  transfer_daily_limit: msg`This is more than you may still send to your team today.`,
  rebate_rate_too_high: msg`A rebate rate cannot be higher than your own rate for that game type.`,
  rebate_rate_below_downline: msg`A rebate rate cannot be lower than that of the member's own downline for that game type.`,
  contract_tiers_invalid: msg`Tiers must start at 0, rise with each band and never lower a rate.`,
  contract_rate_too_high: msg`A rate is higher than your own contract allows.`,
  contract_target_invalid: msg`Contracts can only be offered to your direct downline agents.`,
  contract_not_found: msg`This contract does not exist.`,
  contract_offer_closed: msg`This offer or contract is no longer open for this action.`,
  contract_offer_pending: msg`Another offer to this agent was just made. Reload and try again.`,
  contract_lower_rate_confirm: msg`Accepting ends the contracts of your downline agents listed. Confirm to go on.`,
  push_endpoint_refused: msg`This browser's notification service cannot be used. Notifications stay off.`,
  push_endpoint_taken: msg`Notifications on this browser belong to another account. Turn notifications on again to receive your own.`,
  // games
  game_not_found: msg`This game is not available.`,
  vendor_not_found: msg`This game provider is not available.`,
  favorite_game_limit: msg`You have the most favourite games allowed. Remove one to add another.`,
  game_trial_unavailable: msg`Free play is not available for this game. Log in to play it.`,
  lottery_game_not_found: msg`This lottery game does not exist or is closed.`,
  lottery_issue_not_found: msg`This draw does not exist.`,
  lottery_issue_closed: msg`Betting on this draw has closed. Place your bets on the next draw.`,
  lottery_selection_invalid: msg`A bet's numbers are not valid. Check the highlighted line.`,
  lottery_stake_out_of_range: msg`A bet's stake is outside the allowed range.`,
  lottery_payout_over_limit: msg`A bet could win more than the most one bet may win: lower its stake.`,
  launch_game_balance_not_enough: msg`Your balance is not enough to play this game.`,
}

const fallback = msg`System error. Please try again.`

/**
 * The rule a typed amount must follow, in the currency's own decimals: none for the dong,
 * two for the dollar, three for the dinar.
 */
export function amountRuleText(i18n: I18n, decimals: number): string {
  if (decimals === 0) return i18n._(msg`Enter a whole amount above zero, with no decimals.`)
  if (decimals === 1) return i18n._(msg`Enter an amount above zero with at most one decimal.`)
  return i18n._(msg`Enter an amount above zero with at most ${decimals} decimals.`)
}

const AmountInvalidValue = z.object({ decimals: CurrencyDecimalsSchema })
const RetryAfterValue = z.object({ retryAfterSeconds: z.number().check(z.positive()) })

/**
 * "Too many requests" with the wait the server gave (its value's retryAfterSeconds, else its
 * Retry-After header): seconds under a minute, else whole minutes rounded up, so the
 * sentence never promises less than the real stop (15 minutes for a locked password).
 */
export function tooManyText(i18n: I18n, retryAfterSeconds: number | undefined): string {
  if (retryAfterSeconds === undefined || !Number.isFinite(retryAfterSeconds) || retryAfterSeconds <= 0) {
    return i18n._(msg`Too many requests. Please try again later.`)
  }
  const seconds = Math.ceil(retryAfterSeconds)
  // English alone needs a singular here; the other four languages have one form.
  if (seconds === 1) return i18n._(msg`Too many requests. Please retry after 1 second.`)
  if (seconds < 60) return i18n._(msg`Too many requests. Please retry after ${seconds} seconds.`)
  const minutes = Math.ceil(seconds / 60)
  if (minutes === 1) return i18n._(msg`Too many requests. Please retry after 1 minute.`)
  return i18n._(msg`Too many requests. Please retry after ${minutes} minutes.`)
}

/** The translated sentence for an error from the API (or anything thrown). */
export function errorText(i18n: I18n, err: unknown): string {
  if (err instanceof ApiError && err.errorCode === 'amount_invalid') {
    const v = AmountInvalidValue.safeParse(err.value)
    if (v.success) return amountRuleText(i18n, v.data.decimals)
  }
  if (err instanceof ApiError && err.errorCode === 'TOO_MANY_REQUESTS') {
    const v = RetryAfterValue.safeParse(err.value)
    return tooManyText(i18n, v.success ? v.data.retryAfterSeconds : err.retryAfterSeconds)
  }
  return errorCodeText(i18n, err instanceof ApiError ? err.errorCode : 'network_error')
}

/** The translated sentence for an errorCode that came some other way (a redirect's fragment). */
export function errorCodeText(i18n: I18n, code: ErrorCode): string {
  return i18n._(texts[code] ?? fallback)
}
