/**
 * How members pay in and where withdrawals go: deposit methods (bank accounts for
 * transfers; an online method only with a real payment gateway) and the banks members can
 * withdraw to.
 */
import { z } from 'zod'
import { emvcoProblem } from '#contract/emvco'
import { minorToMoney } from '#contract/money'
import { localName } from '../db/localized'
import type { CommandSpec, OpsContext } from '../ops/commands'
import { OpsError } from '../ops/ops-error'
import { amountOf, brandOf, language, namedIn, noMore, oneOf, options, parsed, text } from '../ops/ops-input'
import type { GatewayKind } from '../system/golive-commands'
import { BankLogoError, bankLogoUrlOf, bankNamed, cleanBankLogo, setBankLogo } from './bank-logos'
import { DepositMethodError, setMethodQr } from './deposit-method-service'
import {
  bankLogoOf,
  banksOf,
  depositMethodByCode,
  depositMethodsOf,
  insertBank,
  insertDepositMethod,
  setDepositMethodEnabled,
  setDepositMethodName,
} from './deposit-methods-repository'
import { PictureError, readPictureFile } from './operator-pictures'
import { qrTextOfPicture } from './qr-decode'

const MethodCode = z
  .string({ error: 'the method code is required' })
  .transform((v) => v.trim().toUpperCase())
  .pipe(z.string().regex(/^[A-Z0-9_]{2,16}$/, 'a method code is 2-16 letters, digits or _'))

const BankCode = z
  .string({ error: 'the bank code is required' })
  .transform((v) => v.trim().toUpperCase())
  .pipe(z.string().regex(/^[A-Z0-9_]{2,16}$/, 'a bank code is 2-16 letters, digits or _'))

const methodUsage =
  'payment-method add-bank <CODE> --name <label> [--lang <km|en|zh|th|vi>] --bank <bank> --account-name <holder> --account-number <number> --min <amount> --max <amount> | add-online <CODE> --name <label> [--lang <language>] --min <amount> --max <amount> | name <CODE> --lang <km|en|zh|th|vi> <label…> | unname <CODE> --lang <language> | qr <CODE> <EMVCo payload> | qr <CODE> --picture <png|jpg|webp of the QR> | qr <CODE> --clear | list | disable <CODE> | enable <CODE>'
const bankUsage =
  'bank add <CODE> <name…> | bank logo <CODE> <picture.png|.jpg|.webp> | bank logo <CODE> --clear | bank list'

export const paymentMethodCommands: Record<string, CommandSpec> = {
  'payment-method': {
    usage: methodUsage,
    readOnly: (args) => args[0] === undefined || args[0] === 'list',
    summary: 'deposit methods: bank accounts for transfers, online with a real gateway (go-live step 3)',
    async run(ctx, args) {
      const [word, ...rest] = args
      const mode = oneOf('payment-method: the action', word ?? 'list', [
        'list',
        'add-bank',
        'add-online',
        'name',
        'unname',
        'enable',
        'disable',
        'qr',
      ])
      const m = await brandOf(ctx)
      if (mode === 'list') {
        noMore('payment-method list', rest)
        const [rows, banks] = await Promise.all([depositMethodsOf(ctx.db, m.code), banksOf(ctx.db, m.code)])
        if (rows.length === 0) return 'no deposit methods'
        return rows
          .map(
            (r) =>
              `${r.enabled ? 'on ' : 'off'} ${r.code.padEnd(10)} ${r.kind.padEnd(13)} ${r.name}${namedIn(r.names)}  ${minorToMoney(r.minAmount, { decimals: m.currencyDecimals })}-${minorToMoney(r.maxAmount, { decimals: m.currencyDecimals })}${r.bank ? `  ${r.bank.bankName} ${r.bank.accountNumber} (${r.bank.accountName})${logoNote(banks, r.bank.bankName)}` : ''}${r.qrPayload ? '  QR' : ''}`,
          )
          .join('\n')
      }
      if (mode === 'disable' || mode === 'enable') {
        const code = parsed(MethodCode, rest[0])
        noMore(`payment-method ${mode} ${code}`, rest.slice(1))
        const row = await depositMethodByCode(ctx.db, m.code, code)
        if (!row) throw new OpsError(`no deposit method ${code} (see: payment-method list)`)
        if (mode === 'enable' && row.kind === 'ONLINE' && ctx.paymentGateway !== 'real') {
          throw new OpsError(onlineRefusal(ctx.paymentGateway))
        }
        ctx.audit?.({
          target: `deposit method ${code}`,
          before: { enabled: row.enabled },
          after: { enabled: mode === 'enable' },
        })
        await setDepositMethodEnabled(ctx.db, m.code, code, mode === 'enable')
        ctx.invalidate()
        return `${code} ${mode}d`
      }
      if (mode === 'qr') {
        // The bank's static QR (EMVCo, e.g. KHQR) members scan from their banking app: its
        // text, or read from the picture of the bank's sticker.
        const [rawCode, ...given] = rest
        const code = parsed(MethodCode, rawCode)
        const picture = pictureOption(given)
        const clear = given.includes('--clear')
        const words = picture ? picture.others : given.filter((w) => w !== '--clear')
        if (picture && (picture.file === undefined || words.length > 0)) {
          throw new OpsError(
            `payment-method qr ${code}: --picture takes one picture file (png, jpeg or webp, at most 2 MB) and nothing else`,
          )
        }
        if (!picture && clear === words.length > 0) {
          throw new OpsError(
            `payment-method qr ${code}: give the bank's QR payload, --picture <file> of its QR, or --clear`,
          )
        }
        const payload = picture?.file
          ? await qrOfPicture(ctx, m.code, code, picture.file)
          : clear
            ? null
            : words.join(' ')
        try {
          await setMethodQr(ctx, m.code, code, payload)
        } catch (err) {
          if (err instanceof DepositMethodError) throw new OpsError(err.message)
          throw err
        }
        ctx.invalidate()
        if (payload === null) return `deposit method ${code} shows no QR`
        // Read from a picture: the text, for the operator to check against the bank's.
        return picture
          ? `deposit method ${code} shows the QR read from the picture: ${payload}`
          : `deposit method ${code} shows the QR`
      }
      if (mode === 'name') {
        // The name members see in one language; the others keep theirs.
        const { values, positionals } = options(rest, { lang: { type: 'string' } })
        const [rawCode, ...words] = positionals
        const code = parsed(MethodCode, rawCode)
        const lang = parsed(language, values.lang)
        const name = parsed(text('the name', 60), words.join(' '))
        const row = await depositMethodByCode(ctx.db, m.code, code)
        if (!row) throw new OpsError(`no deposit method ${code} (see: payment-method list)`)
        ctx.audit?.({
          target: `deposit method ${code}`,
          before: { [lang]: row.names[lang] ?? null },
          after: { [lang]: name },
        })
        await setDepositMethodName(ctx.db, m.code, code, lang, name)
        ctx.invalidate()
        return `deposit method ${code} is named "${name}" in ${lang}`
      }
      if (mode === 'unname') {
        // One language's own name taken away: members reading it see the fallback again.
        const { values, positionals } = options(rest, { lang: { type: 'string' } })
        const code = parsed(MethodCode, positionals[0])
        noMore(`payment-method unname ${code}`, positionals.slice(1))
        const lang = parsed(language, values.lang)
        const was = await depositMethodByCode(ctx.db, m.code, code)
        if (!was) throw new OpsError(`no deposit method ${code} (see: payment-method list)`)
        const row = await setDepositMethodName(ctx.db, m.code, code, lang, null)
        if (!row) throw new OpsError(`no deposit method ${code} (see: payment-method list)`)
        ctx.audit?.({
          target: `deposit method ${code}`,
          before: { [lang]: was.names[lang] ?? null },
          after: { [lang]: null },
        })
        ctx.invalidate()
        return `deposit method ${code} has no name of its own in ${lang}: members reading ${lang} see "${localName(row.names, row.name, lang, m.defaultLanguage)}"`
      }
      if (mode === 'add-online' && ctx.paymentGateway !== 'real')
        throw new OpsError(onlineRefusal(ctx.paymentGateway))
      const { values, positionals } = options(rest, {
        name: { type: 'string' },
        lang: { type: 'string' },
        bank: { type: 'string' },
        'account-name': { type: 'string' },
        'account-number': { type: 'string' },
        min: { type: 'string' },
        max: { type: 'string' },
      })
      const code = parsed(MethodCode, positionals[0])
      noMore(`payment-method ${mode} ${code}`, positionals.slice(1))
      const name = parsed(text('--name', 60), values.name)
      // The name is in English unless the operator says which language it is in.
      const lang = values.lang === undefined ? 'en' : parsed(language, values.lang)
      const min = amountOf(values.min, '--min', { decimals: m.currencyDecimals })
      const max = amountOf(values.max, '--max', { decimals: m.currencyDecimals })
      if (min > max) throw new OpsError('--min is more than --max')
      const bank =
        mode === 'add-bank'
          ? parsed(
              z.object({
                bankName: text('--bank', 60),
                accountName: text('--account-name', 80),
                accountNumber: text('--account-number', 40),
              }),
              {
                bankName: values.bank,
                accountName: values['account-name'],
                accountNumber: values['account-number'],
              },
            )
          : null
      if (mode === 'add-online' && (values.bank || values['account-name'] || values['account-number'])) {
        throw new OpsError(
          'an online method has no bank account; leave out --bank, --account-name and --account-number',
        )
      }
      const method = {
        merchantCode: m.code,
        code,
        kind: mode === 'add-bank' ? ('BANK_TRANSFER' as const) : ('ONLINE' as const),
        name,
        names: { [lang]: name },
        minAmount: min,
        maxAmount: max,
        bank,
      }
      if (!(await insertDepositMethod(ctx.db, method)))
        throw new OpsError(`deposit method ${code} exists already`)
      ctx.audit?.({ target: `deposit method ${code}`, before: null, after: method })
      ctx.invalidate()
      const logo = bank ? logoNote(await banksOf(ctx.db, m.code), bank.bankName) : ''
      return `deposit method ${code} added: ${name}, ${minorToMoney(min, { decimals: m.currencyDecimals })} to ${minorToMoney(max, { decimals: m.currencyDecimals })} ${m.currency}${logo}`
    },
  },

  bank: {
    usage: bankUsage,
    readOnly: (args) => args[0] === undefined || args[0] === 'list',
    summary: 'the banks members can withdraw to, and their logos (go-live step 4)',
    async run(ctx, args) {
      const [word, rawCode, ...rest] = args
      const mode = oneOf('bank: the action', word ?? 'list', ['list', 'add', 'logo'])
      const m = await brandOf(ctx)
      if (mode === 'list') {
        noMore('bank list', args.slice(1))
        const rows = await banksOf(ctx.db, m.code)
        return rows.length
          ? rows.map((r) => `${r.code.padEnd(10)} ${r.name}${r.logoSha256 ? '  (logo)' : ''}`).join('\n')
          : 'no banks'
      }
      const code = parsed(BankCode, rawCode)
      if (mode === 'logo') return bankLogoCommand(ctx, m.code, code, rest)
      const name = parsed(text('the bank name', 60), rest.join(' '))
      if (!(await insertBank(ctx.db, m.code, code, name))) throw new OpsError(`bank ${code} exists already`)
      ctx.audit?.({ target: `bank ${code}`, before: null, after: { name } })
      return `bank ${code} added: ${name}`
    },
  },
}

/**
 * Whose logo a bank method shows: the brand's bank its bank's name names (by name or code),
 * or none, with how to give it one (the page then draws the bank's initials itself).
 */
function logoNote(banks: readonly { code: string; name: string }[], bankName: string): string {
  const known = bankNamed(banks, bankName)
  return known
    ? `  logo of bank ${known.code}`
    : `  no logo ("${bankName}" is not in the bank list: bank add <CODE> ${bankName})`
}

/** `--picture <file>` (or `--picture=<file>`) among the words, and the words besides it; null without it. */
function pictureOption(given: string[]): { file: string | undefined; others: string[] } | null {
  const at = given.findIndex((w) => w === '--picture' || w.startsWith('--picture='))
  if (at < 0) return null
  const word = given[at] ?? ''
  const inline = word.startsWith('--picture=')
  const file = inline ? word.slice('--picture='.length) : given[at + 1]
  const others = given.filter((_, i) => i !== at && (inline || i !== at + 1))
  return { file: file === '' || file?.startsWith('--') ? undefined : file, others }
}

/**
 * The EMVCo payload of the QR in the picture of the bank's sticker (qr-decode.ts), for
 * `payment-method qr <CODE> --picture <file>`: the method is looked up first, and a picture
 * without a readable QR, or with one that is not a payment QR, is refused (nothing is
 * written). The payload is then stored as one typed after `qr <CODE>` is.
 */
async function qrOfPicture(
  ctx: OpsContext,
  merchantCode: string,
  code: string,
  file: string,
): Promise<string> {
  if (!(await depositMethodByCode(ctx.db, merchantCode, code))) {
    throw new OpsError(`no deposit method ${code} (see: payment-method list)`)
  }
  const where = `payment-method qr ${code} --picture`
  let text: string | null
  try {
    text = await qrTextOfPicture(await readPictureFile(file))
  } catch (err) {
    if (err instanceof PictureError) throw new OpsError(`${where}: ${err.message}; nothing was changed`)
    throw err
  }
  if (text === null) {
    throw new OpsError(
      `${where}: no QR code was found in the picture (crop it to the QR, straight and in focus); nothing was changed`,
    )
  }
  const problem = emvcoProblem(text)
  if (problem) {
    const shown = [...text].length > 60 ? `${[...text].slice(0, 60).join('')}…` : text
    throw new OpsError(
      `${where}: the picture's QR is not a bank's payment QR (EMVCo: ${problem}); it reads ${JSON.stringify(shown)}; nothing was changed`,
    )
  }
  return text
}

/**
 * `bank logo <CODE> <file>`: the bank's logo from a png, jpeg or webp picture on this host
 * (re-encoded, bank-logos.ts); `bank logo <CODE> --clear`: the drawn monogram again. The
 * bank is looked up before the file is read; nothing is written unless both are right.
 */
async function bankLogoCommand(ctx: OpsContext, merchantCode: string, code: string, given: string[]) {
  const clear = given.includes('--clear')
  const files = given.filter((w) => w !== '--clear')
  if (clear === files.length > 0 || files.length > 1) {
    throw new OpsError(
      `bank logo ${code}: give one picture file (png, jpeg or webp, at most 2 MB), or --clear`,
    )
  }
  const bank = await bankLogoOf(ctx.db, merchantCode, code)
  if (!bank) throw new OpsError(`no bank ${code} (see: bank list)`)
  try {
    const file = files[0]
    const logo = file === undefined ? null : await cleanBankLogo(await readPictureFile(file))
    await setBankLogo(ctx, merchantCode, code, logo)
    ctx.invalidate()
    return logo
      ? `bank ${code} shows its logo (${bankLogoUrlOf(merchantCode, { code, name: bank.name, logoSha256: logo.sha256 })})`
      : `bank ${code} shows its drawn monogram`
  } catch (err) {
    if (err instanceof BankLogoError || err instanceof PictureError) {
      throw new OpsError(`bank logo ${code}: ${err.message}; nothing was changed`)
    }
    throw err
  }
}

export function onlineRefusal(gateway: GatewayKind | undefined): string {
  const why =
    gateway === 'demo'
      ? 'the demo gateway confirms payments that were never made'
      : 'no payment gateway is configured, so nothing could take the payment or confirm it'
  return `an online method needs a real payment gateway (${why}): set PAYMENT_GATEWAY_URL to its payment page and PAYMENT_GATEWAY_SECRET to the secret it signs callbacks with, restart, then add it`
}
