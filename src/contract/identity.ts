/**
 * Identity: captcha, log in and out, free play, register, member info, passwords.
 * Encrypted bodies (E) travel as the envelope of design.md section 2.
 */
import { z } from 'zod/mini'
import { defineEndpoint } from './endpoint'
import { staticAvatars } from './identity-values'
import { LocaleSchema } from './locales'
import { SocialProviderSchema } from './social'
import { text } from './text'

// The plain values every page needs (member kinds, the static avatars), without the schemas.
export {
  defaultAvatar,
  memberTypes,
  staticAvatarUrl,
  staticAvatars,
  type StaticAvatar,
} from './identity-values'

const optText = (max: number) => z.optional(text(max))

/** Which door a login comes through: the member login or the agent login (/agent). */
export const entrances = ['member', 'agent'] as const
export type Entrance = (typeof entrances)[number]

export const LoginRequestSchema = z.object({
  /** "username" (with password) or "sms" (mobile number with a code). */
  type: z._default(z.enum(['username', 'sms']), 'username'),
  username: optText(64),
  password: optText(128),
  captcha: optText(16),
  mobileNum: optText(20),
  countryDialingCode: optText(6),
  verificationCode: optText(255),
  /** Which door: the member login or the agent login. */
  entrance: z._default(z.enum(entrances), 'member'),
  loginDeviceId: optText(64),
  /** "Stay signed in": the device keeps a refresh cookie and opens new tabs without the password. */
  rememberDevice: z.optional(z.boolean()),
})
export type LoginRequest = z.input<typeof LoginRequestSchema>

export const LoginResponseSchema = z.object({
  token: z.string(),
  firstTimeLogin: z.boolean(),
  passwordExpired: z.boolean(),
  /** The password is the default one an agent or operator set: it must be changed now. */
  mustChangePassword: z.boolean(),
})
export type LoginResponse = z.infer<typeof LoginResponseSchema>

export const RegisterRequestSchema = z.object({
  username: text(64),
  password: text(128),
  confirmPassword: text(128),
  payeeName: optText(128),
  email: optText(128),
  mobileNum: optText(20),
  countryDialingCode: optText(6),
  qqNum: optText(64),
  line: optText(64),
  whatsapp: optText(64),
  facebook: optText(128),
  wechat: optText(64),
  idNumber: optText(64),
  recommenderId: optText(64),
  affiliateCode: optText(64),
  referralCode: optText(64),
  paymentPassword: optText(128),
  captcha: optText(16),
  verificationCode: optText(255),
  domain: optText(253),
  registerUrl: optText(2048),
  registerMethod: z.optional(z.literal('WEB')),
  login: z.optional(z.boolean()),
  /** The member accepted the terms and confirmed the minimum age. */
  termsAccepted: z.boolean(),
  loginDeviceId: optText(64),
})
export type RegisterRequest = z.input<typeof RegisterRequestSchema>

export const RegisterMobileRequestSchema = z.object({
  mobileNum: text(20),
  countryDialingCode: text(6),
  verificationCode: text(255),
  password: text(128),
  confirmPassword: text(128),
  affiliateCode: optText(64),
  referralCode: optText(64),
  captcha: optText(16),
  domain: optText(253),
  registerUrl: optText(2048),
  registerMethod: z.optional(z.literal('WEB')),
  login: z.optional(z.boolean()),
  termsAccepted: z.boolean(),
  loginDeviceId: optText(64),
})
export type RegisterMobileRequest = z.input<typeof RegisterMobileRequestSchema>

/** The channels a one-time code travels by. */
export const codeChannels = ['sms', 'email'] as const
export type CodeChannel = (typeof codeChannels)[number]

/**
 * How a login from a new address may be confirmed: a code sent by SMS or e-mail, the real
 * name on the account, the authenticator app's code (the spec's Google verification code),
 * or, when the phone is lost, one of the authenticator's recovery codes.
 */
export const verifyMethods = ['sms', 'email', 'realName', 'authenticator', 'recoveryCode'] as const
export const VerifyMethodSchema = z.enum(verifyMethods)

/** The value of a login_verify_required failure. */
export const LoginVerifyRequiredSchema = z.object({
  verifyToken: z.string(),
  methods: z.array(VerifyMethodSchema),
})
export type LoginVerifyRequired = z.infer<typeof LoginVerifyRequiredSchema>

export const SmsCodeResponseSchema = z.object({ expiredMinutes: z.int() })

export const StaticAvatarSchema = z.enum(staticAvatars)

export const AvatarTypeSchema = z.enum(['CUSTOM', 'STATIC'])

/** A member's avatar: an image URL (a PWA path for STATIC ones) and its kind (spec section 3). */
export const AvatarSchema = z.object({
  avatar: z.string(),
  avatarType: AvatarTypeSchema,
})
export type Avatar = z.infer<typeof AvatarSchema>

export const ChangeAvatarRequestSchema = z.object({ avatar: StaticAvatarSchema })

export const MemberInfoSchema = z.object({
  id: z.int(),
  account: z.string(),
  nickname: z.string(),
  /** 0 member, 1/2/41/42 agent, 4 trial (guest). */
  type: z.int(),
  toUpline: z.boolean(),
  clubLabel: z.nullable(z.object({ labelName: z.string() })),
  memberLabel: z.array(z.object({ labelName: z.string() })),
  /** Registration time, epoch ms. */
  regDate: z.number(),
  /** The mobile number with all but the last 4 digits masked. */
  mobile: z.nullable(z.string()),
  language: LocaleSchema,
  /** Null from a platform that has none; ours always names one (the default when not chosen). */
  avatar: z.nullable(z.string()),
  avatarType: AvatarTypeSchema,
  /** YYYY-MM-DD once the member has set it (it cannot change after); else null. */
  birthday: z.nullable(z.string()),
})
export type MemberInfo = z.infer<typeof MemberInfoSchema>

export const ChangePasswordSchema = z.object({
  oldPassword: text(128),
  newPassword: text(128),
  confirmNewPassword: text(128),
})

// Third-party sign-in (spec section 1): the providers, their flags and the return keys.
export {
  socialFlags,
  socialProviders,
  socialReturnKeys,
  SocialProviderSchema,
  type SocialProvider,
} from './social'

export const identityEndpoints = {
  captcha: defineEndpoint({
    name: 'identity.captcha',
    method: 'GET',
    path: '/wps/captcha',
    auth: 'public',
    encrypted: false,
    modId: 'CAPTCHA3',
    /** A data: URL of the captcha image; its answer is tied to an HttpOnly cookie. */
    response: z.string(),
    errors: ['TOO_MANY_REQUESTS', 'feature_disabled'],
  }),
  login: defineEndpoint({
    name: 'identity.login',
    method: 'POST',
    path: '/wps/session/login',
    auth: 'public',
    encrypted: true,
    body: LoginRequestSchema,
    response: LoginResponseSchema,
    errors: [
      'login_verify_required',
      'invalid_credentials',
      'captcha_required',
      'captcha_invalid',
      'account_locked',
      'account_disabled',
      'member_no_enter',
      'error_not_agent',
      'verification_code_invalid',
      'verification_code_expired',
      'feature_disabled',
      'TOO_MANY_REQUESTS',
    ],
  }),
  freePlay: defineEndpoint({
    name: 'identity.freePlay',
    method: 'POST',
    path: '/wps/session/login/freeplay',
    auth: 'public',
    encrypted: false,
    modId: 'FREEPLAY3',
    body: z.object({ os: optText(32), platform: optText(8), random: optText(128) }),
    response: LoginResponseSchema,
    errors: ['feature_disabled', 'TOO_MANY_REQUESTS'],
  }),
  logout: defineEndpoint({
    name: 'identity.logout',
    beforePasswordChange: true,
    method: 'DELETE',
    path: '/wps/session/logout',
    auth: 'session',
    encrypted: false,
    response: z.null(),
    errors: [],
  }),
  register: defineEndpoint({
    name: 'identity.register',
    method: 'PUT',
    path: '/wps/member/register',
    auth: 'public',
    encrypted: true,
    modId: 'REG3',
    body: RegisterRequestSchema,
    response: LoginResponseSchema,
    errors: [
      'username_taken',
      'captcha_invalid',
      'invitation_code_error',
      'terms_not_accepted',
      'feature_disabled',
      'TOO_MANY_REQUESTS',
    ],
  }),
  smsRegister: defineEndpoint({
    name: 'identity.smsRegister',
    method: 'POST',
    path: '/wps/verification/sms/register',
    auth: 'public',
    encrypted: false,
    modId: 'MOBILENUMREG3',
    body: z.object({ mobileNo: text(20), countryDialingCode: text(6) }),
    response: SmsCodeResponseSchema,
    errors: ['delivery_failed', 'TOO_MANY_REQUESTS', 'mobile_taken', 'feature_disabled'],
  }),
  smsLogin: defineEndpoint({
    name: 'identity.smsLogin',
    method: 'POST',
    path: '/wps/verification/sms/noLogin',
    auth: 'public',
    encrypted: false,
    modId: 'MOBILEVERCODELOGIN3',
    body: z.object({ mobileNum: text(20), countryDialingCode: text(6) }),
    response: SmsCodeResponseSchema,
    errors: ['delivery_failed', 'TOO_MANY_REQUESTS', 'feature_disabled'],
  }),
  registerMobile: defineEndpoint({
    name: 'identity.registerMobile',
    method: 'PUT',
    path: '/wps/member/register/mobile',
    auth: 'public',
    encrypted: true,
    modId: 'MOBILENUMREG3',
    body: RegisterMobileRequestSchema,
    response: LoginResponseSchema,
    errors: [
      'mobile_taken',
      'verification_code_invalid',
      'verification_code_expired',
      'invitation_code_error',
      'terms_not_accepted',
      'password_mismatch',
      'feature_disabled',
      'TOO_MANY_REQUESTS',
    ],
  }),
  forgotByEmail: defineEndpoint({
    name: 'identity.forgotByEmail',
    method: 'POST',
    path: '/wps/member/password/email',
    auth: 'public',
    encrypted: false,
    bodyEncoding: 'form',
    body: z.object({ username: text(64), email: text(128) }),
    response: z.null(),
    errors: ['delivery_failed', 'account_not_found', 'TOO_MANY_REQUESTS'],
  }),
  resetByEmail: defineEndpoint({
    name: 'identity.resetByEmail',
    method: 'POST',
    path: '/wps/member/password/email/verification',
    auth: 'public',
    encrypted: true,
    body: z.object({
      username: text(64),
      verificationCode: text(255),
      newPassword: text(128),
      confirmNewPassword: text(128),
    }),
    response: z.null(),
    errors: [
      'verification_code_invalid',
      'verification_code_expired',
      'password_mismatch',
      'account_not_found',
    ],
  }),
  forgotBySms: defineEndpoint({
    name: 'identity.forgotBySms',
    method: 'POST',
    path: '/wps/member/password/sms',
    auth: 'public',
    encrypted: false,
    modId: 'CHNGPASSVERIF3',
    body: z.object({ mobileNum: text(20), countryDialingCode: text(6) }),
    response: SmsCodeResponseSchema,
    errors: ['delivery_failed', 'TOO_MANY_REQUESTS', 'feature_disabled'],
  }),
  resetByMobile: defineEndpoint({
    name: 'identity.resetByMobile',
    method: 'POST',
    path: '/wps/member/password/verification',
    auth: 'public',
    encrypted: true,
    modId: 'CHNGPASSVERIF3',
    body: z.object({
      mobileNum: text(20),
      countryDialingCode: text(6),
      verificationCode: text(255),
      newPassword: text(128),
    }),
    response: LoginResponseSchema,
    errors: [
      'verification_code_invalid',
      'verification_code_expired',
      'account_not_found',
      'feature_disabled',
    ],
  }),
  loginVerifySend: defineEndpoint({
    name: 'identity.loginVerifySend',
    method: 'POST',
    path: '/wps/session/login/verification/code',
    auth: 'public',
    encrypted: false,
    modId: 'LOGINIPVERF3',
    body: z.object({ verifyToken: text(128), method: z.enum(codeChannels) }),
    response: SmsCodeResponseSchema,
    errors: ['delivery_failed', 'login_verify_required', 'TOO_MANY_REQUESTS'],
  }),
  loginVerify: defineEndpoint({
    name: 'identity.loginVerify',
    method: 'POST',
    path: '/wps/session/login/verification',
    auth: 'public',
    encrypted: true,
    modId: 'LOGINIPVERF3',
    body: z.object({
      verifyToken: text(128),
      method: VerifyMethodSchema,
      verificationCode: optText(255),
      realName: optText(128),
      /** As at the login: "Stay signed in" (the second step carries it on). */
      rememberDevice: z.optional(z.boolean()),
      entrance: z._default(z.enum(entrances), 'member'),
    }),
    response: LoginResponseSchema,
    errors: [
      'login_verify_required',
      'verification_code_invalid',
      'verification_code_expired',
      'invalid_credentials',
      'authenticator_code_wrong',
      'authenticator_code_used',
      'authenticator_locked',
    ],
  }),
  memberInfo: defineEndpoint({
    name: 'identity.memberInfo',
    beforePasswordChange: true,
    method: 'GET',
    path: '/wps/member/info',
    auth: 'session',
    encrypted: false,
    response: MemberInfoSchema,
    errors: [],
  }),
  changePassword: defineEndpoint({
    name: 'identity.changePassword',
    beforePasswordChange: true,
    method: 'POST',
    path: '/wps/member/password',
    auth: 'member',
    encrypted: true,
    modId: 'PASS3',
    body: ChangePasswordSchema,
    response: z.null(),
    errors: ['old_password_wrong', 'password_mismatch', 'password_same_as_old', 'TOO_MANY_REQUESTS'],
  }),
  updateLanguage: defineEndpoint({
    name: 'identity.updateLanguage',
    beforePasswordChange: true,
    method: 'PUT',
    path: '/wps/member/language',
    auth: 'session',
    encrypted: false,
    body: z.object({ language: LocaleSchema }),
    response: z.null(),
    errors: [],
  }),
  icon: defineEndpoint({
    name: 'identity.icon',
    method: 'GET',
    path: '/wps/member/info/icon',
    auth: 'session',
    encrypted: false,
    modId: 'PROFPIC3',
    response: AvatarSchema,
    errors: [],
  }),
  /** The platform's relay spelling of the same read (the member centre's `getPlayerAvatar`). */
  playerAvatar: defineEndpoint({
    name: 'identity.playerAvatar',
    method: 'GET',
    path: '/wps/relay/MCSFE_getPlayerAvatar',
    auth: 'session',
    encrypted: false,
    response: AvatarSchema,
    errors: [],
  }),
  /** The platform's `changeIcon`: the member picks one of the static avatars. */
  changeIcon: defineEndpoint({
    name: 'identity.changeIcon',
    method: 'POST',
    path: '/wps/member/info/icon',
    auth: 'member',
    encrypted: false,
    modId: 'PROFPIC3',
    body: ChangeAvatarRequestSchema,
    response: AvatarSchema,
    errors: [],
  }),
  socialProviders: defineEndpoint({
    name: 'identity.socialProviders',
    method: 'GET',
    path: '/wps/session/social/providers',
    auth: 'public',
    encrypted: false,
    /** The providers that are configured on the server and switched on for the brand. */
    response: z.object({ providers: z.array(SocialProviderSchema) }),
    errors: [],
  }),
  socialStart: defineEndpoint({
    name: 'identity.socialStart',
    method: 'POST',
    path: '/wps/session/social/start',
    auth: 'public',
    encrypted: false,
    body: z.object({ provider: SocialProviderSchema }),
    /**
     * Where to send the browser (the provider, or the server's Telegram widget page); the
     * flow is tied to this browser by an HttpOnly cookie.
     */
    response: z.object({ url: z.string() }),
    errors: ['feature_disabled', 'social_provider_error', 'TOO_MANY_REQUESTS'],
  }),
  socialExchange: defineEndpoint({
    name: 'identity.socialExchange',
    method: 'POST',
    path: '/wps/session/social/exchange',
    auth: 'public',
    encrypted: false,
    body: z.object({ code: text(128) }),
    response: LoginResponseSchema,
    errors: ['social_state_mismatch', 'social_expired', 'account_disabled'],
  }),
  affiliate: defineEndpoint({
    name: 'identity.affiliate',
    method: 'GET',
    path: '/wps/agent/affiliate',
    auth: 'public',
    encrypted: false,
    modId: 'AFFMAN3',
    query: z.object({ code: text(64), domain: optText(253) }),
    response: z.object({ valid: z.boolean() }),
    errors: [],
  }),
} as const
