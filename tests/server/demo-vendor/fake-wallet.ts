/**
 * A platform's seamless wallet in memory, by the rules of server/vendors/adapter.ts: signed
 * calls, txIds unique (a repeat with the same body answers the saved result, another body
 * TX_CONFLICT), a rollback of an unseen debit recorded so that debit is refused later.
 * `lose` makes the transport lose answers: before the wallet sees the call, or after it
 * has done it (the vendor cannot tell the two apart).
 */
import {
  BalanceCallSchema,
  CreditCallSchema,
  DebitCallSchema,
  RollbackCallSchema,
  signatureHeader,
  timestampHeader,
  type WalletAnswer,
} from '#server/vendors/adapter'
import { sign, type WalletTransport } from '#server/vendors/demo/wallet-client'

export interface WalletCall {
  op: string
  body: Record<string, unknown>
}

export interface Loss {
  op: string
  /** How many calls of that kind lose their answer. */
  times: number
  /** 'before': the call never reaches the wallet; 'after': done, answer lost. */
  when: 'before' | 'after'
}

export function fakeWallet(secret: string, opts: { currency?: string; decimals?: number } = {}) {
  const balances = new Map<string, bigint>()
  const saved = new Map<string, { raw: string; answer: WalletAnswer }>()
  const debits = new Map<string, { player: string; amount: bigint; roundId: string; rolledBack: boolean }>()
  const rolledBackFirst = new Set<string>()
  const closedRounds = new Set<string>()
  const calls: WalletCall[] = []
  const losses: Loss[] = []
  const currency = opts.currency ?? 'USD'
  const decimals = opts.decimals ?? 2

  const ok = (player: string, reference?: string): WalletAnswer => ({
    ok: true,
    balance: String(balances.get(player) ?? 0n),
    currency,
    decimals,
    ...(reference ? { reference } : {}),
  })
  const no = (error: Extract<WalletAnswer, { ok: false }>['error'], player?: string): WalletAnswer =>
    player !== undefined && balances.has(player)
      ? { ok: false, error, balance: String(balances.get(player)) }
      : { ok: false, error }

  function handle(op: string, raw: string): WalletAnswer {
    const json: unknown = JSON.parse(raw)
    if (op === 'balance') {
      const b = BalanceCallSchema.parse(json)
      return balances.has(b.player) ? ok(b.player) : no('UNKNOWN_PLAYER')
    }
    const parsed =
      op === 'debit'
        ? DebitCallSchema.parse(json)
        : op === 'credit'
          ? CreditCallSchema.parse(json)
          : RollbackCallSchema.parse(json)
    const prior = saved.get(parsed.txId)
    if (prior) {
      if (prior.raw !== raw) return no('TX_CONFLICT')
      return prior.answer.ok ? { ...prior.answer, replayed: true } : prior.answer
    }
    if (!balances.has(parsed.player)) return no('UNKNOWN_PLAYER')
    let answer: WalletAnswer
    if (op === 'debit' && 'amount' in parsed) {
      const amount = BigInt(parsed.amount)
      const balance = balances.get(parsed.player) ?? 0n
      if (rolledBackFirst.has(parsed.txId)) answer = no('TX_ROLLED_BACK', parsed.player)
      else if (balance < amount) answer = no('INSUFFICIENT_FUNDS', parsed.player)
      else {
        balances.set(parsed.player, balance - amount)
        debits.set(parsed.txId, { player: parsed.player, amount, roundId: parsed.roundId, rolledBack: false })
        answer = ok(parsed.player, `ref-${parsed.txId}`)
      }
    } else if (op === 'credit' && 'amount' in parsed) {
      const hasDebit = [...debits.values()].some((d) => d.roundId === parsed.roundId && !d.rolledBack)
      if (!hasDebit || closedRounds.has(parsed.roundId)) answer = no('ROUND_NOT_OPEN', parsed.player)
      else {
        balances.set(parsed.player, (balances.get(parsed.player) ?? 0n) + BigInt(parsed.amount))
        closedRounds.add(parsed.roundId)
        answer = ok(parsed.player, `ref-${parsed.txId}`)
      }
    } else if ('refTxId' in parsed) {
      const d = debits.get(parsed.refTxId)
      if (d && !d.rolledBack) {
        d.rolledBack = true
        balances.set(d.player, (balances.get(d.player) ?? 0n) + d.amount)
      } else if (!d) rolledBackFirst.add(parsed.refTxId)
      answer = ok(parsed.player, `ref-${parsed.txId}`)
    } else throw new Error('unexpected call')
    saved.set(parsed.txId, { raw, answer })
    return answer
  }

  const transport: WalletTransport = async (path, raw, headers) => {
    const op = path.split('/').pop() ?? ''
    if (!path.startsWith('/vendor-api/demo/wallet/')) throw new Error(`unexpected path ${path}`)
    const timestamp = headers[timestampHeader] ?? ''
    if (headers[signatureHeader] !== sign(secret, timestamp, raw)) {
      return { statusCode: 401, body: JSON.stringify({ ok: false, error: 'INVALID_SIGNATURE' }) }
    }
    const loss = losses.find((l) => l.op === op && l.times > 0)
    if (loss?.when === 'before') {
      loss.times--
      throw new Error('connection reset')
    }
    calls.push({ op, body: JSON.parse(raw) as Record<string, unknown> })
    const answer = handle(op, raw)
    if (loss?.when === 'after') {
      loss.times--
      throw new Error('socket hang up')
    }
    return { statusCode: answer.ok ? 200 : 400, body: JSON.stringify(answer) }
  }

  return {
    transport,
    calls,
    balances,
    lose(loss: Loss) {
      losses.push({ ...loss })
    },
  }
}
