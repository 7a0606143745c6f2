/**
 * Which adapter launches a brand's vendor. The catalogue names vendors by their code
 * (vassalage) per brand; an install registers the adapters it has (the demo vendor in
 * demo mode, a real aggregator later), each for the vendors and brands it serves. A vendor
 * no adapter serves cannot be launched (vendor_not_found), and a wallet call under an
 * adapter id nobody registered is refused before anything is read.
 */
import type { VendorAdapter } from './adapter'

export interface VendorBinding {
  adapter: VendorAdapter
  /** The vendor codes (vassalage) it serves; omitted: every vendor. */
  vassalages?: readonly string[]
  /** The brands it serves; omitted: every brand. */
  merchantCodes?: readonly string[]
}

export interface VendorRegistry {
  /** The adapter that launches this brand's vendor, if any. */
  adapterFor(merchantCode: string, vassalage: string): VendorAdapter | undefined
  /** A registered adapter by its id (the id in the wallet API's path). */
  byId(vendorId: string): VendorAdapter | undefined
  /** Every registered adapter id. */
  readonly ids: readonly string[]
}

const idPattern = /^[A-Za-z0-9_-]{1,32}$/

export function createVendorRegistry(bindings: readonly VendorBinding[] = []): VendorRegistry {
  const byId = new Map<string, VendorAdapter>()
  for (const b of bindings) {
    if (!idPattern.test(b.adapter.id))
      throw new Error(`vendor adapter id ${b.adapter.id} is not usable in a path`)
    const known = byId.get(b.adapter.id)
    if (known && known !== b.adapter) throw new Error(`two vendor adapters are named ${b.adapter.id}`)
    byId.set(b.adapter.id, b.adapter)
  }
  return {
    adapterFor(merchantCode, vassalage) {
      // The first binding that serves both: an install lists its specific bindings first.
      const found = bindings.find(
        (b) =>
          (b.vassalages === undefined || b.vassalages.includes(vassalage)) &&
          (b.merchantCodes === undefined || b.merchantCodes.includes(merchantCode)),
      )
      return found?.adapter
    },
    byId: (vendorId) => byId.get(vendorId),
    ids: [...byId.keys()],
  }
}
