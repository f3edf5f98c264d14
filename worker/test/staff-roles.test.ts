/**
 * The roles' permissions as contract/operations.md's Permissions table says ("held by"), typed
 * out here on their own, against worker/schemas/staff.ts; and the refusal's words.
 */
import { describe, expect, it } from 'vitest'
import { needsPermissionMessage, PERMISSIONS, permissionsOf, ROLES, rolesHolding, sortedRoles } from '#schemas/staff.ts'

const HELD_BY: Record<string, string> = {
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

describe('staff roles and permissions', () => {
  it('are the contract’s six roles and nineteen permissions, in its order', () => {
    expect(ROLES).toEqual(['owner', 'manager', 'orders', 'catalogue', 'finance', 'support'])
    expect(PERMISSIONS).toEqual(Object.keys(HELD_BY))
  })

  it('gives each permission to exactly the roles the contract names', () => {
    for (const [permission, roles] of Object.entries(HELD_BY)) {
      expect(rolesHolding(permission as (typeof PERMISSIONS)[number]).join(', '), permission).toBe(roles)
      for (const role of ROLES)
        expect(permissionsOf([role]).includes(permission as never), `${role} ${permission}`).toBe(
          roles.split(', ').includes(role),
        )
    }
  })

  it('gives several roles the union of their permissions, once each, in the table’s order', () => {
    expect(permissionsOf(['support', 'catalogue'])).toEqual([
      'orders.read',
      'catalogue.edit',
      'stock.read',
      'stock.adjust',
      'customers.read',
      'customers.manage',
      'reviews.moderate',
      'messages.read',
    ])
    expect(permissionsOf([])).toEqual([])
    expect(permissionsOf(['admin', 'nobody'])).toEqual([])
    expect(sortedRoles(['support', 'owner', 'support', 'admin'])).toEqual(['owner', 'support'])
  })

  it('words a refusal with the roles that hold the permission', () => {
    expect(needsPermissionMessage('refunds.issue')).toBe(
      'This needs the refunds.issue permission (roles: owner, manager, finance).',
    )
    expect(needsPermissionMessage('settings.bank')).toBe('This needs the settings.bank permission (roles: owner).')
  })
})
