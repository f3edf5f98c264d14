import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { UserProfile } from '#schemas/user.ts'
import { type AuthSnapshot, authState, restoredSession } from './session-state'
import { tokenStore } from './token-store'

/** The browser's localStorage, as a Map (workerd has none). */
class MemoryStorage {
  private items = new Map<string, string>()
  getItem = (key: string) => this.items.get(key) ?? null
  setItem = (key: string, value: string) => void this.items.set(key, value)
  removeItem = (key: string) => void this.items.delete(key)
}

/** An access token ending `inMs` from now (its signature is the server's business). */
const tokenEnding = (inMs: number) =>
  `x.${btoa(JSON.stringify({ exp: Math.floor((Date.now() + inMs) / 1000) }))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '')}.y`

const SIGNED_IN: AuthSnapshot = {
  status: 'signedIn',
  user: { uid: 'u1', email: 'rahima@example.com', displayName: 'Rahima', photoURL: null, emailVerified: true },
  profile: { email: 'rahima@example.com', name: 'Rahima' } as UserProfile,
}

beforeEach(() => {
  Object.defineProperty(globalThis, 'localStorage', { value: new MemoryStorage(), configurable: true })
})
afterEach(() => {
  Reflect.deleteProperty(globalThis, 'localStorage')
})

describe('restoredSession: the next page load starts signed in at once', () => {
  it('is the state kept with the token stored now, while it has more than five minutes left', () => {
    tokenStore.set(tokenEnding(60 * 60_000))
    authState.set(SIGNED_IN)
    expect(restoredSession()).toEqual(SIGNED_IN)
  })

  it('is nothing without a token, with a token about to end, or with another token than the one kept', () => {
    expect(restoredSession()).toBeUndefined()
    tokenStore.set(tokenEnding(4 * 60_000))
    authState.set(SIGNED_IN)
    expect(restoredSession()).toBeUndefined()
    tokenStore.set(tokenEnding(60 * 60_000))
    expect(restoredSession(), 'a token renewed elsewhere than through the kept state').toBeUndefined()
    tokenStore.set('not-a-token')
    expect(restoredSession()).toBeUndefined()
  })

  it('is nothing once signed out, or when what was kept is not a state', () => {
    tokenStore.set(tokenEnding(60 * 60_000))
    authState.set(SIGNED_IN)
    authState.set({ status: 'signedOut' })
    expect(restoredSession()).toBeUndefined()
    authState.set(SIGNED_IN)
    localStorage.setItem('session', '{not json')
    expect(restoredSession()).toBeUndefined()
    localStorage.setItem('session', JSON.stringify({ token: tokenStore.get(), state: { status: 'loading' } }))
    expect(restoredSession()).toBeUndefined()
  })

  it('keeps nothing while loading: a page that starts does not forget the kept state', () => {
    tokenStore.set(tokenEnding(60 * 60_000))
    authState.set(SIGNED_IN)
    authState.set({ status: 'loading' })
    expect(restoredSession()).toEqual(SIGNED_IN)
  })
})
