// Staff and their roles (contract/operations.md "Who can grant what", "The owner", "Routes"): who
// may give or take which role, the Staff page's list and changes, Make Admin, the hand-over.
import { and, asc, eq, isNull, sql } from 'drizzle-orm'
import {
  needsPermissionMessage,
  permissionsOf,
  ROLES,
  type Role,
  type StaffMember,
  sortedRoles,
} from '#schemas/staff.ts'
import { NOW_MS_SQL, nowMs } from '#worker/db/now.ts'
import { rolesOfAccount, userRoles, users } from '#worker/db/schema.ts'
import type { Config, SessionUser } from '#worker/env.ts'
import { type Db, newId } from '#worker/lib/db.ts'
import { ApiError, badRequest, conflict, forbidden, notFound } from '#worker/lib/errors.ts'
import {
  happened,
  insertIfChanged,
  joinParts,
  queryPart,
  returnedRow,
  runBatch,
  sqlPart,
  sqlText,
} from '#worker/lib/guarded.ts'
import { auditStatement } from '../audit/audit.service'
import { queueMailStatement, renderMail } from '../mail/mail.service'
import { ownerProtected } from '../users/users.service'

/** The roles `caller` may give or take: the owner every role but `owner`; a manager the four below it. */
export function grantable(caller: SessionUser): Role[] {
  if (caller.roles.includes('owner')) return ROLES.filter((r) => r !== 'owner')
  if (caller.roles.includes('manager')) return ['orders', 'catalogue', 'finance', 'support']
  return []
}

/**
 * The refusal of a change of an account's roles from `held` to `wanted` by `caller`, or null:
 * only the owner touches a manager; then the first role given or taken (in the table's order)
 * that the caller may not give or take.
 */
export function grantRefusal(caller: SessionUser, held: readonly Role[], wanted: readonly Role[]): ApiError | null {
  const isOwner = caller.roles.includes('owner')
  if (!isOwner && held.includes('manager') && caller.roles.includes('manager'))
    return forbidden('Only the owner can change a manager’s roles.')
  const may = grantable(caller)
  const changed = ROLES.filter((r) => held.includes(r) !== wanted.includes(r))
  const refused = changed.find((r) => !may.includes(r))
  return refused ? forbidden(`You cannot give or take the role ${refused}.`) : null
}

/** How an account's roles read in the audit log and messages: "orders, finance", or "customer" when none. */
export const rolesText = (roles: readonly Role[]) => (roles.length ? roles.join(', ') : 'customer')

const notVerified = () => {
  const message = 'Roles go only to an account whose e-mail is verified. Ask them to verify it and sign in again.'
  return badRequest(message, { email: message })
}

/** The account `email` with its roles, as the staff routes check it; undefined when there is none. */
async function accountOf(db: Db, email: string) {
  const row = await db
    .select({
      id: users.id,
      email: users.email,
      verified: users.identityVerified,
      removedAt: users.removedAt,
      roles: rolesOfAccount,
    })
    .from(users)
    .where(eq(users.email, email))
    .get()
  return row && { ...row, roles: sortedRoles(row.roles?.split(',') ?? []) }
}

/** SQL: the account `id` holds exactly `roles` now (the optimistic check of `expectedRoles`). */
const holdsExactly = (id: string, roles: readonly Role[]) =>
  roles.length === 0
    ? sqlPart`not exists (select 1 from user_roles where user_id = ${id})`
    : sqlPart`(select count(*) from user_roles where user_id = ${id}) = ${roles.length}
        and (select count(*) from user_roles where user_id = ${id} and role in (${joinParts(
          roles.map((r) => sqlPart`${r}`),
          ', ',
        )})) = ${roles.length}`

/**
 * `GET /api/staff`: every account holding a role, not removed; the owner first, then by e-mail.
 */
export async function listStaff(db: Db): Promise<StaffMember[]> {
  const rows = await db
    .select({ email: users.email, name: users.name, roles: rolesOfAccount })
    .from(users)
    .where(
      and(isNull(users.removedAt), sql`exists (select 1 from ${userRoles} where ${userRoles.userId} = ${users.id})`),
    )
    .orderBy(asc(users.email))
  const staff = rows.map((r) => {
    const roles = sortedRoles(r.roles?.split(',') ?? [])
    return { email: r.email, name: r.name, roles, permissions: permissionsOf(roles) }
  })
  return [...staff.filter((s) => s.roles.includes('owner')), ...staff.filter((s) => !s.roles.includes('owner'))]
}

/**
 * `PUT /api/staff/{email}/roles`, after the permission and the body: the checks in the
 * contract's order, then one guarded batch that changes the roles only if the account still
 * holds `expectedRoles` (so of two changes sent with the same, one wins and the other is a 409).
 * @returns modifiedCount: 0 when the account already held `roles`.
 */
export async function setRoles(
  db: Db,
  caller: SessionUser,
  email: string,
  roles: readonly Role[],
  expectedRoles: readonly Role[],
): Promise<number> {
  if (email === caller.email) throw new ApiError(409, 'OWN_ROLES', 'You cannot change your own roles.')
  const account = await accountOf(db, email)
  if (!account) throw notFound('No account has this e-mail. Ask them to sign in once first.')
  if (account.removedAt !== null) throw conflict('Restore this account first.')
  if (account.roles.includes('owner')) throw ownerProtectedRoles()
  const wanted = sortedRoles(roles)
  const refusal = grantRefusal(caller, account.roles, wanted)
  if (refusal) throw refusal
  if (wanted.length > 0 && !account.verified) throw notVerified()
  const expected = sortedRoles(expectedRoles)
  const stale = () =>
    conflict(`Their roles changed meanwhile: ${rolesText(account.roles)}. Check and save again.`, {
      expectedRoles: 'Their roles changed meanwhile.',
    })
  if (expected.join() !== account.roles.join()) throw stale()
  if (wanted.join() === account.roles.join()) return 0
  const auditId = newId()
  const audit = insertIfChanged('audit_log', {
    id: auditId,
    actor: caller.email,
    action: 'staff.roles',
    target: email,
    detail: `${rolesText(expected)} → ${rolesText(wanted)}`,
  })
  const done = happened('audit_log', auditId)
  const wantedList = joinParts(
    (wanted.length ? wanted : ['']).map((r) => sqlPart`${r}`),
    ', ',
  )
  const [changed] = await runBatch(db, [
    // The guard: the account is as the form saw it (its roles, not removed, not the owner).
    sqlPart`update users set updated_at = ${sqlText(NOW_MS_SQL)}
      where id = ${account.id} and removed_at is null and ${holdsExactly(account.id, expected)} returning id`,
    audit.statement,
    sqlPart`delete from user_roles where user_id = ${account.id} and role not in (${wantedList}) and ${done}`,
    ...wanted.map(
      (role) =>
        sqlPart`insert or ignore into user_roles (user_id, role, granted_by) select ${account.id}, ${role}, ${caller.email} where ${done}`,
    ),
  ])
  if (returnedRow(changed)) return 1
  // Someone changed them between the read and the batch: say what they are now.
  const now = await accountOf(db, email)
  account.roles = now?.roles ?? []
  throw stale()
}

/** 409 OWNER_PROTECTED for a change of the owner's roles. */
const ownerProtectedRoles = () =>
  new ApiError(409, 'OWNER_PROTECTED', 'Nobody changes the owner’s roles. The owner can hand the shop over.')

/**
 * The spec's Make Admin (`PUT /api/user/admin/{email}`): gives `manager`, the owner only.
 * @returns modifiedCount: 1 when the account was not a manager, 0 when it was.
 */
export async function makeManager(db: Db, caller: SessionUser, email: string): Promise<number> {
  if (!caller.roles.includes('owner')) throw forbidden('Only the owner can make a manager.')
  if (email === caller.email) throw new ApiError(409, 'OWN_ROLES', 'You cannot change your own roles.')
  const account = await accountOf(db, email)
  if (!account) throw notFound('No user with that e-mail.')
  if (account.removedAt !== null) throw conflict('This account is removed. Restore it before making it an admin.')
  if (account.roles.includes('manager')) return 0
  if (!account.verified) throw notVerified()
  const [granted] = await runBatch(db, [
    sqlPart`insert into user_roles (user_id, role, granted_by)
      select id, 'manager', ${caller.email} from users where id = ${account.id} and removed_at is null
      on conflict do nothing returning user_id`,
    auditStatement(
      db,
      { actor: caller.email, action: 'user.promote', target: email, detail: 'made a manager' },
      sqlPart`changes() = 1`,
    ),
  ])
  return returnedRow(granted) ? 1 : 0
}

/**
 * `DELETE /api/user/{email}`'s checks after the caller's own account (contract "Removing an
 * account"): 404 unknown, 409 the owner, staff only by who may take every role it holds, a
 * customer only with customers.manage.
 */
export async function assertMayRemove(db: Db, caller: SessionUser, email: string): Promise<void> {
  const account = await accountOf(db, email)
  if (!account) throw notFound('No user with that e-mail.')
  if (account.roles.includes('owner')) throw ownerProtected()
  if (account.roles.length > 0) {
    const refusal = grantRefusal(caller, account.roles, [])
    if (refusal) throw refusal
  } else if (!caller.permissions.includes('customers.manage')) {
    throw forbidden(needsPermissionMessage('customers.manage'))
  }
}

/**
 * `POST /api/staff/owner`: hands the shop to `email` (another verified staff account, not
 * removed) in one batch, guarded by the caller still being the owner and the target still staff:
 * the target gains `owner`, the caller's `owner` becomes `manager`; both e-mailed; audited.
 * @throws 409 CONFLICT when another hand-over won meanwhile.
 */
export async function handOver(db: Db, config: Config, caller: SessionUser, email: string): Promise<void> {
  const invalid = (message: string) => badRequest(message, { email: message })
  if (email === caller.email) throw invalid('Choose another member of staff: you are the owner already.')
  const target = await accountOf(db, email)
  if (!target || target.removedAt !== null || target.roles.length === 0)
    throw invalid('The new owner must be a member of staff. Give them a role first.')
  if (!target.verified) throw notVerified()
  const auditId = newId()
  const audit = insertIfChanged('audit_log', {
    id: auditId,
    actor: caller.email,
    action: 'staff.owner',
    target: email,
    detail: `${caller.email} → ${email}`,
  })
  const done = happened('audit_log', auditId)
  const shop = config.SHOP_NAME
  const link = config.SHOP_URL ? `${config.SHOP_URL}/dashboard/staff` : undefined
  const mail = (to: string, subject: string, line: string) => {
    const { text, html } = renderMail({
      greeting: 'Hello,',
      lines: [line],
      details: [],
      shopName: shop,
      link,
      linkText: ['Staff', 'Open the staff page'],
    })
    return queueMailStatement(db, { to, subject, text, html, dedupeKey: `staff-owner:${auditId}:${to}` }, done)
  }
  const [guard] = await runBatch(db, [
    queryPart(
      db
        .update(users)
        .set({ updatedAt: nowMs })
        .where(
          and(
            eq(users.id, target.id),
            isNull(users.removedAt),
            sql`exists (select 1 from ${userRoles} where ${userRoles.userId} = ${users.id})`,
            sql`exists (select 1 from ${userRoles} where ${userRoles.userId} = ${caller.id} and ${userRoles.role} = 'owner')`,
          ),
        )
        .returning({ id: users.id }),
    ),
    audit.statement,
    sqlPart`delete from user_roles where user_id = ${caller.id} and role = 'owner' and ${done}`,
    sqlPart`insert or ignore into user_roles (user_id, role, granted_by) select ${caller.id}, 'manager', ${caller.email} where ${done}`,
    sqlPart`insert into user_roles (user_id, role, granted_by) select ${target.id}, 'owner', ${caller.email} where ${done}`,
    mail(
      email,
      `You are now the owner of ${shop}`,
      `${caller.email} handed ${shop} over to you: you are now its owner.`,
    ),
    mail(
      caller.email,
      `${email} is now the owner of ${shop}`,
      `${email} is now the owner of ${shop}; you stay a manager.`,
    ),
  ])
  if (!returnedRow(guard)) throw conflict('The shop was handed over meanwhile. Reload the staff page.')
}
