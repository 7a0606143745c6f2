/**
 * Going live: from an empty production install to a brand members can join and pay into.
 * Each command checks its input with zod and says what is wrong in one line; each writes
 * what belongs together in one transaction.
 */
import { randomInt } from 'node:crypto'
import { z } from 'zod'
import { locales } from '#contract/locales'
import { minorToMoney } from '#contract/money'
import { agentLimitsCommand, agentLimitsReadOnly, agentLimitsUsage } from '../agent/commands'
import {
  maxScreenshots,
  screenshotSide,
  screenshotSrcPattern,
  storedScreenshots,
  type Screenshot,
} from '../http/manifest'
import { createMembersRepository } from '../identity/members-repository'
import { enabledOnlineMethods } from '../money/deposit-methods-repository'
import type { CommandSpec, OpsContext } from '../ops/commands'
import { OpsError } from '../ops/ops-error'
import { amountOf, brandOf, noMore, oneOf, options, parsed, required, text } from '../ops/ops-input'
import type { Db } from '../plugins/external/db'
import { brandShareCommand, brandShareUsage } from './brand-share-commands'
import { createBrand, merchantOf, type NewBrand } from './brands'
import {
  goLiveCounts,
  hasDemoAccounts,
  merchantByCode,
  registerRuleOf,
  setScreenshots,
} from './brands-repository'

/** Printed by a production start while the brand does not exist yet, and by `go-live`. */
export function goLiveSteps(merchantCode: string): string[] {
  const ops = 'npm run ops --'
  return [
    `Going live (brand ${merchantCode}; run these with the server up or down, as a named operator: export OPERATOR=<your name>, or --as <name>):`,
    `  1. ${ops} brand create ${merchantCode} --name "Your Brand" --currency USD --decimals 2 --language en --timezone Asia/Phnom_Penh`,
    `  2. ${ops} agent create <username> [--code <INVITATION>]   (prints a one-time password to change at first login)`,
    `  3. ${ops} payment-method add-bank BANK --name "Bank transfer" --bank "<bank>" --account-name "<holder>" --account-number "<number>" --min 10 --max 5000`,
    `     (online payments: set PAYMENT_GATEWAY_URL and PAYMENT_GATEWAY_SECRET, restart, then ${ops} payment-method add-online …)`,
    `  4. ${ops} bank add <CODE> <name…>   (the banks members withdraw to)`,
    `     (lottery, optional: ${ops} lottery add <CODE> ELOTT D5 every:60 <name…> --zone <IANA zone>)`,
    `  5. ${ops} go-live   (shows what is done and what is left)`,
  ]
}

/** Notes a start prints about this install: what is missing, what must not stay. */
export async function installNotes(db: Db, merchantCode: string, gateway: GatewayKind): Promise<string[]> {
  const brand = await merchantByCode(db, merchantCode)
  if (!brand) return [`  brand ${merchantCode} does not exist yet.`, ...goLiveSteps(merchantCode)]
  const notes: string[] = []
  if (gateway !== 'demo' && (await hasDemoAccounts(db, merchantCode))) {
    notes.push(
      `  warning: this database holds the demo accounts of an earlier demo start (published passwords); disable or remove them`,
    )
  }
  const online = await enabledOnlineMethods(db, merchantCode)
  if (online.length > 0 && gateway === 'none') {
    notes.push(
      `  warning: online deposit methods ${online.join(', ')} are refused: no payment gateway is configured (payment-method disable <CODE>)`,
    )
  }
  return notes
}

/** Which online gateway the install pays through (see resolvePaymentGateway). */
export type GatewayKind = 'demo' | 'real' | 'none'

const BrandCode = z
  .string({ error: 'the brand code is required' })
  .transform((v) => v.trim().toUpperCase())
  .pipe(z.string().regex(/^[A-Z0-9_]{2,32}$/, 'a brand code is 2-32 letters, digits or _'))

const Currency = z
  .string({ error: '--currency is required (an ISO 4217 code, e.g. USD)' })
  .transform((v) => v.trim().toUpperCase())
  .pipe(
    z
      .string()
      .regex(/^[A-Z]{3}$/, '--currency is an ISO 4217 code of three letters, e.g. USD')
      .refine((c) => Intl.supportedValuesOf('currency').includes(c), {
        message: '--currency is not an ISO 4217 currency',
      }),
  )

const Decimals = z
  .string({ error: '--decimals is required (the currency’s minor-unit digits: 2 for USD, 0 for VND)' })
  .regex(/^[0-4]$/, '--decimals is a whole number from 0 to 4')
  .transform(Number)

const TimeZone = z
  .string({ error: '--timezone is required (an IANA zone, e.g. Asia/Phnom_Penh)' })
  .trim()
  .transform((tz, ctx) => {
    try {
      return new Intl.DateTimeFormat('en', { timeZone: tz }).resolvedOptions().timeZone
    } catch {
      ctx.addIssue({
        code: 'custom',
        message: `--timezone ${tz} is not an IANA time zone, e.g. Asia/Phnom_Penh`,
      })
      return z.NEVER
    }
  })

const Language = z
  .string({ error: `--language is required (one of ${locales.join(', ')})` })
  .trim()
  .pipe(z.enum(locales, { error: `--language is one of ${locales.join(', ')}` }))

const Color = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'a colour is #rrggbb')

const BrandInput = z.object({
  code: BrandCode,
  name: text('--name', 60),
  shortName: text('--short-name', 20).optional(),
  currency: Currency,
  decimals: Decimals,
  symbol: text('--symbol', 8).optional(),
  language: Language,
  timezone: TimeZone,
  themeColor: Color.default('#0e7c66'),
  logoUrl: text('--logo-url', 500).default('/brand/logo.svg?v=1'),
  withdrawMin: z.string().optional(),
  withdrawMax: z.string().optional(),
})

/** A one-time password the brand's default rule accepts: letters and digits, both present. */
function temporaryPassword(): string {
  const letters = 'abcdefghjkmnpqrstuvwxyz'
  const digits = '23456789'
  const all = letters + digits
  const pick = (set: string) => set[randomInt(set.length)] ?? 'a'
  const chars = [pick(letters), pick(digits), ...Array.from({ length: 10 }, () => pick(all))]
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1)
    ;[chars[i], chars[j]] = [chars[j] ?? 'a', chars[i] ?? 'a']
  }
  return chars.join('')
}

/** Checks a username against the brand's own registration rule for usernames. */
async function usernameOrThrow(db: Db, merchantCode: string, raw: string | undefined) {
  const username = required('agent create: the username', raw)
  const rule = await registerRuleOf(db, merchantCode, 'username')
  const min = rule?.minLength ?? 4
  const max = rule?.maxLength ?? 20
  const pattern =
    rule?.acceptedPattern && rule.acceptedPattern !== '*' ? rule.acceptedPattern : '^[A-Za-z0-9]+$'
  if (username.length < min || username.length > max || !new RegExp(pattern).test(username)) {
    throw new OpsError(`a username here is ${min}-${max} characters matching ${pattern}`)
  }
  return username
}

const brandUsage =
  'brand create <CODE> --name <name> --currency <ISO> --decimals <0-4> --language <lang> --timezone <Area/City> [--symbol <s>] [--short-name <s>] [--theme-color #rrggbb] [--logo-url <url>] [--withdraw-min <amount>] [--withdraw-max <amount>] | brand show | brand screenshot add <https-url|/path> <WIDTHxHEIGHT> <narrow|wide> <label…> | brand screenshot list | brand screenshot clear | ' +
  brandShareUsage
const agentUsage = `agent create <username> [--code <INVITATION>] | ${agentLimitsUsage}`
export const goLiveCommands: Record<string, CommandSpec> = {
  brand: {
    usage: brandUsage,
    readOnly: (args) =>
      args[0] === 'show' ||
      (['screenshot', 'share'].includes(args[0] ?? '') && ['list', 'show'].includes(args[1] ?? '')),
    summary: 'create the brand of this install (go-live step 1) or show it',
    async run(ctx, args) {
      const [word, ...rest] = args
      const mode = oneOf('brand: the action', word, ['create', 'show', 'screenshot', 'share'])
      if (mode === 'show') {
        noMore('brand show', rest)
        const m = await brandOf(ctx)
        return [
          `brand ${m.code}: ${m.name} (${m.shortName})`,
          `currency: ${m.currency} ${m.currencySymbol}, ${m.currencyDecimals} decimals`,
          `language: ${m.defaultLanguage} of ${m.languages.join(', ')}; time zone ${m.timeZone}`,
          `withdrawals: ${minorToMoney(m.withdrawMin, { decimals: m.currencyDecimals })} to ${minorToMoney(m.withdrawMax, { decimals: m.currencyDecimals })}`,
        ].join('\n')
      }
      if (mode === 'screenshot') return screenshotCommand(ctx, rest)
      if (mode === 'share') return brandShareCommand(ctx, rest)
      const { values, positionals } = options(rest, {
        name: { type: 'string' },
        'short-name': { type: 'string' },
        currency: { type: 'string' },
        decimals: { type: 'string' },
        symbol: { type: 'string' },
        language: { type: 'string' },
        timezone: { type: 'string' },
        'theme-color': { type: 'string' },
        'logo-url': { type: 'string' },
        'withdraw-min': { type: 'string' },
        'withdraw-max': { type: 'string' },
      })
      noMore(`brand create ${positionals[0] ?? ''}`.trim(), positionals.slice(1))
      const b = parsed(BrandInput, {
        code: positionals[0],
        name: values.name,
        shortName: values['short-name'],
        currency: values.currency,
        decimals: values.decimals,
        symbol: values.symbol,
        language: values.language,
        timezone: values.timezone,
        themeColor: values['theme-color'],
        logoUrl: values['logo-url'],
        withdrawMin: values['withdraw-min'],
        withdrawMax: values['withdraw-max'],
      })
      if (b.code !== ctx.merchantCode) {
        throw new OpsError(
          `this install serves brand ${ctx.merchantCode} (MERCHANT_CODE); set MERCHANT_CODE=${b.code} and restart the server before creating ${b.code}`,
        )
      }
      const withdrawMin = b.withdrawMin ? amountOf(b.withdrawMin, '--withdraw-min', b) : undefined
      const withdrawMax = b.withdrawMax ? amountOf(b.withdrawMax, '--withdraw-max', b) : undefined
      const input: NewBrand = {
        code: b.code,
        name: b.name,
        shortName: b.shortName,
        currency: b.currency,
        currencySymbol: b.symbol,
        currencyDecimals: b.decimals,
        defaultLanguage: b.language,
        timeZone: b.timezone,
        themeColor: b.themeColor,
        logoUrl: b.logoUrl,
        withdrawMin,
        withdrawMax,
      }
      const brand = merchantOf(input)
      if ((brand.withdrawMin ?? 0n) > (brand.withdrawMax ?? 0n))
        throw new OpsError('--withdraw-min is more than --withdraw-max')
      if (!(await createBrand(ctx.db, input)))
        throw new OpsError(`brand ${b.code} exists already (see: brand show)`)
      ctx.audit?.({ target: `brand ${b.code}`, before: null, after: brand })
      ctx.invalidate()
      return [
        `brand ${b.code} created: ${b.name}, ${b.currency} with ${b.decimals} decimals, ${b.language}, ${b.timezone}`,
        'features start as listed by: flag list (switch them with flag set)',
        'next: agent create <username>',
      ].join('\n')
    },
  },

  agent: {
    usage: agentUsage,
    readOnly: (args) => args[0] === 'limits' && agentLimitsReadOnly(args.slice(1)),
    summary:
      'create a top agent with a one-time password changed at first login (go-live step 2); the most agents may send down to their team per transfer and per day',
    async run(ctx, args) {
      const [word, ...rest] = args
      if (oneOf('agent: the action', word, ['create', 'limits']) === 'limits') {
        return agentLimitsCommand(ctx, rest)
      }
      const { values, positionals } = options(rest, { code: { type: 'string' } })
      noMore(`agent create ${positionals[0] ?? ''}`.trim(), positionals.slice(1))
      const m = await brandOf(ctx)
      const username = await usernameOrThrow(ctx.db, m.code, positionals[0])
      const code = parsed(
        z
          .string()
          .transform((v) => v.trim().toUpperCase())
          .pipe(z.string().regex(/^[A-Z0-9]{4,16}$/, '--code is 4-16 letters or digits')),
        values.code ?? username,
      )
      if (!ctx.hashPassword) throw new OpsError('creating an account needs the password hasher')
      const password = temporaryPassword()
      const hash = await ctx.hashPassword(password)
      const agent = await createMembersRepository(ctx.db).createUnlessTaken({
        merchantCode: m.code,
        username: username.toLowerCase(),
        account: username,
        nickname: username,
        passwordHash: hash,
        type: 1,
        affiliateCode: code,
        mustChangePassword: true,
        language: m.defaultLanguage,
      })
      if (!agent) throw new OpsError(`the username ${username} or the invitation code ${code} is taken`)
      ctx.audit?.({
        target: `member ${agent.account} (#${agent.id})`,
        before: null,
        after: { type: 'top agent', invitationCode: code, mustChangePassword: true },
      })
      return [
        `top agent ${username} created, invitation code ${code}`,
        `one-time password: ${password}`,
        'it must be changed at the first login (agent entrance); give it to the agent privately',
      ].join('\n')
    },
  },

  'go-live': {
    usage: 'go-live',
    readOnly: () => true,
    summary: 'what is done and what is left before members can join and pay',
    async run(ctx, args) {
      noMore('go-live', args)
      const m = await merchantByCode(ctx.db, ctx.merchantCode)
      if (!m) return goLiveSteps(ctx.merchantCode).join('\n')
      const { agents, methods, banks, demoSeeds: demo, lotteryGames } = await goLiveCounts(ctx.db, m.code)
      const mark = (done: boolean) => (done ? '[x]' : '[ ]')
      return [
        `${mark(true)} brand ${m.code}: ${m.name}, ${m.currency} (${m.currencyDecimals} decimals), ${m.defaultLanguage}, ${m.timeZone}`,
        `${mark(agents > 0)} top agent (${agents}): agent create <username>`,
        `${mark(methods > 0)} deposit methods (${methods} on): payment-method add-bank …`,
        `${mark(banks > 0)} banks for withdrawals (${banks}): bank add <CODE> <name…>`,
        `${mark(lotteryGames > 0)} lottery games (${lotteryGames} on, optional): lottery add <CODE> <mode> <kind> <schedule> <name…>`,
        `payment gateway: ${ctx.paymentGateway === 'real' ? 'configured' : ctx.paymentGateway === 'demo' ? 'demo (not for real money)' : 'none (bank transfers only)'}`,
        ...(demo > 0 ? ['warning: demo content was seeded into this brand; it is not for real members'] : []),
      ].join('\n')
    },
  },
}

/**
 * The install sheet's screenshots of this brand (the web app manifest's `screenshots`): the
 * operator hosts the pictures (the brand's CDN, or a path on this origin) and names each one's
 * size and form factor here, checked against Chrome's rules; the manifest lists them at once.
 */
async function screenshotCommand(ctx: OpsContext, args: string[]): Promise<string> {
  const [word, src, sizes, formFactor, ...words] = args
  const action = oneOf('brand screenshot: the action', word, ['add', 'list', 'clear'])
  const m = await brandOf(ctx)
  const current = storedScreenshots(m.screenshots)
  const describe = (list: Screenshot[]) =>
    list.length === 0
      ? `brand ${m.code} lists no screenshots: the install sheet shows none`
      : list.map((x, i) => `${i + 1}. ${x.form_factor} ${x.sizes} ${x.type} ${x.src} "${x.label}"`).join('\n')
  if (action !== 'add') noMore(`brand screenshot ${action}`, args.slice(1))
  if (action === 'list') return describe(current)
  if (action === 'clear') {
    ctx.audit?.({ target: `brand ${m.code} screenshots`, before: current, after: [] })
    await setScreenshots(ctx.db, m.code, [])
    return `brand ${m.code}: screenshots cleared`
  }
  if (current.length >= maxScreenshots) {
    throw new OpsError(
      `a brand lists at most ${maxScreenshots} screenshots (brand screenshot clear, then add again)`,
    )
  }
  const shot = parsed(screenshotInput, { src, sizes, formFactor, label: words.join(' ') })
  const next = [...current, shot]
  ctx.audit?.({ target: `brand ${m.code} screenshots`, before: current, after: next })
  await setScreenshots(ctx.db, m.code, next)
  return describe(next)
}

const imageTypes = { webp: 'image/webp', png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg' } as const

const screenshotInput = z
  .object({
    src: text('the picture’s address', 500).regex(
      screenshotSrcPattern,
      'the picture’s address is an https:// address or a path on this site starting with /',
    ),
    sizes: z
      .string({ error: 'the size is required, as WIDTHxHEIGHT' })
      .regex(/^\d{3,4}x\d{3,4}$/, 'the size is WIDTHxHEIGHT in pixels, such as 720x1280'),
    formFactor: z.enum(['narrow', 'wide'], {
      error: 'the form factor is narrow (a phone) or wide (a desktop)',
    }),
    label: text('the label', 120),
  })
  .transform((v, c) => {
    const [width = 0, height = 0] = v.sizes.split('x').map(Number)
    const { min, max, ratio } = screenshotSide
    if (Math.min(width, height) < min || Math.max(width, height) > max) {
      c.addIssue({ code: 'custom', message: `each side is ${min} to ${max} pixels, not ${v.sizes}` })
    } else if (Math.max(width, height) > ratio * Math.min(width, height)) {
      c.addIssue({
        code: 'custom',
        message: `the long side is at most ${ratio} times the short one, not ${v.sizes}`,
      })
    } else if (v.formFactor === 'narrow' ? height <= width : width <= height) {
      c.addIssue({
        code: 'custom',
        message: `a ${v.formFactor} screenshot is ${v.formFactor === 'narrow' ? 'taller than wide' : 'wider than tall'}, not ${v.sizes}`,
      })
    }
    const ext = /\.(webp|png|jpe?g)(?:[?#]|$)/i.exec(v.src)?.[1]?.toLowerCase() as
      keyof typeof imageTypes | undefined
    if (!ext) c.addIssue({ code: 'custom', message: 'the picture is a .webp, .png or .jpg file' })
    return {
      src: v.src,
      sizes: v.sizes,
      type: imageTypes[ext ?? 'webp'],
      form_factor: v.formFactor,
      label: v.label,
    } satisfies Screenshot
  })
