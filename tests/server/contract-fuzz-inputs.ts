/**
 * The inputs of the contract fuzz run (contract-fuzz.test.ts), made from the contract rows
 * themselves: each row's schemas read as data (its fields, their kinds and limits, a body of
 * its shape), and the malformed requests a careless client or an attacker sends it, every
 * body or query the row's schema would take left out.
 */
import fc from 'fast-check'
import type { EndpointDef } from '#contract/endpoint'

// ---- the contract's schemas, read as data -------------------------------------------------

interface Def {
  type: string
  [k: string]: unknown
}
type Schema = EndpointDef['response']

function defOf(s: unknown): Def {
  return (s as { _zod: { def: Def } })._zod.def
}

interface Field {
  path: string[]
  kind: 'string' | 'number' | 'boolean' | 'choice' | 'other'
  /** The string's longest allowed length, when it has one. */
  max?: number
  nullable: boolean
}

/** The leaves of an input schema that a request can get wrong, with their paths. */
export function fieldsOf(s: unknown, path: string[] = [], nullable = false, out: Field[] = []): Field[] {
  const d = defOf(s)
  switch (d.type) {
    case 'object':
      for (const [k, v] of Object.entries(d.shape as Record<string, unknown>))
        fieldsOf(v, [...path, k], false, out)
      break
    case 'optional':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'nonoptional':
      fieldsOf(d.innerType, path, nullable, out)
      break
    case 'nullable':
      fieldsOf(d.innerType, path, true, out)
      break
    case 'pipe':
      fieldsOf(d.in, path, nullable, out)
      break
    case 'string': {
      const checks = (d.checks ?? []) as { _zod: { def: { check: string; maximum?: number } } }[]
      const max = checks.find((c) => c._zod.def.check === 'max_length')?._zod.def.maximum
      out.push({ path, kind: 'string', nullable, ...(max === undefined ? {} : { max }) })
      break
    }
    case 'number':
    case 'int':
      out.push({ path, kind: 'number', nullable })
      break
    case 'boolean':
      out.push({ path, kind: 'boolean', nullable })
      break
    case 'enum':
    case 'literal':
      out.push({ path, kind: 'choice', nullable })
      break
    default:
      out.push({ path, kind: 'other', nullable })
  }
  return out
}

/** A value of the schema's shape that is as close to valid as a blind guess gets. */
export function skeletonOf(s: unknown): unknown {
  const d = defOf(s)
  switch (d.type) {
    case 'object':
      return Object.fromEntries(
        Object.entries(d.shape as Record<string, unknown>).map(([k, v]) => [k, skeletonOf(v)]),
      )
    case 'optional':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'nonoptional':
    case 'nullable':
      return skeletonOf(d.innerType)
    case 'pipe':
      return skeletonOf(d.in)
    case 'union':
      return skeletonOf((d.options as unknown[])[0])
    case 'string':
      return ['a', '1', 'B', 'a@example.com'].find((c) => (s as Schema).safeParse(c).success) ?? 'a'
    case 'number':
    case 'int':
      return 1
    case 'boolean':
      return true
    case 'enum':
      return Object.values(d.entries as Record<string, unknown>)[0]
    case 'literal':
      return (d.values as unknown[])[0]
    case 'array':
      return []
    default:
      return null
  }
}

export function setAt(value: unknown, path: string[], leaf: unknown): unknown {
  if (path.length === 0) return leaf
  const [head, ...rest] = path as [string, ...string[]]
  const obj = value && typeof value === 'object' && !Array.isArray(value) ? value : {}
  return { ...obj, [head]: setAt((obj as Record<string, unknown>)[head], rest, leaf) }
}

// ---- what goes wrong ----------------------------------------------------------------------

const controls = ['\u0000', '\u0001', '\u0007', '\b', '\t', '\n', '\r', '\u001b', '\u001f', '\u007f']
const withControl = fc
  .tuple(fc.string({ maxLength: 6 }), fc.constantFrom(...controls), fc.string({ maxLength: 6 }))
  .map(([a, c, b]) => `${a}${c}${b}`)
const oversized = (max: number) =>
  fc
    .tuple(fc.integer({ min: 1, max: 300 }), fc.constantFrom('x', '9', 'é', '😀'))
    .map(([n, c]) => c.repeat(max + n))
const notAString = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant([]),
  fc.constant({}),
  fc.array(fc.string(), { minLength: 1, maxLength: 3 }),
)
const notANumber = fc.oneof(
  fc.constantFrom('1', 'abc', '', '1e400', 'NaN', '0x10'),
  fc.constant(1e300),
  fc.constant(-0.5),
  fc.boolean(),
  fc.constant([1]),
  fc.constant({ n: 1 }),
)
const anything = fc.oneof(
  withControl,
  fc.integer(),
  fc.boolean(),
  fc.constant([]),
  fc.constant({}),
  fc.constant('zz'),
)

/** A wrong value for one field. */
function wrongFor(f: Field): fc.Arbitrary<unknown> {
  // Control characters are the likeliest way through to the database: weigh them up.
  const options: fc.Arbitrary<unknown>[] = [withControl, withControl, withControl]
  if (f.kind === 'string') {
    options.push(notAString)
    if (f.max !== undefined && f.max <= 4096) options.push(oversized(f.max))
  } else if (f.kind === 'number') options.push(notANumber)
  else if (f.kind === 'boolean') options.push(fc.constantFrom('true', 1, 'yes', []))
  else options.push(anything)
  if (!f.nullable) options.push(fc.constant(null))
  return fc.oneof(...options)
}

/** One field of the skeleton made wrong, or a few at once. */
function brokenObject(schema: Schema): fc.Arbitrary<unknown> {
  const fields = fieldsOf(schema)
  const base = skeletonOf(schema)
  const wholeWrong = fc.oneof(
    fc.constant(null),
    fc.constant([]),
    fc.array(fc.integer(), { minLength: 1, maxLength: 3 }),
    fc.integer(),
    fc.string({ maxLength: 8 }),
    fc.constant(true),
  )
  if (fields.length === 0) return wholeWrong
  const oneField = fc.integer({ min: 0, max: fields.length - 1 }).chain((i) => {
    const f = fields[i] as Field
    return wrongFor(f).map((v) => setAt(base, f.path, v))
  })
  if (fields.length < 2)
    return fc.oneof({ arbitrary: oneField, weight: 5 }, { arbitrary: wholeWrong, weight: 1 })
  const manyFields = fc
    .subarray(fields, { minLength: 2 })
    .chain((fs) => fc.tuple(...fs.map((f) => wrongFor(f).map((v) => [f, v] as const))))
    .map((pairs) => pairs.reduce<unknown>((acc, [f, v]) => setAt(acc, f.path, v), base))
  return fc.oneof(
    { arbitrary: oneField, weight: 5 },
    { arbitrary: manyFields, weight: 2 },
    { arbitrary: wholeWrong, weight: 1 },
  )
}

// eslint-disable-next-line no-control-regex -- the pattern exists to name control characters
const controlCharacter = /[\u0000-\u001f\u007f]/

/**
 * Whether the contract refuses an input: its schema fails it, or a string in it carries a
 * control character (which the contract refuses in every request field; the run sends
 * those even where a schema would let them through, to find where one does).
 */
function refused(schema: Schema, input: unknown): boolean {
  return !schema.safeParse(input).success || hasControl(input)
}

function hasControl(v: unknown): boolean {
  if (typeof v === 'string') return controlCharacter.test(v)
  if (v && typeof v === 'object') return Object.values(v).some(hasControl)
  return false
}

/** A query string that its row's schema refuses (values as Fastify parses them). */
function brokenQuery(schema: Schema): fc.Arbitrary<Record<string, string | string[]>> {
  const fields = fieldsOf(schema).filter((f) => f.path.length === 1)
  const valueOf = (f: Field): fc.Arbitrary<string | string[]> => {
    const options: fc.Arbitrary<string | string[]>[] = [withControl, fc.constant(['1', '2'])]
    if (f.max !== undefined) options.push(oversized(f.max))
    if (f.kind !== 'string' || f.max === undefined)
      options.push(fc.constantFrom('abc', '-1', '1e99', '9'.repeat(40), ''))
    return fc.oneof(...options)
  }
  return fc
    .subarray(fields, { minLength: 1 })
    .chain((fs) => fc.tuple(...fs.map((f) => valueOf(f).map((v) => [f.path[0] as string, v] as const))))
    .map((pairs) => Object.fromEntries(pairs))
    .filter((q) => refused(schema, q))
}

export type Sent =
  | { kind: 'json'; body: unknown }
  | { kind: 'sealed'; body: unknown }
  | { kind: 'raw'; contentType: string; payload: string; encryption?: string }
  | { kind: 'query'; query: Record<string, string | string[]> }
  | { kind: 'none' }

const brokenText = fc.constantFrom('{"a":', '[1,2', 'nul', '{"a":1}}', '\u0000', '{"__proto__":{"x":1}}x')

/** Malformed requests for one row; every body or query its schema would take is left out. */
export function requestsFor(def: EndpointDef): fc.Arbitrary<Sent> {
  const families: fc.Arbitrary<Sent>[] = []
  // A GET has no body to break; every other method gets bodies that are not JSON, or not
  // of a type it reads.
  if (def.method !== 'GET') {
    families.push(brokenText.map((payload) => ({ kind: 'raw', contentType: 'application/json', payload })))
    families.push(
      fc
        .constantFrom('text/plain', 'application/xml', 'multipart/form-data; boundary=x')
        .map((contentType) => ({
          kind: 'raw',
          contentType,
          payload: '{"a":1}',
        })),
    )
    if (def.bodyEncoding !== 'form') {
      families.push(
        fc.constant({ kind: 'raw', contentType: 'application/x-www-form-urlencoded', payload: 'a=1' }),
      )
    }
  }
  if (def.method !== 'GET' && def.body) {
    const body = def.body
    const invalid = brokenObject(body).filter((v) => refused(body, v))
    // Bodies of the row's own shape get furthest into the server: most runs send one.
    const shaped = invalid.map((b): Sent => ({ kind: def.encrypted ? 'sealed' : 'json', body: b }))
    families.push(shaped, shaped, shaped, shaped)
    if (def.encrypted) families.push(invalid.map((b) => ({ kind: 'json', body: b })))
    if (def.encrypted) {
      families.push(
        fc.tuple(fc.string({ maxLength: 40 }), fc.string({ maxLength: 80 })).map(([encryption, value]) => ({
          kind: 'raw',
          contentType: 'application/json',
          payload: JSON.stringify({ value }),
          encryption,
        })),
      )
    }
  }
  if (def.query) {
    const q = brokenQuery(def.query).map((query): Sent => ({ kind: 'query', query }))
    families.push(q, q, q)
  }
  if (def.method === 'GET' && !def.query) {
    // A read that takes nothing: junk in the query must not break it either.
    families.push(fc.constant({ kind: 'none' }))
    families.push(
      fc
        .dictionary(fc.string({ minLength: 1, maxLength: 6 }), withControl, { maxKeys: 3 })
        .map((query) => ({ kind: 'query', query })),
    )
  }
  return fc.oneof(...families)
}

export const idempotencyKeys = fc.oneof(
  fc.constant('fuzz-key-0001'),
  fc.constantFrom('short', 'bad key with spaces', 'x'.repeat(200), 'key\u0001control'),
)
