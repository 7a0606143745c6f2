/**
 * Every route validates and serializes with its zod schemas (fastify-type-provider-zod).
 * Handing Fastify these compilers when it is created keeps it from loading ajv and
 * fast-json-stringify at start (about a third of a second on a slow machine) only for the
 * zod ones to replace them. Every Fastify instance of the server takes it: the first one
 * created without it loads them for all.
 */
import type { FastifyServerOptions } from 'fastify'
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod'

type Factories = NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>

export const zodSchemaController: FastifyServerOptions['schemaController'] = {
  // Fastify's types name its ajv compilers here; at run time a factory returns any schema
  // compiler, the same one setValidatorCompiler / setSerializerCompiler take.
  compilersFactory: {
    buildValidator: (() => validatorCompiler) as unknown as Factories['buildValidator'],
    buildSerializer: (() => serializerCompiler) as unknown as Factories['buildSerializer'],
  },
}
