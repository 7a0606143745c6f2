/**
 * The module boundaries of the style guide, proved against the project's own ESLint config:
 * each code string is linted as if it sat at the given path, so a rule that stops firing (or
 * fires on an allowed import) fails here before it lets a real import through.
 */
import { readdirSync } from 'node:fs'
import path from 'node:path'
import { ESLint } from 'eslint'
import { describe, expect, it } from 'vitest'

const root = path.resolve(import.meta.dirname, '../..')
const eslint = new ESLint({ cwd: root })

async function lint(filePath: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, filePath) })
  return (result?.messages ?? []).map((m) => ({ rule: m.ruleId, message: m.message }))
}

const crossFeature = 'no feature imports another feature: combine them in a route'

/** One real module of a feature, so the import resolves as a real one would. */
function aModuleOf(feature: string): string {
  const dir = path.join(root, 'src/features', feature)
  const walk = (d: string): string | undefined => {
    for (const entry of readdirSync(d, { withFileTypes: true })) {
      const full = path.join(d, entry.name)
      if (entry.isFile() && /\.tsx?$/.test(entry.name)) return full
      if (entry.isDirectory()) {
        const found = walk(full)
        if (found) return found
      }
    }
    return undefined
  }
  const file = walk(dir)
  if (!file) throw new Error(`feature ${feature} has no module`)
  return `#src/${path.relative(path.join(root, 'src'), file).replace(/\.tsx?$/, '')}`
}

describe('feature boundaries', () => {
  it('rejects a feature importing another feature by alias or by relative path', async () => {
    const code = `import { useAfterLogin } from '#src/features/identity/use-after-login'
import { useAfterLogin } from '../identity/use-after-login'
export const hooks = [useAfterLogin, useAfterLogin]
`
    const messages = await lint('src/features/money/cross.ts', code)
    expect(messages).toEqual([
      { rule: 'import-x/no-restricted-paths', message: expect.stringContaining(crossFeature) },
      { rule: 'import-x/no-restricted-paths', message: expect.stringContaining(crossFeature) },
    ])
  })

  it('covers every feature folder, each against every other', async () => {
    const features = readdirSync(path.join(root, 'src/features'), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
    expect(features.length).toBeGreaterThan(1)
    for (const [i, feature] of features.entries()) {
      const other = features[(i + 1) % features.length] as string
      const code = `import * as other from '${aModuleOf(other)}'\nexport const x = other\n`
      const messages = await lint(`src/features/${feature}/cross.ts`, code)
      expect(messages, `${feature} importing ${other}`).toEqual([
        { rule: 'import-x/no-restricted-paths', message: expect.stringContaining(crossFeature) },
      ])
    }
  })

  it('lets a feature import its own modules and shared code', async () => {
    const code = `import { MoneySchema } from '#contract/money'
import { useIdempotencyKey } from '#src/hooks/use-idempotency-key'
import { brandQueryOptions } from '../../lib/brand-query'
import { useCurrency } from './use-currency'
export const used = [useCurrency, brandQueryOptions, useIdempotencyKey, MoneySchema]
`
    expect(await lint('src/features/money/allowed.ts', code)).toEqual([])
  })
})

describe('one direction: shared code, then features, then routes', () => {
  it('rejects shared code importing a feature', async () => {
    const code = `import { useAfterLogin } from '../features/identity/use-after-login'\nexport const x = useAfterLogin\n`
    expect(await lint('src/lib/upward.ts', code)).toEqual([
      {
        rule: 'import-x/no-restricted-paths',
        message: expect.stringContaining('shared code never imports upward'),
      },
    ])
  })

  it('rejects a feature importing a route', async () => {
    const code = `import { Route } from '#src/routes/__root'\nexport const x = Route\n`
    expect(await lint('src/features/money/upward.ts', code)).toEqual([
      {
        rule: 'import-x/no-restricted-paths',
        message: expect.stringContaining('features never import routes'),
      },
    ])
  })

  it('lets a route combine features', async () => {
    const code = `import { useAfterLogin } from '../features/identity/use-after-login'
import { useCurrency } from '../features/money/use-currency'
export const x = [useAfterLogin, useCurrency]
`
    expect(await lint('src/routes/combined.tsx', code)).toEqual([])
  })
})

describe('the PWA loads the contract by area', () => {
  it('rejects the PWA importing the whole endpoint table', async () => {
    const code = `import { endpoints } from '#contract/endpoints'\nexport const x = endpoints\n`
    expect(await lint('src/features/money/api/table.ts', code)).toEqual([
      {
        rule: 'import-x/no-restricted-paths',
        message: expect.stringContaining("the PWA imports an area's rows"),
      },
    ])
  })

  it("lets a feature import its area's rows", async () => {
    const code = `import { fundsEndpoints } from '#contract/funds'\nexport const x = fundsEndpoints\n`
    expect(await lint('src/features/money/api/rows.ts', code)).toEqual([])
  })
})

describe('the PWA and the server meet only in src/contract', () => {
  it('rejects the server importing the PWA', async () => {
    const code = `import { api } from '#src/lib/api'\nexport const x = api\n`
    expect(await lint('server/http/reach.ts', code)).toEqual([
      {
        rule: 'import-x/no-restricted-paths',
        message: expect.stringContaining('the server imports only src/contract'),
      },
    ])
  })

  it('rejects the PWA importing the server', async () => {
    const code = `import { failure } from '#server/http/errors'\nexport const x = failure\n`
    expect(await lint('src/lib/reach.ts', code)).toEqual([
      {
        rule: 'import-x/no-restricted-paths',
        message: expect.stringContaining('the PWA never imports the server'),
      },
    ])
  })

  it('lets the server import the contract', async () => {
    const code = `import { serverPathPattern } from '#contract/server-paths'\nexport const x = serverPathPattern\n`
    expect(await lint('server/http/reach.ts', code)).toEqual([])
  })

  it('rejects the contract importing anything but zod', async () => {
    const code = `import { useState } from 'react'
import { z } from 'zod'
import { FailureSchema } from './envelope'
export const x = [useState, z, FailureSchema]
`
    expect(await lint('src/contract/reach.ts', code)).toEqual([
      { rule: 'no-restricted-imports', message: expect.stringContaining('src/contract imports only zod') },
    ])
  })
})

describe('the service worker', () => {
  it('imports no UI, no feature and no store', async () => {
    const code = `import { useState } from 'react'
import { proxy } from 'valtio'
import { useAfterLogin } from '../features/identity/use-after-login'
export const x = [useState, useAfterLogin, proxy]
`
    const messages = await lint('src/sw/reach.ts', code)
    expect(messages).toEqual([
      { rule: 'no-restricted-imports', message: expect.stringContaining('the service worker imports no UI') },
      { rule: 'no-restricted-imports', message: expect.stringContaining('valtio') },
      {
        rule: 'import-x/no-restricted-paths',
        message: expect.stringContaining('the service worker imports no UI'),
      },
    ])
  })

  it('imports the contract', async () => {
    const code = `import { serverPathPattern } from '../contract/server-paths'\nexport const x = serverPathPattern\n`
    expect(await lint('src/sw/reach.ts', code)).toEqual([])
  })
})

describe('valtio stays behind src/lib and feature stores', () => {
  const code = `import { proxy } from 'valtio'\nexport const state = proxy({ open: false })\n`

  it('rejects valtio in a component', async () => {
    expect(await lint('src/features/money/components/panel.tsx', code)).toEqual([
      { rule: 'no-restricted-imports', message: expect.stringContaining('valtio') },
    ])
  })

  it('lets a feature store.ts and src/lib use it', async () => {
    expect(await lint('src/features/money/store.ts', code)).toEqual([])
    expect(await lint('src/lib/panel-store.ts', code)).toEqual([])
  })
})

describe('no cycles', () => {
  it('rejects an import that closes a cycle', async () => {
    // src/lib/brand-query.ts imports src/lib/api.ts; api.ts importing it back is a cycle.
    const code = `import { brandQueryOptions } from './brand-query'\nexport const x = brandQueryOptions\n`
    expect(await lint('src/lib/api.ts', code)).toEqual([
      { rule: 'import-x/no-cycle', message: expect.stringContaining('Dependency cycle') },
    ])
  })

  it('rejects a cycle on the server too', async () => {
    // server/http/static.ts imports server/http/errors.ts.
    const code = `import { registerStatic } from './static'\nexport const x = registerStatic\n`
    expect(await lint('server/http/errors.ts', code)).toEqual([
      { rule: 'import-x/no-cycle', message: expect.stringContaining('Dependency cycle') },
    ])
  })
})

describe('no barrel files', () => {
  const importsBarrel = `import { failure } from './errors/index'\nexport const x = failure\n`
  const barrel = `export { failure } from './errors'\nexport * from './static'\n`

  it.each([
    'server/http/reach.ts',
    'src/lib/reach.ts',
    'src/features/money/reach.ts',
    'src/contract/reach.ts',
  ])('rejects importing an index module in %s', async (file) => {
    const messages = await lint(file, importsBarrel)
    expect(messages).toContainEqual({
      rule: 'no-restricted-imports',
      message: expect.stringContaining('no barrel files'),
    })
  })

  it.each(['server/http/index.ts', 'src/lib/index.ts'])('rejects writing a barrel at %s', async (file) => {
    expect(await lint(file, barrel)).toContainEqual({
      rule: 'import-x/avoid-barrel-files',
      message: expect.stringContaining('barrel'),
    })
  })
})
