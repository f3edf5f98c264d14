// The drizzle tables, one file per area in db/schema/ (drizzle-kit reads that folder; see
// drizzle.config.ts). Import them from here: `#worker/db/schema.ts`.
export * from './schema/audit'
export * from './schema/cart'
export * from './schema/catalogue'
export * from './schema/contact'
export * from './schema/mail'
export * from './schema/orders'
export * from './schema/payments'
export * from './schema/quotes'
export * from './schema/reviews'
export * from './schema/settings'
export * from './schema/users'
