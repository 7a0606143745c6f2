/**
 * Every message the source uses has a translation in the complete languages (Khmer,
 * English, Chinese), and the Thai and Vietnamese catalogs exist. Messages are extracted
 * from the source the way `lingui extract` does, so a new string without a translation
 * fails here rather than showing a message id to a user.
 */
import path from 'node:path'
import { getCatalogs } from '@lingui/cli/api'
import { getConfig } from '@lingui/conf'
import { beforeAll, describe, expect, test } from 'vitest'

const root = path.resolve(import.meta.dirname, '../..')
const complete = ['km', 'en', 'zh'] as const
const present = ['th', 'vi'] as const

let used: string[] = []
let catalogs: Record<string, Record<string, { translation?: string }>> = {}

beforeAll(async () => {
  const config = getConfig({ cwd: root, configPath: path.join(root, 'lingui.config.ts') })
  const [catalog] = await getCatalogs(config)
  if (!catalog) throw new Error('lingui.config.ts declares no catalog')
  const extracted = await catalog.collect()
  if (!extracted) throw new Error('message extraction failed')
  used = Object.keys(extracted)
  catalogs = (await catalog.readAll()) as typeof catalogs
}, 120_000)

describe('translation catalogs', () => {
  test('the source uses messages at all (the extraction works)', () => {
    expect(used.length).toBeGreaterThan(50)
  })

  for (const locale of complete) {
    test(`${locale} translates every message the source uses`, () => {
      const catalog = catalogs[locale] ?? {}
      const missing = used.filter((id) => !catalog[id]?.translation?.trim())
      expect(missing).toEqual([])
    })
  }

  for (const locale of present) {
    test(`${locale} has a catalog with every message the source uses`, () => {
      const catalog = catalogs[locale] ?? {}
      expect(used.filter((id) => !(id in catalog))).toEqual([])
    })
  }

  test('translations keep the placeholders of their message', () => {
    const problems: string[] = []
    const placeholders = (s: string) => [...s.matchAll(/\{[^{}]+\}|<\/?\d+\/?>/g)].map((m) => m[0]).sort()
    for (const [locale, catalog] of Object.entries(catalogs)) {
      for (const id of used) {
        const t = catalog[id]?.translation
        const source = catalogs.en?.[id]?.translation ?? ''
        if (t && JSON.stringify(placeholders(t)) !== JSON.stringify(placeholders(source))) {
          problems.push(`${locale}: ${source} -> ${t}`)
        }
      }
    }
    expect(problems).toEqual([])
  })
})
