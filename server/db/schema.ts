/**
 * The one Drizzle schema, for PGlite and PostgreSQL alike, one file per domain under
 * ./schema. Migrations in ./migrations are generated from it with `npm run db:generate`
 * and applied at start; `import * as schema` from here sees every table.
 */
export * from './schema/system'
export * from './schema/identity'
export * from './schema/channels'
export * from './schema/money'
export * from './schema/games'
