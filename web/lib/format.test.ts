import { describe, expect, it } from 'vitest'
import { nameBesideEmail } from './format'

describe('nameBesideEmail', () => {
  it('is the name a customer gave', () => {
    expect(nameBesideEmail('Rahima Akter', 'rahima@example.com')).toBe('Rahima Akter')
  })
  it('is nothing when the name is the e-mail (an order of a customer without a name), in any case', () => {
    expect(nameBesideEmail('rahima@example.com', 'rahima@example.com')).toBeUndefined()
    expect(nameBesideEmail(' Rahima@Example.com ', 'rahima@example.com')).toBeUndefined()
  })
  it('is nothing when there is no name', () => {
    expect(nameBesideEmail('', 'rahima@example.com')).toBeUndefined()
    expect(nameBesideEmail(null, 'rahima@example.com')).toBeUndefined()
    expect(nameBesideEmail(undefined, 'rahima@example.com')).toBeUndefined()
  })
})
