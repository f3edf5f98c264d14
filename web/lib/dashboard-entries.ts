import type { Permission } from '#schemas/staff.ts'

/**
 * The staff's dashboard entries and what each needs (contract/operations.md "Screens",
 * "Dashboard entries"): the menu shows those the user's permissions open, and a page the user
 * lacks says which permission it needs. `staff`: any staff member.
 */
export const STAFF_ENTRIES = [
  { to: '/dashboard', label: 'Overview', needs: 'staff' },
  { to: '/dashboard/orders', label: 'Orders', needs: 'orders.read' },
  { to: '/dashboard/order', label: 'My Order', needs: 'everyone' },
  { to: '/dashboard/quote-desk', label: 'Quotes', needs: 'quotes.manage' },
  { to: '/dashboard/users', label: 'All Users', needs: 'customers.read' },
  { to: '/dashboard/manage', label: 'Manage', needs: 'catalogue.edit' },
  { to: '/dashboard/addTools', label: 'Add a Tool', needs: 'catalogue.edit' },
  { to: '/dashboard/categories', label: 'Categories', needs: 'catalogue.edit' },
  { to: '/dashboard/reviews', label: 'Reviews', needs: 'reviews.moderate' },
  { to: '/dashboard/messages', label: 'Messages', needs: 'messages.read' },
  { to: '/dashboard/vat', label: 'VAT', needs: 'vat.read' },
  { to: '/dashboard/settings', label: 'Settings', needs: 'settings.manage' },
  { to: '/dashboard/audit', label: 'Audit log', needs: 'audit.read' },
  { to: '/dashboard/outbox', label: 'Outbox', needs: 'settings.manage' },
] as const satisfies readonly { to: string; label: string; needs: Permission | 'staff' | 'everyone' }[]

export type StaffEntry = (typeof STAFF_ENTRIES)[number]

/** Whether a user with `permissions` (staff) may open `entry`. */
export const opens = (entry: StaffEntry, permissions: readonly Permission[]): boolean =>
  entry.needs === 'staff' || entry.needs === 'everyone' || permissions.includes(entry.needs)

/** The permission the staff page at `pathname` needs, if it needs one (its entry, or a page under it). */
export function permissionFor(pathname: string): Permission | undefined {
  const path = pathname.replace(/\/+$/, '')
  const entry = STAFF_ENTRIES.find((e) => e.to !== '/dashboard' && (path === e.to || path.startsWith(`${e.to}/`)))
  return entry && entry.needs !== 'staff' && entry.needs !== 'everyone' ? entry.needs : undefined
}
