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

type Messages = Record<string, Record<string, { translation?: string }>>

/** Each catalog of lingui.config.ts (the main one, then lazily loaded sections). */
let sets: { name: string; used: string[]; catalogs: Messages }[] = []

beforeAll(async () => {
  const config = getConfig({ cwd: root, configPath: path.join(root, 'lingui.config.ts') })
  const all = await getCatalogs(config)
  if (all.length === 0) throw new Error('lingui.config.ts declares no catalog')
  sets = []
  for (const catalog of all) {
    const extracted = await catalog.collect()
    if (!extracted) throw new Error('message extraction failed')
    sets.push({
      name: path.basename(catalog.path),
      used: Object.keys(extracted),
      catalogs: (await catalog.readAll()) as Messages,
    })
  }
}, 120_000)

describe('translation catalogs', () => {
  test('the source uses messages at all (the extraction works)', () => {
    expect(sets[0]?.used.length).toBeGreaterThan(50)
    expect(sets.every((s) => s.used.length > 0)).toBe(true)
  })

  for (const locale of complete) {
    test(`${locale} translates every message the source uses`, () => {
      const missing = sets.flatMap(({ name, used, catalogs }) =>
        used.filter((id) => !catalogs[locale]?.[id]?.translation?.trim()).map((id) => `${name}: ${id}`),
      )
      expect(missing).toEqual([])
    })
  }

  for (const locale of present) {
    test(`${locale} has a catalog with every message the source uses`, () => {
      const missing = sets.flatMap(({ name, used, catalogs }) =>
        used.filter((id) => !(id in (catalogs[locale] ?? {}))).map((id) => `${name}: ${id}`),
      )
      expect(missing).toEqual([])
    })
  }

  test('translations keep the placeholders of their message', () => {
    const problems: string[] = []
    const placeholders = (s: string) => [...s.matchAll(/\{[^{}]+\}|<\/?\d+\/?>/g)].map((m) => m[0]).sort()
    for (const { used, catalogs } of sets) {
      for (const [locale, catalog] of Object.entries(catalogs)) {
        for (const id of used) {
          const t = catalog[id]?.translation
          const source = catalogs.en?.[id]?.translation ?? ''
          if (t && JSON.stringify(placeholders(t)) !== JSON.stringify(placeholders(source))) {
            problems.push(`${locale}: ${source} -> ${t}`)
          }
        }
      }
    }
    expect(problems).toEqual([])
  })
})
