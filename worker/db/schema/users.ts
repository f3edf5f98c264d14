// Accounts and what sign-in keeps on them (features/users, lib/auth.ts).
import { sql } from 'drizzle-orm'
import { check, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core'
import { ROLES } from '#schemas/staff.ts'
import { createdAt, updatedAt } from './columns'

export const users = sqliteTable(
  'users',
  {
    id: text('id').primaryKey(),
    /** Always lower-cased; the check keeps a twin account from appearing by case. */
    email: text('email').notNull(),
    firebaseUid: text('firebase_uid'),
    name: text('name').notNull().default(''),
    /** The wire's `role`: "admin" while the account holds a role of `user_roles`, whose triggers set it (migrations/0020). */
    role: text('role', { enum: ['admin', 'user'] })
      .notNull()
      .default('user'),
    education: text('education').notNull().default(''),
    address: text('address').notNull().default(''),
    phone: text('phone').notNull().default(''),
    social: text('social').notNull().default(''),
    image: text('image').notNull().default(''),
    /**
     * True once a verified identity (Google, or an e-mail its owner verified) holds the
     * account: from then on an unverified sign-in for this e-mail gets no session.
     */
    identityVerified: integer('identity_verified', { mode: 'boolean' }).notNull().default(false),
    /**
     * The Firebase sign-in time (`auth_time`, seconds) of the last unverified sign-in. A verified
     * token of that same Firebase sign-in (same uid and auth_time, refreshed after the link was
     * opened) is the owner verifying, not a takeover: nothing is cleared.
     */
    unverifiedAuthTime: integer('unverified_auth_time'),
    /** Access tokens carry it (`sv`); raising it ends every session issued before. */
    sessionVersion: integer('session_version').notNull().default(1),
    /** Set while the account is removed (blocked): no session, no sign-in, until an admin restores it. */
    removedAt: integer('removed_at'),
    removedBy: text('removed_by'),
    // ── Business buyers (api.md "Wholesale"): the company checkout starts from; both or neither ──
    companyName: text('company_name'),
    /** 13 digits. */
    companyBin: text('company_bin'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_idx').on(t.email),
    index('users_created_idx').on(t.createdAt, t.id),
    index('users_removed_idx').on(t.removedAt, t.createdAt),
    check('users_email_lower_check', sql`${t.email} = lower(${t.email})`),
    check('users_role_check', sql`${t.role} in ('admin', 'user')`),
  ],
)

/**
 * The staff roles an account holds (contract/operations.md "Staff roles and permissions"), one row
 * each; an account with none is a customer. At most one row is `owner` (the shop's one owner):
 * the partial unique index refuses a second, so two racing hand-overs end with one owner.
 */
export const userRoles = sqliteTable(
  'user_roles',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    role: text('role', { enum: ROLES }).notNull(),
    /** Who gave it (an e-mail; null when the migration or ADMIN_EMAILS did). */
    grantedBy: text('granted_by'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.role] }),
    uniqueIndex('user_roles_one_owner_idx').on(t.role).where(sql`role = 'owner'`),
    check('user_roles_role_check', sql`${t.role} in (${sql.raw(ROLES.map((r) => `'${r}'`).join(', '))})`),
  ],
)

/** An account's roles as one comma-separated text (null: none), to read with its `users` row. */
export const rolesOfAccount = sql<
  string | null
>`(select group_concat(${userRoles.role}) from ${userRoles} where ${userRoles.userId} = ${users.id})`
