/**
 * Provably fair rounds: a round's outcome is a pure function of (serverSeed, clientSeed,
 * nonce). The player sees SHA-256(serverSeed) before the round, sets the client seed, and
 * gets the server seed after it, so they can recompute the round (the /demo-vendor/verify
 * page does) and check the seed matches the hash they were shown.
 *
 * Floats: HMAC-SHA256(serverSeed, `${clientSeed}:${nonce}:${block}`) gives 32 bytes per
 * block, read as eight big-endian uint32 / 2^32, block 0, 1, … as many as a game needs.
 */
import { createHash, createHmac, randomBytes } from 'node:crypto'

export interface FairInput {
  serverSeed: string
  clientSeed: string
  nonce: number
}

export function sha256Hex(text: string): string {
  return createHash('sha256').update(text).digest('hex')
}

/** A fresh server seed: 32 random bytes, hex. */
export function newServerSeed(): string {
  return randomBytes(32).toString('hex')
}

/** A default client seed (the player may replace it). */
export function newClientSeed(): string {
  return randomBytes(8).toString('hex')
}

/** `count` floats in [0, 1) for this round. */
export function fairFloats(input: FairInput, count: number): number[] {
  const out: number[] = []
  for (let block = 0; out.length < count; block++) {
    const bytes = createHmac('sha256', input.serverSeed)
      .update(`${input.clientSeed}:${input.nonce}:${block}`)
      .digest()
    for (let i = 0; i < 32 && out.length < count; i += 4) out.push(bytes.readUInt32BE(i) / 2 ** 32)
  }
  return out
}
