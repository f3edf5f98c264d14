// Staff roles and their permissions (contract/operations.md "Staff roles and permissions"): the
// one table the API's checks and the dashboard's menu read.
import { emailField } from './email'
import { z } from './zod'

/** The roles, in the order of the contract's table (refusals name them in this order). */
export const ROLES = ['owner', 'manager', 'orders', 'catalogue', 'finance', 'support'] as const
export type Role = (typeof ROLES)[number]

/** The permissions, in the order of the contract's table. */
export const PERMISSIONS = [
  'orders.read',
  'orders.fulfil',
  'payments.record',
  'refunds.issue',
  'quotes.manage',
  'catalogue.edit',
  'stock.read',
  'stock.adjust',
  'customers.read',
  'customers.manage',
  'reviews.moderate',
  'messages.read',
  'reports.read',
  'vat.read',
  'data.export',
  'audit.read',
  'settings.manage',
  'settings.bank',
  'staff.manage',
] as const
export type Permission = (typeof PERMISSIONS)[number]

/** What each role lets its holder do: the owner everything, a manager everything but the bank. */
export const ROLE_PERMISSIONS: Record<Role, readonly Permission[]> = {
  owner: PERMISSIONS,
  manager: PERMISSIONS.filter((p) => p !== 'settings.bank'),
  orders: ['orders.read', 'orders.fulfil', 'quotes.manage', 'customers.read', 'messages.read', 'stock.read'],
  catalogue: ['catalogue.edit', 'stock.read', 'stock.adjust'],
  finance: [
    'orders.read',
    'payments.record',
    'refunds.issue',
    'reports.read',
    'vat.read',
    'data.export',
    'customers.read',
    'audit.read',
    'stock.read',
  ],
  support: ['orders.read', 'customers.read', 'customers.manage', 'reviews.moderate', 'messages.read'],
}

export const isRole = (name: string): name is Role => (ROLES as readonly string[]).includes(name)

/** The roles of `names` that exist, once each, in the table's order (the wire's `roles`). */
export const sortedRoles = (names: Iterable<string>): Role[] => {
  const held = new Set(names)
  return ROLES.filter((r) => held.has(r))
}

/** The union of the roles' permissions, in the table's order (the wire's `permissions`). */
export function permissionsOf(roles: Iterable<string>): Permission[] {
  const granted = new Set<Permission>()
  for (const role of roles) if (isRole(role)) for (const p of ROLE_PERMISSIONS[role]) granted.add(p)
  return PERMISSIONS.filter((p) => granted.has(p))
}

/** The roles that hold `permission`, in the table's order. */
export const rolesHolding = (permission: Permission): Role[] =>
  ROLES.filter((r) => ROLE_PERMISSIONS[r].includes(permission))

/** The 403's words for a caller without `permission`: "This needs the refunds.issue permission (roles: owner, manager, finance)." */
export const needsPermissionMessage = (permission: Permission): string =>
  `This needs the ${permission} permission (roles: ${rolesHolding(permission).join(', ')}).`

/** A staff member as `GET /api/staff` answers it. */
export type StaffMember = { email: string; name: string; roles: Role[]; permissions: Permission[] }

/** A list of distinct role names of at most `max`; `what` names it in the messages. */
const roleList = (max: number, what: string, roles: readonly Role[]) =>
  z
    .array(z.enum(roles as [Role, ...Role[]], { error: (issue) => `Unknown role: ${String(issue.input)}.` }), {
      error: `${what} must be a list of role names.`,
    })
    .max(max, `At most ${max} roles.`)
    .refine((list) => new Set(list).size === list.length, `${what} must not name a role twice.`)

/** `PUT /api/staff/{email}/roles`: the roles to hold (never `owner`: it is handed over) and those the form saw. */
export const StaffRolesSchema = z.object({
  roles: roleList(
    5,
    'roles',
    ROLES.filter((r) => r !== 'owner'),
  ),
  expectedRoles: roleList(6, 'expectedRoles', ROLES),
})

/** `POST /api/staff/owner`: the staff member who becomes the owner. */
export const HandOverSchema = z.object({
  email: emailField({
    required: 'Choose the new owner.',
    invalid: 'Enter the e-mail address of a member of staff.',
  }).transform((email) => email.toLowerCase()),
})
