/**
 * The closed set of errorCodes the platform answers with. The PWA translates these
 * codes (never the server's message text) into the five locales. The platform's own
 * codes keep their original spelling so a compatible backend's answers still match.
 */
import { z } from 'zod/mini'

export const errorCodes = [
  // transport and validation
  'bad_request',
  'validation_failed',
  'invalid_json',
  'unsupported_media_type',
  'payload_too_large',
  'headers_too_large',
  'request_timeout',
  'not_found',
  'method_not_allowed',
  'request_body_required',
  'encryption_key_unknown',
  'internal_error',
  'service_unavailable',
  'network_error',
  'invalid_response',
  'timeout_retry_please',
  // access
  'system_maintenance',
  'region_restricted',
  'ip_blocked',
  'forbidden',
  'feature_disabled',
  'ops_token_invalid',
  // session (the first four are the platform's session-kill codes)
  'token_ip_different',
  'user.or.token.invalid',
  'login.not.session',
  'CUSTOMER_NOT_LOGIN',
  'in_need_true_account',
  'TOO_MANY_REQUESTS',
  // platform codes the client must recognise
  'vendor_under_maintenance',
  'launch_game_balance_not_enough',
  'domain_not_available',
  'merchant.acct.setup.err',
  'login_verify_required',
  'bind_customer_required',
  // identity
  'invalid_credentials',
  'captcha_required',
  // the live channel: this session already has its streams open
  'live_streams_full',
  // remembered devices: the device's sign-in has ended (signed out, expired, copied)
  'device_session_ended',
  'device_not_found',
  'captcha_invalid',
  'account_locked',
  'account_disabled',
  'member_no_enter',
  'error_not_agent',
  'username_taken',
  'invitation_code_error',
  'terms_not_accepted',
  'password_mismatch',
  'old_password_wrong',
  'password_same_as_old',
  'verification_code_invalid',
  'verification_code_expired',
  'account_not_found',
  'mobile_taken',
  'password_change_required',
  // money
  'amount_invalid',
  'amount_out_of_range',
  'insufficient_balance',
  'wallet_same',
  'wallet_unknown',
  'idempotency_key_required',
  'idempotency_key_reused',
  'payment_password_not_set',
  'payment_password_wrong',
  'payment_password_locked',
  'payment_password_invalid',
  'payment_password_exists',
  'bank_unknown',
  'bank_card_invalid',
  'bank_card_duplicate',
  'bank_card_limit',
  'bank_card_not_found',
  'bank_card_in_use',
  'deposit_method_unknown',
  'deposit_reference_used',
  'deposit_not_found',
  'image_invalid',
  'withdrawal_not_found',
  'withdrawal_not_confirmable',
  'transfer_upline_not_allowed',
  'turnover_not_met',
  'withdraw_daily_count_reached',
  'withdraw_daily_limit_reached',
  'birthday_invalid',
  'birthday_under_age',
  'birthday_already_set',
  'profile_field_locked',
  'bonus_forfeit_not_allowed',
  'bonus_forfeit_nothing_open',
  'bonus_forfeit_amount_changed',
  // agent centre
  'team_range_invalid',
  'downline_not_found',
  'transfer_recipients_invalid',
  'transfer_over_limit',
  'transfer_daily_limit',
  'rebate_rate_too_high',
  'rebate_rate_below_downline',
  'delivery_failed',
  // agent contracts
  'contract_tiers_invalid',
  'contract_rate_too_high',
  'contract_target_invalid',
  'contract_not_found',
  'contract_offer_closed',
  'contract_offer_pending',
  'contract_lower_rate_confirm',
  // web push
  'push_endpoint_refused',
  'push_endpoint_taken',
  // games
  'game_not_found',
  'vendor_not_found',
  'favorite_game_limit',
  'game_trial_unavailable',
  // lottery
  'lottery_game_not_found',
  'lottery_issue_not_found',
  'lottery_issue_closed',
  'lottery_selection_invalid',
  'lottery_stake_out_of_range',
  'lottery_payout_over_limit',
  // social sign-in
  'social_state_mismatch',
  'social_expired',
  'social_denied',
  'social_provider_error',
  // promotions
  'promotion_not_found',
  'promotion_not_started',
  'promotion_ended',
  'promotion_not_eligible',
  'promotion_already_claimed',
  'promotion_nothing_to_claim',
  'promotion_wrong_mode',
  'promo_code_invalid',
  'remark_too_long',
  'too_many_images',
  // missions
  'mission_not_found',
  'mission_not_done',
  'mission_already_claimed',
  'mission_closed',
  // point mall
  'points_insufficient',
  'point_reward_not_found',
  'point_reward_out_of_stock',
  'point_reward_limit_reached',
  'point_amount_invalid',
  'point_conversion_unavailable',
  // authenticator app
  'authenticator_already_on',
  'authenticator_not_set_up',
  'authenticator_code_wrong',
  'authenticator_code_used',
  'authenticator_locked',
  'authenticator_code_required',
  // feedback
  'feedback_too_short',
  'feedback_too_long',
  'feedback_daily_limit',
  'feedback_not_found',
  // referrals
  'referral_self',
  'referral_already_referred',
] as const

export const ErrorCodeSchema = z.enum(errorCodes)
export type ErrorCode = z.infer<typeof ErrorCodeSchema>

/** Codes that end the session on the client: storage is cleared and the user goes home. */
export const sessionKillCodes: readonly ErrorCode[] = [
  'token_ip_different',
  'user.or.token.invalid',
  'login.not.session',
  'CUSTOMER_NOT_LOGIN',
]

/** Codes the client handles quietly (no alert), as the platform's own client does. */
export const silencedCodes: readonly ErrorCode[] = [
  'merchant.acct.setup.err',
  'login_verify_required',
  'TOO_MANY_REQUESTS',
  'bind_customer_required',
]

/** The HTTP status each code is answered with (design.md section 2). */
export const errorHttpStatus: Record<ErrorCode, number> = {
  bad_request: 400,
  validation_failed: 400,
  invalid_json: 400,
  unsupported_media_type: 415,
  payload_too_large: 413,
  headers_too_large: 431,
  request_timeout: 408,
  not_found: 404,
  method_not_allowed: 405,
  request_body_required: 400,
  encryption_key_unknown: 400,
  internal_error: 500,
  service_unavailable: 503,
  network_error: 0,
  invalid_response: 0,
  timeout_retry_please: 504,
  system_maintenance: 503,
  region_restricted: 403,
  ip_blocked: 403,
  forbidden: 403,
  feature_disabled: 403,
  ops_token_invalid: 401,
  token_ip_different: 401,
  'user.or.token.invalid': 401,
  'login.not.session': 401,
  CUSTOMER_NOT_LOGIN: 401,
  in_need_true_account: 403,
  TOO_MANY_REQUESTS: 429,
  vendor_under_maintenance: 422,
  launch_game_balance_not_enough: 422,
  domain_not_available: 422,
  'merchant.acct.setup.err': 422,
  login_verify_required: 422,
  bind_customer_required: 422,
  invalid_credentials: 401,
  captcha_required: 400,
  live_streams_full: 429,
  device_session_ended: 401,
  device_not_found: 404,
  captcha_invalid: 400,
  account_locked: 423,
  account_disabled: 403,
  member_no_enter: 403,
  error_not_agent: 403,
  team_range_invalid: 400,
  downline_not_found: 404,
  transfer_recipients_invalid: 400,
  transfer_over_limit: 422,
  transfer_daily_limit: 422,
  rebate_rate_too_high: 400,
  rebate_rate_below_downline: 400,
  // Tiers must start at 0, rise strictly and never lower a rate.
  contract_tiers_invalid: 422,
  // A rate above the offerer's own contract of the kind, or the offerer has none.
  contract_rate_too_high: 422,
  // Contracts are offered to one's own direct downline agents only.
  contract_target_invalid: 422,
  contract_not_found: 404,
  // The offer expired, was answered or replaced; or the contract already ends.
  contract_offer_closed: 409,
  // Another offer of the kind to that agent was made at the same moment.
  contract_offer_pending: 409,
  // value.contracts: the downline contracts accepting would end; send confirmLower to go on.
  contract_lower_rate_confirm: 409,
  username_taken: 409,
  invitation_code_error: 400,
  terms_not_accepted: 400,
  password_mismatch: 400,
  old_password_wrong: 400,
  password_same_as_old: 400,
  verification_code_invalid: 400,
  verification_code_expired: 400,
  account_not_found: 404,
  mobile_taken: 409,
  password_change_required: 403,
  amount_invalid: 400,
  amount_out_of_range: 422,
  insufficient_balance: 422,
  wallet_same: 400,
  wallet_unknown: 404,
  idempotency_key_required: 400,
  idempotency_key_reused: 409,
  payment_password_not_set: 422,
  payment_password_wrong: 400,
  payment_password_locked: 423,
  payment_password_invalid: 400,
  payment_password_exists: 409,
  bank_unknown: 404,
  bank_card_invalid: 400,
  bank_card_duplicate: 409,
  bank_card_limit: 422,
  bank_card_not_found: 404,
  bank_card_in_use: 409,
  deposit_method_unknown: 404,
  // Another deposit of the brand carries this reference: the page asks for a fresh one.
  deposit_reference_used: 409,
  deposit_not_found: 404,
  image_invalid: 400,
  withdrawal_not_found: 404,
  withdrawal_not_confirmable: 409,
  transfer_upline_not_allowed: 403,
  turnover_not_met: 422,
  // value: { limit, used }, withdrawals today (brand day) against the member's VIP level's count.
  withdraw_daily_count_reached: 422,
  // value: { limit, used }, amounts withdrawn today (brand day) against the level's daily maximum.
  withdraw_daily_limit_reached: 422,
  // Not a YYYY-MM-DD calendar date, or after today.
  birthday_invalid: 400,
  // value: { minimumAge }, the brand's.
  birthday_under_age: 422,
  birthday_already_set: 409,
  // value: { field }: set, and the brand locks it; customer service can correct it.
  profile_field_locked: 409,
  bonus_forfeit_not_allowed: 403,
  // No bonus is waiting for its turnover (a forfeit already took them).
  bonus_forfeit_nothing_open: 409,
  // value: { amount }, what the forfeit would take now.
  bonus_forfeit_amount_changed: 409,
  // The SMS gateway or SMTP server refused the message or could not be reached.
  delivery_failed: 502,
  // The subscription's address is not a push service this install sends to.
  push_endpoint_refused: 422,
  push_endpoint_taken: 409,
  game_not_found: 404,
  vendor_not_found: 404,
  favorite_game_limit: 422,
  // The game offers no free play.
  game_trial_unavailable: 422,
  lottery_game_not_found: 404,
  lottery_issue_not_found: 404,
  // The issue closed (or was drawn) before the bet arrived; value.current is the open one.
  lottery_issue_closed: 409,
  // value: { index, reason } of the slip line.
  lottery_selection_invalid: 422,
  // value: { index, minStake, maxStake } of the slip line.
  lottery_stake_out_of_range: 422,
  // value: { index, maxPayout, maxStake }: the line could win more than one bet may; maxStake
  // is the most it may stake per unit.
  lottery_payout_over_limit: 422,
  // The sign-in did not come back to the browser that began it, or came back twice.
  social_state_mismatch: 400,
  social_expired: 400,
  social_denied: 403,
  // The provider answered with an error or a token that does not verify.
  social_provider_error: 502,
  promotion_not_found: 404,
  // value: { startsAt } in epoch ms.
  promotion_not_started: 422,
  promotion_ended: 422,
  // value: { reason } (promotions.ts closedReasons) or { target, done } for a sign-up not qualified yet.
  promotion_not_eligible: 422,
  // One reward per member and period: a second claim, or one of 20 sent at once.
  promotion_already_claimed: 409,
  // The rule pays nothing for this member now (no loss, no deposit, nothing issued).
  promotion_nothing_to_claim: 422,
  // The promotion is not taken this way (a code for one without, a claim of an apply-only one).
  promotion_wrong_mode: 422,
  // Wrong, expired or used up: the answer does not say which, so a code cannot be probed.
  promo_code_invalid: 422,
  // value: { max }.
  remark_too_long: 422,
  // value: { max }.
  too_many_images: 422,
  mission_not_found: 404,
  // value: { done, target } when there is progress to show.
  mission_not_done: 422,
  // One claim per mission, period and tier: a second check-in today, or one of 20 at once.
  mission_already_claimed: 409,
  // value: { reason } (promotions.ts closedReasons).
  mission_closed: 422,
  // value: { points } (the balance).
  points_insufficient: 422,
  // Missing, disabled, not started or ended: one answer, as a missing id.
  point_reward_not_found: 404,
  // value: { left }. 20 redemptions of the last item at once: one wins, the rest get this.
  point_reward_out_of_stock: 409,
  // value: { limit, left }.
  point_reward_limit_reached: 409,
  // value: { min, step } (whole points).
  point_amount_invalid: 422,
  // The conversion type is not offered now.
  point_conversion_unavailable: 422,
  authenticator_already_on: 409,
  // Set-up was not begun (confirm), or the authenticator is off (turning it off, a login step).
  authenticator_not_set_up: 422,
  // value: { attemptsLeft }. A wrong code, a recovery code not issued or used, or a code off by more than one step.
  authenticator_code_wrong: 400,
  // The code of a step already accepted: a replay, or one of 20 identical requests at once.
  authenticator_code_used: 409,
  // value: { retryAfterSeconds }. Five wrong codes in 15 minutes, as the payment password.
  authenticator_locked: 423,
  // A withdrawal without the authenticator's code, of a member who has it on, where the brand asks for it (WDGOOGLECODE3).
  authenticator_code_required: 422,
  // value: { min, max, words } (the brand's word limits and the count).
  feedback_too_short: 422,
  feedback_too_long: 422,
  // value: { limit } (feedback per day of the brand's time zone).
  feedback_daily_limit: 429,
  // Another member's feedback or image answers as a missing one.
  feedback_not_found: 404,
  // A member's own referral code, used on themselves.
  referral_self: 422,
  // The member already has a referrer (20 binds at once: one lands, the rest get this).
  referral_already_referred: 409,
}
