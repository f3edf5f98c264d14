import { and, asc, count, desc, eq, getTableColumns, isNotNull, isNull, not, or, sql } from 'drizzle-orm'
import { type Role, sortedRoles } from '#schemas/staff.ts'
import { PROFILE_LIMITS, type ProfileUpdate, ProfileUpdateSchema, type UserProfile } from '#schemas/user.ts'
import { nowMs } from '#worker/db/now.ts'
import { cartLines, rolesOfAccount, userRoles, users } from '#worker/db/schema.ts'
import { containsText, type Db, newId } from '#worker/lib/db.ts'
import { ApiError, notFound } from '#worker/lib/errors.ts'
import { CHANGED_ONE_ROW, queryPart, returnedRow, runBatch, sqlPart } from '#worker/lib/guarded.ts'
import { auditStatement } from '../audit/audit.service'

type UserRow = typeof users.$inferSelect
/** An account's row with its roles (`rolesOfAccount`): what a profile is made from. */
type ProfileRow = UserRow & { roles: string | null }
const profileColumns = { ...getTableColumns(users), roles: rolesOfAccount }

/** Profile fields a user may set on itself: never the e-mail, never the role. */
export type ProfileFields = Omit<ProfileUpdate, 'email'>

export const toUserProfile = (row: ProfileRow): UserProfile => ({
  _id: row.id,
  email: row.email,
  name: row.name,
  role: row.role,
  roles: sortedRoles(row.roles?.split(',') ?? []),
  education: row.education,
  address: row.address,
  phone: row.phone,
  social: row.social,
  image: row.image,
  removedAt: row.removedAt === null ? null : new Date(row.removedAt).toISOString(),
  company: row.companyName ? { name: row.companyName, bin: row.companyBin ?? '' } : null,
})

/** Only the fields that were sent: an absent field leaves the stored value alone. */
function sentFields(fields: ProfileFields) {
  const out: Partial<Record<Exclude<keyof ProfileFields, 'company'>, string>> = {}
  for (const key of ['name', 'education', 'address', 'phone', 'social', 'image'] as const) {
    if (fields[key] !== undefined) out[key] = fields[key]
  }
  return out
}

/** The company columns for a sent `company` (null clears both); none when it was not sent. */
const sentCompany = (fields: ProfileFields) =>
  fields.company === undefined
    ? {}
    : { companyName: fields.company?.name ?? null, companyBin: fields.company?.bin ?? null }

export async function getUserRow(db: Db, email: string): Promise<UserRow | undefined> {
  return db.select().from(users).where(eq(users.email, email)).get()
}

const profileQuery = (db: Db, email: string) => db.select(profileColumns).from(users).where(eq(users.email, email))

export async function getProfile(db: Db, email: string): Promise<UserProfile | undefined> {
  const row = await profileQuery(db, email).get()
  return row && toUserProfile(row)
}

/**
 * Users, oldest first, paged: the active ones, or with `removed` the removed ones (newest
 * removal first); `q` matches any part of the e-mail or name.
 */
export async function listProfiles(
  db: Db,
  opts: { q?: string; removed?: boolean; limit: number; offset: number },
): Promise<{ items: UserProfile[]; total: number }> {
  const where = and(
    opts.removed ? isNotNull(users.removedAt) : isNull(users.removedAt),
    opts.q ? or(containsText(users.email, opts.q.toLowerCase()), containsText(users.name, opts.q)) : undefined,
  )
  const order = opts.removed ? [desc(users.removedAt), desc(users.id)] : [asc(users.createdAt), asc(users.id)]
  const [rows, [total]] = await db.batch([
    db
      .select(profileColumns)
      .from(users)
      .where(where)
      .orderBy(...order)
      .limit(opts.limit)
      .offset(opts.offset),
    db.select({ n: count() }).from(users).where(where),
  ])
  return { items: rows.map(toUserProfile), total: total?.n ?? 0 }
}

const noSuchUser = () => notFound('No user with that e-mail.')

/**
 * The audit entry of an admin's change to the user `email`, for the batch whose first statement
 * makes it: written only if that statement changed the user.
 */
const userAudit = (db: Db, admin: string, action: string, email: string, detail: string) =>
  auditStatement(db, { actor: admin, action, target: email, detail }, CHANGED_ONE_ROW)

/**
 * Updates the sent profile fields, for `editor` (the user, or an admin). An admin changing
 * someone else's profile (a company and BIN print on tax invoices) is audited (`user.update`),
 * in the same batch as the change.
 * @throws 404 when there is no such user.
 */
export async function updateProfile(
  db: Db,
  email: string,
  fields: ProfileFields,
  editor: string,
): Promise<UserProfile> {
  const set = { ...sentFields(fields), ...sentCompany(fields) }
  if (Object.keys(set).length > 0) {
    const update = db
      .update(users)
      .set({ ...set, updatedAt: nowMs })
      .where(eq(users.email, email))
    if (editor === email) {
      const row = await update.returning(profileColumns).get()
      if (!row) throw noSuchUser()
      return toUserProfile(row)
    }
    const [updated] = await runBatch(db, [
      queryPart(update.returning({ id: users.id })),
      userAudit(db, editor, 'user.update', email, `changed ${Object.keys(fields).join(', ')}`),
    ])
    if (!returnedRow(updated)) throw noSuchUser()
  }
  const profile = await getProfile(db, email)
  if (!profile) throw noSuchUser()
  return profile
}

export type SignInIdentity = {
  email: string
  uid: string
  emailVerified: boolean
  authTime?: number
  name?: string
  picture?: string
}

/**
 * Creates or updates the user behind a Firebase sign-in, in one statement (two first
 * sign-ins at once cannot make twins: the e-mail is unique and lower-cased), and binds the
 * account to the identity:
 * - a verified identity (Google, or an e-mail its owner verified) takes over an account an
 *   unverified sign-in created: the account is marked verified, its session version rises
 *   (every access token issued before answers 401) and the profile fields the unverified
 *   sign-in stored start again and its cart is emptied, in the same batch (`tookOver`: the
 *   caller cancels its unpaid orders);
 * - while a verified identity holds the account, an unverified sign-in gets nothing (403
 *   EMAIL_NOT_VERIFIED); a removed account gets nothing either (403 ACCOUNT_REMOVED).
 * A new user gets the token's name and picture unless the body sends its own; an existing
 * user keeps a name it has, and an empty one takes the token's. `makeAdmin` (an ADMIN_EMAILS address)
 * makes the account the owner while the shop has none, and does nothing once it has (never demotes).
 * @returns the profile and the session version to put in the access token.
 */
export async function signInUser(
  db: Db,
  identity: SignInIdentity,
  fields: ProfileFields,
  opts: { makeAdmin: boolean },
): Promise<{ profile: UserProfile; sessionVersion: number; tookOver: boolean }> {
  const set = sentFields(fields)
  // Cut by whole characters: half of an emoji's pair would be stored as a broken one.
  const tokenName = Array.from(identity.name ?? '')
    .slice(0, PROFILE_LIMITS.name)
    .join('')
    .trim()
  const tokenPicture =
    identity.picture && ProfileUpdateSchema.shape.image.safeParse(identity.picture).success ? identity.picture : ''
  // A name the account has is kept; an empty one takes the token's (a later Google sign-in knows it).
  const keptName = tokenName ? sql`case when ${users.name} = '' then ${tokenName} else ${users.name} end` : users.name
  const verified = identity.emailVerified
  const authTime = identity.authTime ?? null
  // Whether this sign-in takes the account over from an unverified one (its orders then end).
  const before = verified ? await getUserRow(db, identity.email) : undefined
  // The owner opening the verification link: the same Firebase sign-in, refreshed, now verified
  // (a takeover is a new sign-in: Google, or a password chosen again through the reset link).
  const sameSignIn = (row: { firebaseUid: string | null; unverifiedAuthTime: number | null }) =>
    authTime !== null && row.firebaseUid === identity.uid && row.unverifiedAuthTime === authTime
  const keepsProfile =
    authTime === null
      ? sql`${users.identityVerified}`
      : sql`(${users.identityVerified} or (${users.firebaseUid} = ${identity.uid} and ${users.unverifiedAuthTime} = ${authTime}))`
  // What an unverified sign-in stored is not the owner's: on a takeover each profile field starts
  // again from the token (name, picture) or empty, unless this request sends its own.
  const fromToken: Record<keyof ReturnType<typeof sentFields>, string> = {
    name: tokenName,
    education: '',
    address: '',
    phone: '',
    social: '',
    image: tokenPicture,
  }
  const cleared = Object.fromEntries(
    (Object.keys(fromToken) as (keyof typeof fromToken)[])
      .filter((key) => set[key] === undefined)
      .map((key) => [
        key,
        sql`case when ${keepsProfile} then ${key === 'name' ? keptName : users[key]} else ${fromToken[key]} end`,
      ]),
  )
  // The takeover's cart: the squatter's lines go, in the batch of the upsert and decided by the
  // same condition, read before it (its first statement), so a cart is emptied exactly when the
  // profile is (an account the upsert leaves alone, a removed one, keeps its cart).
  const clearSquattersCart = db
    .delete(cartLines)
    .where(
      and(
        eq(cartLines.customer, identity.email),
        sql`exists (select 1 from ${users} where ${users.email} = ${identity.email} and ${users.removedAt} is null and not ${keepsProfile})`,
      ),
    )
  const upsert = db
    .insert(users)
    .values({
      id: newId(),
      email: identity.email,
      firebaseUid: identity.uid,
      role: 'user',
      name: tokenName,
      image: tokenPicture,
      identityVerified: verified,
      unverifiedAuthTime: verified ? null : authTime,
      ...set,
      ...sentCompany(fields),
    })
    .onConflictDoUpdate({
      target: users.email,
      set: {
        firebaseUid: identity.uid,
        ...(set.name === undefined ? { name: keptName } : {}),
        ...set,
        ...sentCompany(fields),
        ...(verified
          ? {
              ...cleared,
              ...(fields.company === undefined
                ? {
                    companyName: sql`case when ${keepsProfile} then ${users.companyName} end`,
                    companyBin: sql`case when ${keepsProfile} then ${users.companyBin} end`,
                  }
                : {}),
              identityVerified: true,
              unverifiedAuthTime: null,
              // NOTE: the takeover: Firebase links the verified sign-in to the unverified account
              // under the same uid, so only this flag and the sign-in time tell it happened.
              // Earlier sessions end (SQLite's upsert reads the row as it was before this update).
              sessionVersion: sql`case when ${keepsProfile} then ${users.sessionVersion} else ${users.sessionVersion} + 1 end`,
            }
          : { unverifiedAuthTime: authTime }),
        updatedAt: nowMs,
      },
      setWhere: verified ? isNull(users.removedAt) : and(isNull(users.removedAt), eq(users.identityVerified, false)),
    })
    .returning()
  // ADMIN_EMAILS only starts the shop: while no account holds `owner`, its address's verified
  // sign-in becomes the owner; once there is one it gives nothing (the unique index refuses a
  // second). The profile is read after it, for the role its trigger set.
  const firstOwner = db
    .insert(userRoles)
    .select(
      db
        .select({
          userId: users.id,
          role: sql<'owner'>`'owner'`.as('role'),
          grantedBy: sql<null>`null`.as('granted_by'),
          createdAt: sql<number>`${nowMs}`.as('created_at'),
        })
        .from(users)
        .where(
          and(
            eq(users.email, identity.email),
            isNull(users.removedAt),
            eq(users.identityVerified, true),
            sql`not exists (select 1 from ${userRoles} where ${userRoles.role} = 'owner')`,
          ),
        ),
    )
    .onConflictDoNothing()
  let row: ProfileRow | undefined
  if (!verified) {
    const [[upserted], [after]] = await db.batch([upsert, profileQuery(db, identity.email)])
    row = upserted && after
  } else if (!opts.makeAdmin) {
    const [, [upserted], [after]] = await db.batch([clearSquattersCart, upsert, profileQuery(db, identity.email)])
    row = upserted && after
  } else {
    const [, upserted, , [after]] = await db.batch([
      clearSquattersCart,
      upsert,
      firstOwner,
      profileQuery(db, identity.email),
    ])
    row = upserted[0] && after
  }
  if (row)
    return {
      profile: toUserProfile(row),
      sessionVersion: row.sessionVersion,
      tookOver: before !== undefined && !before.identityVerified && !sameSignIn(before),
    }
  const existing = await getUserRow(db, identity.email)
  if (existing?.removedAt != null) throw accountRemoved()
  throw new ApiError(
    403,
    'EMAIL_NOT_VERIFIED',
    'This e-mail address is verified with another sign-in. Verify your e-mail address (we can send you the link) or sign in the way you did before, e.g. with Google.',
  )
}

/** 409 OWNER_PROTECTED: the owner is never removed, nor its roles changed, but by handing the shop over. */
export const ownerProtected = () =>
  new ApiError(409, 'OWNER_PROTECTED', 'The owner cannot be removed. The owner can hand the shop over first.')

export const accountRemoved = () =>
  new ApiError(403, 'ACCOUNT_REMOVED', 'This account has been removed. Contact us if you think this is a mistake.')

/** The staff roles `email`'s account holds, sorted as the roles table (none: a customer, or no account). */
export async function rolesOf(db: Db, email: string): Promise<Role[]> {
  const rows = await db
    .select({ role: userRoles.role })
    .from(userRoles)
    .innerJoin(users, eq(users.id, userRoles.userId))
    .where(eq(users.email, email))
  return sortedRoles(rows.map((r) => r.role))
}

/**
 * Removes (blocks) a user, for the admin `by`: every session ends at once and sign-in answers
 * 403 ACCOUNT_REMOVED until an admin restores the account. Their orders stay. Audited
 * (`user.remove`) in the same batch.
 * @returns 1 when this call removed the user, 0 when it already was removed (nothing is audited).
 * @throws 404 when there is no such user.
 */
export async function removeUser(db: Db, email: string, by: string): Promise<number> {
  const holdsOwner = sql`exists (select 1 from ${userRoles} where ${userRoles.userId} = ${users.id} and ${userRoles.role} = 'owner')`
  const [removed] = await runBatch(db, [
    queryPart(
      db
        .update(users)
        .set({
          removedAt: nowMs,
          removedBy: by,
          sessionVersion: sql`${users.sessionVersion} + 1`,
          updatedAt: nowMs,
        })
        .where(and(eq(users.email, email), isNull(users.removedAt), not(holdsOwner)))
        .returning({ id: users.id }),
    ),
    userAudit(db, by, 'user.remove', email, 'removed; their sessions ended'),
    // Removing staff takes its roles: a restored account comes back a customer.
    sqlPart`delete from user_roles where user_id = (select id from users where email = ${email} and removed_at is not null)
      and role != 'owner'`,
  ])
  if (returnedRow(removed)) return 1
  const row = await getUserRow(db, email)
  if (!row) throw noSuchUser()
  if (row.removedAt === null) throw ownerProtected()
  return 0
}

/**
 * Lets a removed user back in, with their old orders; they sign in again. For the admin `by`;
 * audited (`user.restore`) in the same batch.
 * @returns 1 when restored, 0 when the account was not removed (nothing is audited).
 * @throws 404 when there is no such user.
 */
export async function restoreUser(db: Db, email: string, by: string): Promise<number> {
  const [restored] = await runBatch(db, [
    queryPart(
      db
        .update(users)
        .set({ removedAt: null, removedBy: null, updatedAt: nowMs })
        .where(and(eq(users.email, email), isNotNull(users.removedAt)))
        .returning({ id: users.id }),
    ),
    userAudit(db, by, 'user.restore', email, 'restored; can sign in again'),
  ])
  if (returnedRow(restored)) return 1
  if (!(await getUserRow(db, email))) throw noSuchUser()
  return 0
}
