/**
 * The roles' permissions as contract/operations.md's Permissions table says ("held by"), typed
 * out here on their own, against worker/schemas/staff.ts; and the refusal's words.
 */
import { describe, expect, it } from 'vitest'
import { needsPermissionMessage, PERMISSIONS, permissionsOf, ROLES, rolesHolding, sortedRoles } from '#schemas/staff.ts'
import { HELD_BY } from './contract-permissions'

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
