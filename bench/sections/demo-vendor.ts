/**
 * The demo vendor's slot, in-process (no I/O): its exact return to player from the paytable,
 * the return over a million provably fair rounds (the derivation players verify) with its
 * standard error, and how many rounds a second that derivation computes on one core.
 */
import { exactRtp, slotPaytable, slotRound } from '#server/vendors/demo/slot'
import { num } from '../lib/format'
import type { BenchSection, SectionResult } from '../lib/types'

const rounds = 1_000_000
const target = 0.96

export const section: BenchSection = {
  name: 'demo-vendor',
  title: 'Demo vendor slot: return to player and provably fair rounds per second',
  order: 75,
  async run(ctx): Promise<SectionResult> {
    const pays = slotPaytable(target)
    const exact = exactRtp(pays)
    let sum = 0
    let squares = 0
    const started = process.hrtime.bigint()
    for (let nonce = 0; nonce < rounds; nonce++) {
      const x = slotRound({ serverSeed: 'bench-server-seed', clientSeed: 'bench', nonce }, pays).pay / 100
      sum += x
      squares += x * x
    }
    const seconds = Number(process.hrtime.bigint() - started) / 1e9
    const mean = sum / rounds
    const stdError = Math.sqrt((squares / rounds - mean * mean) / rounds)
    const perSecond = rounds / seconds
    ctx.log(
      `configured RTP ${(target * 100).toFixed(2)} %, exact from the paytable ${(exact * 100).toFixed(3)} %`,
    )
    ctx.log(
      `simulated over ${num(rounds)} rounds: ${(mean * 100).toFixed(3)} % (standard error ${(stdError * 100).toFixed(3)} %)`,
    )
    ctx.log(`provably fair rounds computed: ${num(Math.round(perSecond))}/s`)
    return {
      figures: { target, exact, simulated: mean, stdError, rounds, roundsPerSecond: perSecond },
      summary: [
        {
          metric: 'demo slot exact RTP',
          value: `${(exact * 100).toFixed(3)} %`,
          note: `target ${target * 100} %`,
        },
        {
          metric: 'demo slot simulated RTP (10^6)',
          value: `${(mean * 100).toFixed(3)} %`,
          note: `±${(stdError * 100).toFixed(3)} % s.e.`,
        },
        { metric: 'demo slot rounds/s (pure)', value: num(Math.round(perSecond)) },
      ],
    }
  },
}
