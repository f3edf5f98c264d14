// contract/operations.md's Permissions table, its "held by" column, typed out here on its own so the
// tests check worker/schemas/staff.ts against the contract rather than against itself.

export const HELD_BY: Record<string, string> = {
  'orders.read': 'owner, manager, orders, finance, support',
  'orders.fulfil': 'owner, manager, orders',
  'payments.record': 'owner, manager, finance',
  'refunds.issue': 'owner, manager, finance',
  'quotes.manage': 'owner, manager, orders',
  'catalogue.edit': 'owner, manager, catalogue',
  'stock.read': 'owner, manager, orders, catalogue, finance',
  'stock.adjust': 'owner, manager, catalogue',
  'customers.read': 'owner, manager, orders, finance, support',
  'customers.manage': 'owner, manager, support',
  'reviews.moderate': 'owner, manager, support',
  'messages.read': 'owner, manager, orders, support',
  'reports.read': 'owner, manager, finance',
  'vat.read': 'owner, manager, finance',
  'data.export': 'owner, manager, finance',
  'audit.read': 'owner, manager, finance',
  'settings.manage': 'owner, manager',
  'settings.bank': 'owner',
  'staff.manage': 'owner, manager',
}

/** The refusal's words for `permission` as the contract spells them ("How a refusal reads"). */
export const needsMessage = (permission: string) => {
  const roles = HELD_BY[permission]
  if (!roles) throw new Error(`No permission ${permission} in the contract's table`)
  return `This needs the ${permission} permission (roles: ${roles}).`
}

/** Whether `role` holds `permission` by the contract's table. */
export const holds = (role: string, permission: string) => (HELD_BY[permission] ?? '').split(', ').includes(role)
