import { describe, expect, test } from 'vitest'
import { allEndpoints } from '#contract/endpoints'
import { socialFlags } from '#contract/identity'
import { featureFlags, isFeatureFlag } from '#contract/system'

describe('the flags the contract knows', () => {
  test('hold every flag an endpoint is gated by and every social sign-in flag', () => {
    const gated = allEndpoints().flatMap((e) => (e.modId === undefined ? [] : [e.modId]))
    const unknown = [...gated, ...Object.values(socialFlags)].filter((f) => !isFeatureFlag(f))
    expect(unknown).toEqual([])
  })

  test('hang each flag under a flag of the list, with no loop', () => {
    for (const flag of Object.keys(featureFlags)) {
      const seen = new Set<string>()
      let node: string | null = flag
      while (node !== null) {
        expect(seen.has(node), `${flag} loops at ${node}`).toBe(false)
        seen.add(node)
        expect(isFeatureFlag(node), `${node} (above ${flag}) is a known flag`).toBe(true)
        node = isFeatureFlag(node) ? featureFlags[node] : null
      }
    }
  })
})
