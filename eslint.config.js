// @ts-check
import { readdirSync } from 'node:fs'
import js from '@eslint/js'
import importX from 'eslint-plugin-import-x'
import jsxA11y from 'eslint-plugin-jsx-a11y'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

/** The boundaries of shared/style.md section 3, as import-x zones. */
const zones = [
  // src/contract is the shared ground: it imports zod and nothing of ours.
  {
    target: './src/contract',
    from: './src',
    except: ['./contract'],
    message: 'src/contract imports only zod',
  },
  { target: './src/contract', from: './server', message: 'src/contract imports only zod' },
  // The PWA and the server meet only in src/contract.
  { target: './src', from: './server', message: 'the PWA never imports the server' },
  {
    target: './server',
    from: './src',
    except: ['./contract'],
    message: 'the server imports only src/contract',
  },
  // The PWA imports each area's rows where it calls them (src/contract/<area>.ts); the whole
  // table is for the server and the tests, or every area's schemas ride in the entry chunk.
  {
    target: './src',
    from: './src/contract/endpoints.ts',
    except: [],
    message: "the PWA imports an area's rows (src/contract/<area>.ts), not the whole endpoint table",
  },
  // The service worker imports no UI.
  {
    target: './src/sw',
    from: './src',
    except: ['./sw', './contract', './lib/db.ts', './utils'],
    message: 'the service worker imports no UI',
  },
  // Shared code never imports features or routes; features never import routes.
  {
    target: ['./src/components', './src/lib', './src/hooks', './src/utils', './src/config'],
    from: ['./src/features', './src/routes'],
    message: 'shared code never imports upward',
  },
  { target: './src/features', from: './src/routes', message: 'features never import routes' },
  // One zone per feature folder, read from disk so a new feature is covered without an edit here.
  ...readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map(({ name }) => ({
      target: `./src/features/${name}`,
      from: './src/features',
      except: [`./${name}`],
      message: 'no feature imports another feature: combine them in a route',
    })),
]

const barrelBan = {
  group: ['**/index', '**/index.ts', '**/index.tsx', '**/index.js'],
  message: 'no barrel files: import the module itself',
}

/** A relative import that climbs out of its top-level folder names the other one by its alias. */
const crossFolderBan = {
  regex: '^(\\.\\./)+(src|server|tests)/',
  message:
    'import across top-level folders through #src/, #contract/, #server/ or #tests/ (package.json imports)',
}

/**
 * The options of no-restricted-imports for one area. A later flat-config block replaces a
 * rule's options outright, so every block builds them here and keeps the barrel ban.
 */
function restrictedImports({ paths = [], patterns = [] } = {}) {
  return /** @type {const} */ (['error', { paths, patterns: [barrelBan, crossFolderBan, ...patterns] }])
}

const storeAndDexieBans = [
  { group: ['valtio', 'valtio/*'], message: 'only src/lib and a feature store.ts import valtio' },
  { group: ['dexie', 'dexie/*'], message: 'use src/lib/db.ts' },
]
const dbClientBan = 'open the database through server/plugins/external/db.ts'

/** The attributes whose text a user reads or hears. */
const readAttributes = new Set([
  'alt',
  'title',
  'placeholder',
  'aria-label',
  'aria-description',
  'aria-valuetext',
])

/** The components that carry a message to Lingui: text inside them is extracted and translated. */
const linguiMessageTags = new Set(['Trans', 'Plural', 'Select', 'SelectOrdinal'])

/**
 * Text a user reads is translated: a JSX text with a letter in it, or a string literal written
 * as an element's child, must sit inside Lingui's <Trans> (or Plural/Select), so the catalogs
 * in the five languages carry it; an alt, title, placeholder or aria-label written as a plain
 * string is not translated either (t`…` is). Text of no language (digits, symbols,
 * punctuation) passes.
 * @type {import('eslint').Rule.RuleModule}
 */
const noUntranslatedJsxText = {
  meta: {
    type: 'problem',
    docs: { description: 'JSX text a user reads goes through Lingui (<Trans>)' },
    schema: [],
    messages: {
      untranslated:
        'Text "{{text}}" is not translated: wrap it in <Trans> (or use t`…`) and run `npx lingui extract`.',
    },
  },
  create(context) {
    const hasLetter = (text) => /\p{L}/u.test(text)
    /** @param {any} node */
    const insideMessage = (node) => {
      for (let p = node.parent; p; p = p.parent) {
        if (p.type === 'JSXElement' && p.openingElement.name.type === 'JSXIdentifier') {
          if (linguiMessageTags.has(p.openingElement.name.name)) return true
        }
      }
      return false
    }
    /** @param {any} node @param {string} text */
    const check = (node, text) => {
      if (!hasLetter(text) || insideMessage(node)) return
      context.report({ node, messageId: 'untranslated', data: { text: text.trim().slice(0, 40) } })
    }
    return {
      JSXText(node) {
        check(node, node.value)
      },
      // The attributes a user reads or hears (alt="Logo", aria-label="Close").
      JSXAttribute(node) {
        if (node.name.type !== 'JSXIdentifier' || !readAttributes.has(node.name.name)) return
        if (node.value?.type === 'Literal' && typeof node.value.value === 'string')
          check(node.value, node.value.value)
      },
      // {'Some text'} or {`Some text`} as an element's child reads the same as JSX text.
      'JSXElement > JSXExpressionContainer > Literal, JSXFragment > JSXExpressionContainer > Literal'(node) {
        if (typeof node.value === 'string') check(node, node.value)
      },
      'JSXElement > JSXExpressionContainer > TemplateLiteral, JSXFragment > JSXExpressionContainer > TemplateLiteral'(
        node,
      ) {
        if (node.expressions.length === 0) check(node, node.quasis[0]?.value.cooked ?? '')
      },
    }
  },
}

/** The form controls a label names: text, choice and list controls (not buttons nor hidden fields). */
const labelledControls = new Set(['input', 'select', 'textarea'])
const unlabelledInputTypes = new Set(['hidden', 'submit', 'button', 'reset', 'image'])

/**
 * Every form control has a name a screen reader reads: it sits inside its <label>, or a
 * <label htmlFor> in the same file points at its id (written the same way: `id={ids.stake}`
 * and `htmlFor={ids.stake}`), or it has aria-label / aria-labelledby. jsx-a11y checks a label
 * has a control, not that a control has a label. A control that spreads its props is labelled
 * by its caller (src/components/ui/text-field.tsx).
 * @type {import('eslint').Rule.RuleModule}
 */
const controlHasLabel = {
  meta: {
    type: 'problem',
    docs: { description: 'a form control has a label' },
    schema: [],
    messages: {
      unlabelled:
        '<{{name}}> has no label: put it inside a <label>, point a <label htmlFor> at its id, or give it aria-label.',
    },
  },
  create(context) {
    const source = context.sourceCode
    /** @type {Set<string>} */
    const labelTargets = new Set()
    /** @type {{ node: any, name: string, id: string }[]} */
    const byId = []
    /** @param {any} attrs @param {string} name */
    const attr = (attrs, name) =>
      attrs.find((a) => a.type === 'JSXAttribute' && a.name.type === 'JSXIdentifier' && a.name.name === name)
    /** @param {any} value */
    const valueText = (value) =>
      !value
        ? ''
        : value.type === 'JSXExpressionContainer'
          ? source.getText(value.expression)
          : source.getText(value)
    return {
      JSXOpeningElement(node) {
        if (node.name.type !== 'JSXIdentifier') return
        const name = node.name.name
        if (name === 'label') {
          const target = attr(node.attributes, 'htmlFor')
          if (target) labelTargets.add(valueText(target.value))
          return
        }
        if (!labelledControls.has(name)) return
        const attrs = node.attributes
        if (attrs.some((a) => a.type === 'JSXSpreadAttribute')) return
        const type = attr(attrs, 'type')
        if (
          name === 'input' &&
          type?.value?.type === 'Literal' &&
          unlabelledInputTypes.has(String(type.value.value))
        )
          return
        if (attr(attrs, 'aria-label') || attr(attrs, 'aria-labelledby')) return
        for (let p = node.parent.parent; p; p = p.parent) {
          if (
            p.type === 'JSXElement' &&
            p.openingElement.name.type === 'JSXIdentifier' &&
            p.openingElement.name.name === 'label'
          )
            return
        }
        const id = attr(attrs, 'id')
        if (id) byId.push({ node, name, id: valueText(id.value) })
        else context.report({ node, messageId: 'unlabelled', data: { name } })
      },
      'Program:exit'() {
        for (const { node, name, id } of byId) {
          if (!labelTargets.has(id)) context.report({ node, messageId: 'unlabelled', data: { name } })
        }
      },
    }
  },
}

export default tseslint.config(
  {
    ignores: [
      'node_modules',
      'dist',
      '.server-build',
      'data',
      'src/route-tree.gen.ts',
      'server/db/migrations',
      'bench/results',
      'test-results',
      'playwright-report',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js}'],
    plugins: { 'import-x': importX },
    languageOptions: {
      globals: { ...globals.browser, ...globals.node },
    },
    settings: {
      // Without these import-x reads no .ts file's imports, and no-cycle finds nothing.
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [importX.createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] })],
    },
    rules: {
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'import-x/no-restricted-paths': ['error', { zones }],
      // A module that mostly re-exports is a barrel whatever its name; the default lets one
      // re-export three modules before it counts.
      'import-x/avoid-barrel-files': ['error', { amountOfExportsToConsiderModuleAsBarrel: 0 }],
      'no-restricted-imports': restrictedImports(),
      // Node's modules, packages, the project's # aliases, then relative paths up and beside,
      // each group alphabetized. Side-effect imports (a stylesheet) are never moved: the
      // cascade follows their order (the rule leaves unassigned imports where they are).
      'import-x/order': [
        'error',
        {
          groups: ['builtin', 'external', 'internal', 'parent', 'sibling', 'index'],
          pathGroups: [{ pattern: '#*/**', group: 'internal' }],
          pathGroupsExcludedImportTypes: ['builtin'],
          'newlines-between': 'ignore',
          alphabetize: { order: 'asc', caseInsensitive: true },
          warnOnUnassignedImports: false,
        },
      ],
    },
  },
  {
    // The code's own graph has no cycles; tests and tooling sit outside it.
    files: ['src/**/*.{ts,tsx}', 'server/**/*.ts'],
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    // The PWA's components: the rules of hooks (and of the React Compiler's checks), accessible
    // markup, and no text a user reads outside Lingui.
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/sw/**', 'src/contract/**'],
    ...reactHooks.configs.flat['recommended-latest'],
    rules: {
      ...reactHooks.configs.flat['recommended-latest'].rules,
      // The recommended config only warns of these, and a warning lets `npm run lint` pass.
      'react-hooks/exhaustive-deps': 'error',
      'react-hooks/incompatible-library': 'error',
      'react-hooks/unsupported-syntax': 'error',
    },
  },
  {
    files: ['src/**/*.tsx'],
    ...jsxA11y.flatConfigs.recommended,
    rules: {
      ...jsxA11y.flatConfigs.recommended.rules,
      // A label's text is one level deeper than the default looks: <label><input /><span>
      // <Trans>…</Trans></span></label>.
      'jsx-a11y/label-has-associated-control': ['error', { depth: 3 }],
    },
  },
  {
    files: ['src/**/*.tsx'],
    plugins: {
      portal: {
        rules: { 'no-untranslated-jsx-text': noUntranslatedJsxText, 'control-has-label': controlHasLabel },
      },
    },
    rules: {
      'portal/no-untranslated-jsx-text': 'error',
      'portal/control-has-label': 'error',
    },
  },
  {
    // Only src/lib and feature stores touch valtio; only src/lib/db.ts makes the Dexie database.
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/lib/**', 'src/features/*/store.ts'],
    rules: {
      'no-restricted-imports': restrictedImports({ patterns: storeAndDexieBans }),
    },
  },
  {
    // The service worker runs without a page: no React, no router, no stores.
    files: ['src/sw/**/*.ts'],
    rules: {
      'no-restricted-imports': restrictedImports({
        patterns: [
          ...storeAndDexieBans,
          {
            group: [
              'react',
              'react/*',
              'react-dom',
              'react-dom/*',
              '@tanstack/*',
              '@lingui/react',
              '@lingui/react/*',
            ],
            message: 'the service worker imports no UI',
          },
        ],
      }),
    },
  },
  {
    // The contract is shared by the PWA, the service worker and the server: zod and itself only.
    files: ['src/contract/**/*.ts'],
    rules: {
      'no-restricted-imports': restrictedImports({
        patterns: [
          {
            regex: '^(?!zod(/|$)|\\./|#contract/)',
            message: 'src/contract imports only zod',
          },
        ],
      }),
    },
  },
  {
    // Only server/plugins/external/db.ts makes a Drizzle client.
    files: ['server/**/*.ts'],
    ignores: ['server/plugins/external/db.ts'],
    rules: {
      'no-restricted-imports': restrictedImports({
        paths: ['drizzle-orm/pglite', 'drizzle-orm/node-postgres', '@electric-sql/pglite'].map((name) => ({
          name,
          message: dbClientBan,
        })),
      }),
    },
  },
)
