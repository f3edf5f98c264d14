import { hc } from 'hono/client'
import type { AppType } from '#worker/app.ts'
import type { ErrorBody } from '#worker/lib/errors.ts'
import { ApiRequestError } from './api-error.ts'
import { lateRenewal, tokenStore } from './token-store.ts'

// Kept small and apart (api-error.ts) so that the entry chunk can tell API errors without the client.
export { ApiRequestError }

let tokenSource: () => string | null = tokenStore.get
// A page restored signed in (web/lib/session-state.ts) calls the API before the auth layer has
// loaded: its first 401 renews through the way web/lib/session.ts left (loading that layer).
let onUnauthorized: (() => Promise<boolean>) | undefined = () => lateRenewal.run?.() ?? Promise.resolve(false)
let transport: (input: RequestInfo | URL, init?: RequestInit) => Promise<Response> = (input, init) => fetch(input, init)

/**
 * Where API requests go. The browser uses fetch; the server, rendering a page inside the Worker,
 * hands them to the Worker's own API without a network hop (web/entry-server.tsx).
 */
export function setApiTransport(send: typeof transport) {
  transport = send
}

/** Lets the auth layer (web/lib/session-auth.ts) supply the bearer token and renew it once on a 401. */
export function configureApiAuth(getToken: () => string | null, renew?: () => Promise<boolean>) {
  tokenSource = getToken
  onUnauthorized = renew
}

/**
 * Reads near the shopper (D1 read replicas): every API answer that read the database names how
 * new its data was (`x-d1-bookmark`); sending the latest one back makes the next read at least as
 * new, so a shopper always reads their own writes, in every tab (it is not a secret).
 */
const BOOKMARK = 'x-d1-bookmark'
/** The browser's localStorage; none in a server render (which keeps no bookmark). */
const shared = () => (typeof localStorage === 'undefined' ? undefined : localStorage)
const bookmarks = {
  get: () => shared()?.getItem(BOOKMARK) ?? null,
  /** Keeps the answer's bookmark, unless a newer one arrived while this request was out. */
  keep(sent: string | null, res: Response) {
    const bookmark = res.headers.get(BOOKMARK)
    if (bookmark && bookmarks.get() === sent) shared()?.setItem(BOOKMARK, bookmark)
  },
  forget: () => shared()?.removeItem(BOOKMARK),
}

/** The API refused the bookmark itself (say, one kept from another database): forget it, ask again. */
async function refusedBookmark(res: Response): Promise<boolean> {
  if (res.status !== 400) return false
  const body = (await res
    .clone()
    .json()
    .catch(() => null)) as ErrorBody | null
  return Boolean(body?.error?.fields?.[BOOKMARK])
}

async function authedFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const send = async (): Promise<Response> => {
    const headers = new Headers(init?.headers)
    const token = tokenSource()
    if (token && !headers.has('Authorization')) headers.set('Authorization', `Bearer ${token}`)
    const bookmark = bookmarks.get()
    if (bookmark) headers.set(BOOKMARK, bookmark)
    const res = await transport(input, { ...init, headers })
    if (bookmark && (await refusedBookmark(res))) {
      bookmarks.forget()
      return send()
    }
    bookmarks.keep(bookmark, res)
    return res
  }
  const res = await send()
  // A call that brings its own credentials (the sign-in's exchange of a Firebase ID token) is not
  // renewed: renewing is that very exchange, which would then renew itself without end.
  if (res.status === 401 && !new Headers(init?.headers).has('Authorization') && (await renewAccessToken()))
    return send()
  return res
}

/** The current bearer token, for the one call that cannot go through the typed client (uploads). */
export const currentAccessToken = () => tokenSource()

/**
 * After a 401: renews the access token once through the auth layer (which signs the user
 * out when that fails). Resolves true when the request is worth sending again.
 */
export async function renewAccessToken(): Promise<boolean> {
  return Boolean(tokenSource() && onUnauthorized && (await onUnauthorized()))
}

/** The one typed client of the API (Hono RPC). */
export const api = hc<AppType>('/', { fetch: authedFetch }).api

type Answer = { ok: boolean; status: number; json(): Promise<unknown>; headers: Headers }
type Body<R> = R extends { json(): Promise<infer T> } ? T : never

/** Resolves to the JSON body of a 2xx answer; throws ApiRequestError with the server's message otherwise. */
export async function unwrap<R extends Answer>(request: Promise<R> | R): Promise<Body<R>> {
  const res = await request
  if (res.ok) return (await res.json()) as Body<R>
  const body = (await res.json().catch(() => null)) as ErrorBody | null
  throw new ApiRequestError(
    res.status,
    body?.error?.code ?? 'UNKNOWN',
    body?.error?.message ?? `The server answered ${res.status}.`,
    body?.error?.fields,
  )
}

/** Like unwrap, also returning the X-Total-Count header of list answers. */
export async function unwrapPage<R extends Answer>(
  request: Promise<R> | R,
): Promise<{ items: Body<R>; total: number }> {
  const res = await request
  const items = await unwrap(res)
  return { items, total: Number(res.headers.get('X-Total-Count') ?? 0) }
}
