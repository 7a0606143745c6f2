/**
 * The React rules of the style guide, proved against the project's own ESLint config: the
 * rules of hooks, accessible markup (jsx-a11y) and no text a user reads outside Lingui; and
 * the rules of imports (aliases across top-level folders, their order). Each component is
 * linted as if it sat in src/, so a rule that stops firing (or fires on the project's own way
 * of writing it) fails here.
 */
import path from 'node:path'
import { ESLint } from 'eslint'
import { describe, expect, it } from 'vitest'

const root = path.resolve(import.meta.dirname, '../..')
const eslint = new ESLint({ cwd: root })

async function rulesHit(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, filePath) })
  return (result?.messages ?? []).map((m) => m.ruleId ?? `fatal: ${m.message}`)
}

const at = 'src/features/games/components/probe.tsx'

describe('the rules of hooks', () => {
  it('rejects a hook called conditionally', async () => {
    const code = `import { useState } from 'react'
export function Counter({ shown }: { shown: boolean }) {
  if (!shown) return null
  const [count, setCount] = useState(0)
  return <button type="button" onClick={() => setCount(count + 1)}>{count}</button>
}
`
    expect(await rulesHit(at, code)).toContain('react-hooks/rules-of-hooks')
  })

  it('rejects an effect that leaves out what it reads', async () => {
    const code = `import { useEffect } from 'react'
export function Title({ title }: { title: string }) {
  useEffect(() => {
    document.title = title
  }, [])
  return null
}
`
    expect(await rulesHit(at, code)).toContain('react-hooks/exhaustive-deps')
  })

  it('lets hooks be called at the top, with their dependencies', async () => {
    const code = `import { useEffect, useState } from 'react'
export function Counter({ title }: { title: string }) {
  const [count, setCount] = useState(0)
  useEffect(() => {
    document.title = title
  }, [title])
  return <button type="button" onClick={() => setCount(count + 1)}>{count}</button>
}
`
    expect(await rulesHit(at, code)).toEqual([])
  })
})

describe('accessible markup', () => {
  it('rejects an input without a label', async () => {
    const code = `export function Search() {
  return (
    <form role="search">
      <input name="q" />
    </form>
  )
}
`
    expect(await rulesHit(at, code)).toEqual(['portal/control-has-label'])
  })

  it('rejects a control whose id no label of the file points at', async () => {
    const code = `import { useId } from 'react'
export function Search() {
  const id = useId()
  const other = useId()
  return (
    <form role="search">
      <label htmlFor={other} />
      <select id={id} />
    </form>
  )
}
`
    expect(await rulesHit(at, code)).toEqual(
      expect.arrayContaining(['portal/control-has-label', 'jsx-a11y/label-has-associated-control']),
    )
  })

  it('lets a control be labelled by its label, a label pointing at its id, or aria-label', async () => {
    const code = `import { Trans, useLingui } from '@lingui/react/macro'
import { useId } from 'react'
export function Search() {
  const { t } = useLingui()
  const ids = { q: useId() }
  return (
    <form role="search">
      <label htmlFor={ids.q}>
        <Trans>Game name</Trans>
      </label>
      <input id={ids.q} name="q" />
      <label>
        <Trans>Sort</Trans> <select name="sort" />
      </label>
      <textarea aria-label={t\`Note\`} />
      <input type="hidden" name="token" />
    </form>
  )
}
`
    expect(await rulesHit(at, code)).toEqual([])
  })

  it('rejects an image without alt', async () => {
    const code = `export function Logo({ src }: { src: string }) {
  return <img src={src} width={40} height={40} />
}
`
    expect(await rulesHit(at, code)).toEqual(['jsx-a11y/alt-text'])
  })

  it('rejects a click on an element that is no control', async () => {
    const code = `export function Card({ onOpen }: { onOpen: () => void }) {
  return <div className="card" onClick={onOpen} />
}
`
    expect(await rulesHit(at, code)).toEqual(
      expect.arrayContaining([
        'jsx-a11y/click-events-have-key-events',
        'jsx-a11y/no-static-element-interactions',
      ]),
    )
  })

  it('lets a labelled input (its text in <Trans>) and an image with alt through', async () => {
    const code = `import { Trans } from '@lingui/react/macro'
export function Terms({ src }: { src: string }) {
  return (
    <>
      <label className="check">
        <input type="checkbox" />
        <span>
          <Trans>I agree to the terms.</Trans>
        </span>
      </label>
      <img src={src} alt="" width={40} height={40} />
    </>
  )
}
`
    expect(await rulesHit(at, code)).toEqual([])
  })
})

describe('text a user reads goes through Lingui', () => {
  const untranslated = 'portal/no-untranslated-jsx-text'

  it('rejects English JSX text outside <Trans>', async () => {
    const code = `export function Empty() {
  return <p className="muted">No games here yet.</p>
}
`
    expect(await rulesHit(at, code)).toEqual([untranslated])
  })

  it('rejects a string literal written as an element child', async () => {
    const code = `export function Empty() {
  return <p>{'No games here yet.'}</p>
}
`
    expect(await rulesHit(at, code)).toEqual([untranslated])
  })

  it('rejects text of any language, not only English', async () => {
    const code = `export function Empty() {
  return <p>គ្មានហ្គេម</p>
}
`
    expect(await rulesHit(at, code)).toEqual([untranslated])
  })

  it('rejects an alt or aria-label written as a plain English string', async () => {
    const code = `export function Close({ onClose }: { onClose: () => void }) {
  return (
    <button type="button" aria-label="Close" onClick={onClose}>
      <img src="/x.svg" alt="Close icon" />
    </button>
  )
}
`
    expect(await rulesHit(at, code)).toEqual([untranslated, untranslated])
  })

  it('lets text inside <Trans> (also nested in its markup) and text of no language through', async () => {
    const code = `import { Trans, useLingui } from '@lingui/react/macro'
export function Total({ n }: { n: number }) {
  const { t } = useLingui()
  return (
    <p aria-label={t\`Total\`}>
      <Trans>
        Total <strong>{n} games</strong>
      </Trans>{' '}
      × {n} · 100% – …
    </p>
  )
}
`
    expect(await rulesHit(at, code)).toEqual([])
  })
})

describe('imports across top-level folders', () => {
  it('rejects a relative climb into another top-level folder and takes its alias', async () => {
    const climbing = `import { members } from '../../server/db/schema'\nexport const table = members\n`
    expect(await rulesHit('tests/server/probe.test.ts', climbing)).toContain('no-restricted-imports')
    const aliased = `import { members } from '#server/db/schema'\nexport const table = members\n`
    expect(await rulesHit('tests/server/probe.test.ts', aliased)).not.toContain('no-restricted-imports')
  })
})

describe('the order of imports', () => {
  const order = 'import-x/order'
  const fixer = new ESLint({ cwd: root, fix: true })
  const fixed = async (code: string) => {
    const [result] = await fixer.lintText(code, { filePath: path.join(root, at) })
    return result?.output ?? code
  }

  it.each([
    [
      'a package after a relative path',
      `import { b } from './b'\nimport { useState } from 'react'\nexport const all = [b, useState]\n`,
    ],
    [
      'an alias after a parent',
      `import { a } from '../a'\nimport { locales } from '#contract/locales'\nexport const all = [a, locales]\n`,
    ],
    [
      'a group out of alphabet',
      `import { z } from './z'\nimport { y } from './y'\nexport const all = [y, z]\n`,
    ],
  ])('rejects %s', async (_what, code) => {
    expect(await rulesHit(at, code)).toEqual([order])
  })

  it('takes Node, packages, the # aliases, parents then siblings, each alphabetized', async () => {
    const code = `import path from 'node:path'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { locales } from '#contract/locales'
import { api } from '#src/lib/api.ts'
import { a } from '../a'
import { b } from './b'
import { c } from './c'
export const all = [path, useQuery, useState, locales, api, a, b, c]
`
    expect(await rulesHit(at, code)).not.toContain(order)
  })

  it('sorts the imports with --fix and never moves a stylesheet: the cascade keeps its order', async () => {
    const code = `import './second.css'
import './first.css'
import { y } from './y'
import { useState } from 'react'
import { x } from './x'
export const all = [x, y, useState]
`
    expect(await rulesHit(at, code)).toEqual([order])
    expect(await fixed(code)).toBe(`import './second.css'
import './first.css'
import { useState } from 'react'
import { x } from './x'
import { y } from './y'
export const all = [x, y, useState]
`)
  })

  it('never takes an import across a stylesheet: a file must be put in order by hand there', async () => {
    const code = `import { x } from './x'
import './theme.css'
import { useState } from 'react'
export const all = [x, useState]
`
    expect(await rulesHit(at, code)).toEqual([order])
    expect(await fixed(code)).toBe(code)
  })
})
