/* eslint-disable import-x/avoid-barrel-files -- the schema object Drizzle needs (see below) */
/**
 * The one Drizzle schema, for PGlite and PostgreSQL alike, one file per domain under
 * ./schema. Migrations in ./migrations are generated from it with `npm run db:generate`
 * and applied at start; `import * as schema` from here sees every table.
 *
 * NOTE: this is the one barrel the server keeps, on purpose: Drizzle's client takes every
 * table in one schema object, and drizzle-kit reads one entry. New code imports the domain
 * file it needs (./schema/money and so on).
 */
export * from './schema/system'
export * from './schema/identity'
export * from './schema/channels'
export * from './schema/money'
export * from './schema/games'
export * from './schema/demo-vendor'
export * from './schema/play'
export * from './schema/lottery'
export * from './schema/agent'
export * from './schema/contracts'
export * from './schema/promotions'
export * from './schema/turnover'
export * from './schema/raffles'
export * from './schema/points'
export * from './schema/vip'
export * from './schema/missions'
export * from './schema/point-mall'
export * from './schema/authenticator'
export * from './schema/feedback'
export * from './schema/profile'
export * from './schema/referrals'
export * from './schema/live'
