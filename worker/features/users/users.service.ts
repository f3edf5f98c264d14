import { and, asc, eq, ne, sql } from 'drizzle-orm'
import { nowMs } from '../../db/now'
import { users } from '../../db/schema'
import { newId, type Db } from '../../lib/db'
import { notFound } from '../../lib/errors'
import { PROFILE_LIMITS, ProfileUpdateSchema, type ProfileUpdate, type UserProfile } from '../../schemas/user'

type UserRow = typeof users.$inferSelect

/** Profile fields a user may set on itself: never the e-mail, never the role. */
export type ProfileFields = Omit<ProfileUpdate, 'email'>

export const toUserProfile = (row: UserRow): UserProfile => ({
  _id: row.id,
  email: row.email,
  name: row.name,
  role: row.role,
  education: row.education,
  address: row.address,
  phone: row.phone,
  social: row.social,
  image: row.image,
})


/** Only the fields that were sent: an absent field leaves the stored value alone. */
function sentFields(fields: ProfileFields) {
  const out: Partial<Record<keyof ProfileFields, string>> = {}
  for (const key of ['name', 'education', 'address', 'phone', 'social', 'image'] as const) {
    if (fields[key] !== undefined) out[key] = fields[key]
  }
  return out
}

export async function getUserRow(db: Db, email: string): Promise<UserRow | undefined> {
  return db.select().from(users).where(eq(users.email, email)).get()
}

export async function getProfile(db: Db, email: string): Promise<UserProfile | undefined> {
  const row = await getUserRow(db, email)
  return row && toUserProfile(row)
}

/** Every user, oldest first. */
export async function listProfiles(db: Db): Promise<UserProfile[]> {
  const rows = await db.select().from(users).orderBy(asc(users.createdAt), asc(users.id))
  return rows.map(toUserProfile)
}

const noSuchUser = () => notFound('No user with that e-mail.')

/** Updates the sent profile fields. @throws 404 when there is no such user. */
export async function updateProfile(db: Db, email: string, fields: ProfileFields): Promise<UserProfile> {
  const set = sentFields(fields)
  const row =
    Object.keys(set).length === 0
      ? await getUserRow(db, email)
      : await db
          .update(users)
          .set({ ...set, updatedAt: nowMs })
          .where(eq(users.email, email))
          .returning()
          .get()
  if (!row) throw noSuchUser()
  return toUserProfile(row)
}

export type SignInIdentity = { email: string; uid: string; name?: string; picture?: string }

/**
 * Creates or updates the user behind a verified Firebase sign-in, in one statement (two
 * first sign-ins at once cannot make twins: the e-mail is unique and lower-cased).
 * A new user gets the token's name and picture unless the body sends its own; an existing
 * user keeps a name it has. `makeAdmin` promotes (never demotes).
 */
export async function upsertSignedInUser(
  db: Db,
  identity: SignInIdentity,
  fields: ProfileFields,
  opts: { makeAdmin: boolean },
): Promise<UserProfile> {
  const set = sentFields(fields)
  const tokenName = identity.name?.slice(0, PROFILE_LIMITS.name).trim() ?? ''
  const tokenPicture =
    identity.picture && ProfileUpdateSchema.shape.image.safeParse(identity.picture).success ? identity.picture : ''
  const row = await db
    .insert(users)
    .values({
      id: newId(),
      email: identity.email,
      firebaseUid: identity.uid,
      role: opts.makeAdmin ? 'admin' : 'user',
      name: tokenName,
      image: tokenPicture,
      ...set,
    })
    .onConflictDoUpdate({
      target: users.email,
      set: {
        firebaseUid: identity.uid,
        ...(set.name === undefined && tokenName
          ? { name: sql`case when ${users.name} = '' then ${tokenName} else ${users.name} end` }
          : {}),
        ...set,
        ...(opts.makeAdmin ? { role: 'admin' as const } : {}),
        updatedAt: nowMs,
      },
    })
    .returning()
    .get()
  return toUserProfile(row)
}

/**
 * Makes the user an admin. @returns modifiedCount (0 when it already was one).
 * @throws 404 when there is no such user.
 */
export async function promoteToAdmin(db: Db, email: string): Promise<number> {
  const result = await db
    .update(users)
    .set({ role: 'admin', updatedAt: nowMs })
    .where(and(eq(users.email, email), ne(users.role, 'admin')))
    .run()
  const modifiedCount = result.meta.changes ?? 0
  if (modifiedCount === 0 && !(await getUserRow(db, email))) throw noSuchUser()
  return modifiedCount
}

/** Removes the user row only: bookings keep their customer e-mail and stay. @throws 404 when there is no such user. */
export async function deleteUser(db: Db, email: string): Promise<void> {
  const result = await db.delete(users).where(eq(users.email, email)).run()
  if ((result.meta.changes ?? 0) === 0) throw noSuchUser()
}
