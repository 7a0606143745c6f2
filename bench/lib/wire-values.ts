/**
 * Values the contract defines, written again outside it. The contract (src/contract/) is the
 * one description of the wire: its value sets (the arrays and unions of string literals, the
 * `as const` tables), its patterns (regular expressions) and its named single values (a
 * header's name, a path). A copy of one of them in the PWA or the server agrees with the
 * contract today and drifts from it the first time the contract changes.
 *
 * The check is mechanical, over the syntax tree of each file:
 * - a value set outside the contract is an array literal of two or more string literals
 *   (`z.enum([...])`, a list to test against) or a union type of two or more string literal
 *   types; it is a copy when it holds exactly the values of one of the contract's sets, in
 *   any order;
 * - a regular expression literal is a copy when its text is that of one of the contract's
 *   whole-value patterns (anchored with ^ and $, at least 12 characters: a shorter one such as
 *   `^\d{1,3}$` is a shape any two fields share by chance, not a format of the contract's);
 * - a string literal is a copy when it is one of the contract's exported single values
 *   (`export const idempotencyHeader = 'Idempotency-Key'`) of at least 4 characters (`km` or
 *   `01` is too short to tell a copy from a coincidence), compared without case, since
 *   headers are read in lower case.
 * Equal values that mean something else are marked where they are written, with a comment
 * `wire-values: <why this is not the contract's>` on the line above or the same line: they
 * are listed with their reason and not counted.
 * Pure functions over text, like source-figures.ts: the bench section and
 * tests/bench/wire-values.test.ts read the files and hand them in.
 */
import ts from 'typescript'

export interface SourceText {
  file: string
  text: string
}

/** One value set, pattern or single value of the contract, with where it is defined. */
interface ContractValue {
  /** The declaration it belongs to, e.g. `lotteryPicks` in src/contract/lottery.ts. */
  name: string
  file: string
}

export interface ContractValues {
  /** Sorted values joined by a newline -> where the contract defines that set. */
  sets: Map<string, ContractValue>
  /** A regular expression's text -> where. */
  patterns: Map<string, ContractValue>
  /** A single value in lower case -> where. */
  singles: Map<string, ContractValue>
}

export interface WireValueCopy {
  file: string
  line: number
  kind: 'value set' | 'pattern' | 'single value'
  /** The copy as written, shortened for a table. */
  text: string
  /** The contract's definition it copies: `name (file)`. */
  copies: string
  /** Why it is not the contract's value, when a `wire-values:` comment marks it; else null. */
  marked: string | null
}

const minSetSize = 2
const minPatternLength = 12
const minSingleLength = 4
const marker = /\bwire-values:\s*(\S.*?)\s*(?:\*\/)?\s*$/

/** Whether a pattern describes a whole value (^…$) long enough to be a format of its own. */
function isFormat(pattern: string): boolean {
  const body = pattern.slice(1, pattern.lastIndexOf('/'))
  return body.startsWith('^') && body.endsWith('$') && body.length >= minPatternLength
}

function parse(s: SourceText): ts.SourceFile {
  const kind = s.file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS
  return ts.createSourceFile(s.file, s.text, ts.ScriptTarget.Latest, true, kind)
}

function stringOf(node: ts.Node): string | null {
  return ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) ? node.text : null
}

/** The values of an array literal made only of string literals, else null. */
function arrayValues(node: ts.ArrayLiteralExpression): string[] | null {
  const values = node.elements.map(stringOf)
  return values.length >= minSetSize && values.every((v) => v !== null) ? (values as string[]) : null
}

/** The values of a union of string literal types (`'A' | 'B'`), else null. */
function unionValues(node: ts.UnionTypeNode): string[] | null {
  const values = node.types.map((t) => (ts.isLiteralTypeNode(t) ? stringOf(t.literal) : null))
  return values.length >= minSetSize && values.every((v) => v !== null) ? (values as string[]) : null
}

/** The string values and the keys of an object literal (a table `as const`), else null. */
function objectSets(node: ts.ObjectLiteralExpression): string[][] {
  const keys: string[] = []
  const values: string[] = []
  for (const p of node.properties) {
    if (!ts.isPropertyAssignment(p)) return []
    const key = ts.isIdentifier(p.name) || ts.isStringLiteral(p.name) ? p.name.text : null
    if (key === null) return []
    keys.push(key)
    const value = stringOf(p.initializer)
    if (value !== null) values.push(value)
  }
  return [keys, values].filter((set) => set.length >= minSetSize && set.length === node.properties.length)
}

const setKey = (values: readonly string[]) => [...new Set(values)].sort().join('\n')

/** The name of the declaration a node sits in: the variable, type, property or function. */
function ownerName(node: ts.Node): string {
  for (let n: ts.Node | undefined = node; n; n = n.parent) {
    if (
      (ts.isVariableDeclaration(n) ||
        ts.isTypeAliasDeclaration(n) ||
        ts.isPropertyAssignment(n) ||
        ts.isPropertySignature(n) ||
        ts.isFunctionDeclaration(n) ||
        ts.isInterfaceDeclaration(n)) &&
      n.name &&
      (ts.isIdentifier(n.name) || ts.isStringLiteral(n.name))
    )
      return n.name.text
  }
  return '(top level)'
}

/** `{ … } as const`, also followed by `satisfies …`. */
function isAsConst(node: ts.Node): boolean {
  return ts.isAsExpression(node.parent) && node.parent.type.getText() === 'const'
}

/** Every value set, pattern and exported single value the contract's files define. */
export function contractValues(files: readonly SourceText[]): ContractValues {
  const found: ContractValues = { sets: new Map(), patterns: new Map(), singles: new Map() }
  for (const s of files) {
    const source = parse(s)
    const at = (node: ts.Node): ContractValue => ({ name: ownerName(node), file: s.file })
    const visit = (node: ts.Node): void => {
      let sets: string[][] = []
      if (ts.isArrayLiteralExpression(node)) sets = [arrayValues(node) ?? []]
      else if (ts.isUnionTypeNode(node)) sets = [unionValues(node) ?? []]
      else if (ts.isObjectLiteralExpression(node) && isAsConst(node)) sets = objectSets(node)
      else if (ts.isRegularExpressionLiteral(node) && isFormat(node.text)) {
        if (!found.patterns.has(node.text)) found.patterns.set(node.text, at(node))
      }
      for (const set of sets) {
        if (set.length < minSetSize) continue
        const key = setKey(set)
        if (!found.sets.has(key)) found.sets.set(key, at(node))
      }
      ts.forEachChild(node, visit)
    }
    visit(source)
    // Exported single values: `export const idempotencyHeader = 'Idempotency-Key'`.
    for (const statement of source.statements) {
      if (!ts.isVariableStatement(statement)) continue
      if (!statement.modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)) continue
      for (const d of statement.declarationList.declarations) {
        const value = d.initializer ? stringOf(d.initializer) : null
        if (value !== null && value.length >= minSingleLength && ts.isIdentifier(d.name))
          found.singles.set(value.toLowerCase(), { name: d.name.text, file: s.file })
      }
    }
  }
  return found
}

const shortened = (text: string) => (text.length > 80 ? `${text.slice(0, 79)}…` : text)
const where = (v: ContractValue) => `${v.name} (${v.file})`

/** The copies of the contract's values in files outside it, in file and line order. */
export function wireValueCopies(contract: ContractValues, files: readonly SourceText[]): WireValueCopy[] {
  const copies: WireValueCopy[] = []
  for (const s of files) {
    const source = parse(s)
    const lines = s.text.split('\n')
    const markOf = (line: number): string | null => {
      for (const text of [lines[line - 1], lines[line - 2]]) {
        const m = text === undefined ? null : marker.exec(text)
        if (m?.[1]) return m[1]
      }
      return null
    }
    const report = (node: ts.Node, kind: WireValueCopy['kind'], of: ContractValue) => {
      const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1
      copies.push({
        file: s.file,
        line,
        kind,
        text: shortened(node.getText(source).replace(/\s+/g, ' ')),
        copies: where(of),
        marked: markOf(line),
      })
    }
    const visit = (node: ts.Node): void => {
      const set = ts.isArrayLiteralExpression(node)
        ? arrayValues(node)
        : ts.isUnionTypeNode(node)
          ? unionValues(node)
          : null
      const ofSet = set ? contract.sets.get(setKey(set)) : undefined
      if (ofSet) report(node, 'value set', ofSet)
      if (ts.isRegularExpressionLiteral(node)) {
        const of = contract.patterns.get(node.text)
        if (of) report(node, 'pattern', of)
      }
      const value = stringOf(node)
      // A literal type inside a union already reported as a set is not counted again.
      if (value !== null && !(ts.isLiteralTypeNode(node.parent) && ofSetAbove(node))) {
        const of = contract.singles.get(value.toLowerCase())
        if (of) report(node, 'single value', of)
      }
      ts.forEachChild(node, visit)
    }
    const ofSetAbove = (node: ts.Node) =>
      ts.isUnionTypeNode(node.parent.parent) &&
      contract.sets.has(setKey(unionValues(node.parent.parent) ?? []))
    visit(source)
  }
  return copies.sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line)
}

/** The contract's own files. */
export function isContractFile(file: string): boolean {
  return file.startsWith('src/contract/')
}

/** The hand-written PWA and server files checked for copies (tests and generated files aside). */
export function isWireChecked(file: string): boolean {
  return (
    /^(src|server)\/.*\.(ts|tsx)$/.test(file) &&
    !file.endsWith('.d.ts') &&
    !isContractFile(file) &&
    file !== 'src/route-tree.gen.ts' &&
    !file.startsWith('src/locales/')
  )
}
