/**
 * Public GET answers (the API's catalogue, reviews and config, and the server-rendered pages)
 * with an ETag and 304, public Cache-Control, and a shared copy kept at the edge that is
 * dropped as soon as the data behind it changes. Decision 010 explains the design; in short,
 * where the copies live depends on the configuration:
 *
 * - `memory` (development and tests, where one workerd process runs one isolate): in this
 *   isolate's memory; a change drops them at once.
 * - `purge` (CACHE_ZONE_ID and CACHE_PURGE_TOKEN set; production): in the Workers Cache API
 *   of each data center, tagged with `Cache-Tag`; a change purges its tags through
 *   Cloudflare's API, which reaches every data center, before the change's own answer goes.
 * - `off` (production without those settings): nowhere; ETag and 304 still apply.
 *
 * Every write that changes what a public answer shows calls {@link invalidatePublic} with
 * the data it changed (tools and stock: `catalogue`; reviews: `reviews`; the shop's settings: `settings`).
 */
import type { Context } from 'hono'
import { type AppEnv, type Config, getConfig } from '../env'
import { BOOKMARK_HEADER, bindingsOf, readFromPrimary } from './db'

/** The data a public answer shows; a write that changes it invalidates every answer tagged with it. */
export type CacheTag = 'catalogue' | 'reviews' | 'settings'

/** What a stale copy needs to be refreshed after the answer has gone: the request's waitUntil. */
type Background = Pick<ExecutionContext, 'waitUntil'> | undefined

/** A kept copy is served as it is this long… */
const FRESH_SECONDS = 60
/** …and for this long after that while one request refreshes it in the background (stale-while-revalidate). */
const STALE_SECONDS = 30

/**
 * What clients are told. Browsers revalidate every time (a 304 when nothing changed); shared
 * caches may keep an answer a minute. NOTE: no `stale-while-revalidate` here: browsers honour
 * it too (Chrome, Firefox), and a shopper or admin would then see the list from before their
 * own change. Stale-while-revalidate happens inside this module instead (STALE_SECONDS).
 */
export const PUBLIC_CACHE_CONTROL = `public, max-age=0, must-revalidate, s-maxage=${FRESH_SECONDS}`

/** Copies kept in memory at most (the catalogue's pages and tools, the reviews' pages, the pages). */
const MEMORY_ENTRIES = 500
/** Answers larger than this (bytes) are answered but never kept. */
const MAX_KEPT_BYTES = 1024 * 1024
/** Tags in the zone's cache are shared with anything else the zone serves: ours carry a prefix. */
const TAG_PREFIX = 'storefront-'
/** When the copy was made (ms), on copies in the Cache API. */
const STORED_AT = 'x-edge-stored-at'
const PURGE_API = 'https://api.cloudflare.com/client/v4'
const PURGE_TIMEOUT_MS = 5_000
/** Bump when what a key means changes (a new key shape), so no old copy is read as a new one. */
const KEY_VERSION = '1'

/** Headers that belong to one request's answer (CORS, the D1 bookmark) or that this module sets itself. */
const PER_ANSWER =
  /^(?:access-control-|vary$|date$|age$|content-length$|cache-control$|etag$|set-cookie$|x-d1-bookmark$|cache-tag$|cf-|x-edge-)/i

type Mode = 'memory' | 'purge' | 'off'

const modeOf = (config: Config): Mode =>
  config.CACHE_ZONE_ID && config.CACHE_PURGE_TOKEN ? 'purge' : config.ENVIRONMENT === 'production' ? 'off' : 'memory'

/** A public answer as kept: its body, its own headers, its ETag, what it shows, when it was made. */
type Entry = {
  body: Uint8Array<ArrayBuffer>
  headers: [string, string][]
  etag: string
  tags: readonly CacheTag[]
  storedAt: number
}
/** A kept copy as read back (a Cache API body is a stream). */
type Copy = { body: BodyInit | null; headers: [string, string][]; etag: string; storedAt: number }

/** In `memory` mode: the copies, least recently used first. */
const memory = new Map<string, Entry>()
/** In `purge` mode: the keys this isolate stored per tag, so a change also drops them here at once. */
const storedKeys = new Map<CacheTag, Set<string>>()
/** Paths with a kept copy (at most MEMORY_ENTRIES): only these are looked up by {@link keptPublicAnswer}. */
const keptPaths = new Set<string>()
/** Keys being refreshed in the background (one refresh per key at a time). */
const refreshing = new Set<string>()
/**
 * Counts invalidations in this isolate. A copy made from a read that started before an
 * invalidation is not kept: it may show the data from before the change.
 */
let generation = 0

/**
 * Answers a public GET: from a kept copy when there is a fresh one, otherwise from
 * `produce()`, whose 200 answer is kept; either way with an ETag, a 304 to a matching
 * `If-None-Match`, and {@link PUBLIC_CACHE_CONTROL}. A non-200 answer of `produce()` (an error,
 * a redirect) or one that sets a cookie goes out as it is and is never kept.
 *
 * `produce()` must answer the same for every visitor: nothing from the request but its URL
 * (no Authorization, no cookie). On a miss it reads from the D1 primary (a shared copy must
 * be as new as the last change, whoever made it). A copy lives at most 90 s; its tags are what
 * drops it sooner.
 *
 * @param ctx the request's execution context (its waitUntil stores copies and refreshes
 *   stale ones after the answer has gone); undefined does that work before answering.
 * @param options.tags the data the answer shows: `catalogue` (tools, prices, stock) and
 *   `reviews`. Every data the answer shows must be named, or a change to it will not reach the
 *   answer for up to 90 s. An answer that shows none (the public config, a static page) has
 *   none: it changes only with a deployment or a setting.
 * @param options.key a further part of the cache key, for an answer that depends on more than
 *   its URL, the deployed code and the settings.
 * @param options.maxBytes the largest answer kept (1 MB unless given): the merchant feed of a
 *   large catalogue is several MB, and worth keeping.
 * @example A server-rendered page (worker/index.ts):
 *   return cachePublic(request, env, ctx, () => renderPage(request, env, ctx), { tags: ['catalogue', 'reviews'] })
 */
export async function cachePublic(
  request: Request,
  env: Env,
  ctx: Background,
  produce: () => Response | Promise<Response>,
  options: { tags?: readonly CacheTag[]; key?: string; maxBytes?: number } = {},
): Promise<Response> {
  const tags = options.tags ?? []
  const config = getConfig(bindingsOf(env))
  const mode = modeOf(config)
  if (mode === 'off' || (request.method !== 'GET' && request.method !== 'HEAD')) {
    const response = await produce()
    const entry = await entryOf(response, tags)
    return entry ? answer(request, entry) : response
  }

  const key = cacheKey(request.url, env, config, mode, options.key)
  const copy = mode === 'memory' ? fromMemory(key) : await fromEdge(key)
  if (copy) {
    rememberPath(key)
    if (Date.now() - copy.storedAt > FRESH_SECONDS * 1000 && !refreshing.has(key)) {
      refreshing.add(key)
      const refresh = refill(env, mode, key, tags, produce, undefined, options.maxBytes)
        .catch((err: unknown) => console.error('Refreshing a cached answer failed', key, err))
        .finally(() => refreshing.delete(key))
      if (ctx) ctx.waitUntil(refresh)
    }
    return answer(request, copy)
  }
  const { response, entry } = await refill(env, mode, key, tags, produce, ctx, options.maxBytes)
  return entry ? answer(request, entry) : response
}

/**
 * A fresh kept copy for `request` without running its route, or undefined: for the API's first
 * middleware, so that a hit skips the rest of the chain (body limits, CORS, the D1 session,
 * routing, validation). Only for a plain GET or HEAD of a path that has a kept copy, sent
 * without Origin (its CORS headers come from the chain) and without x-d1-bookmark (the chain
 * checks it and sends it back). Everything else, a stale copy included, goes through the chain
 * to the route's {@link cachePublic}, which answers the same.
 */
export async function keptPublicAnswer(request: Request, env: Env): Promise<Response | undefined> {
  if (
    (request.method !== 'GET' && request.method !== 'HEAD') ||
    request.headers.has('Origin') ||
    request.headers.has(BOOKMARK_HEADER)
  )
    return undefined
  const url = new URL(request.url)
  if (!keptPaths.has(url.pathname)) return undefined
  let config: Config
  try {
    config = getConfig(bindingsOf(env))
  } catch {
    return undefined // the chain answers the configuration error
  }
  const mode = modeOf(config)
  if (mode === 'off') return undefined
  const key = cacheKey(url, env, config, mode, undefined)
  const copy = mode === 'memory' ? fromMemory(key) : await fromEdge(key)
  if (!copy) return undefined
  if (Date.now() - copy.storedAt > FRESH_SECONDS * 1000) {
    if (copy.body instanceof ReadableStream) void copy.body.cancel()
    return undefined
  }
  return answer(request, copy)
}

/** {@link cachePublic} for an API route; keeps the route's typed answer (for the RPC client). */
export function cachePublicRoute<R extends Response>(
  c: Context<AppEnv>,
  produce: () => R | Promise<R>,
  options?: { tags?: readonly CacheTag[]; key?: string },
): Promise<R> {
  return cachePublic(c.req.raw, c.env, backgroundOf(c), produce, options) as Promise<R>
}

/**
 * Drops every kept answer tagged with one of `tags`: in this isolate at once and, in `purge`
 * mode, in every data center through Cloudflare's purge API (awaited, so the next request
 * anywhere is fresh). Call it after the change is stored, before answering. A purge that
 * fails is logged, never thrown: the change itself succeeded, and the copies expire within
 * FRESH_SECONDS + STALE_SECONDS.
 */
export async function invalidatePublic(config: Config, tags: readonly CacheTag[]): Promise<void> {
  if (tags.length === 0) return
  generation += 1
  for (const [key, entry] of memory) if (entry.tags.some((t) => tags.includes(t))) memory.delete(key)
  if (modeOf(config) !== 'purge') return
  await Promise.all([forgetStoredKeys(tags), purgeTags(config, tags)])
}

/** Produces the answer and keeps it (unless an invalidation came meanwhile). */
async function refill(
  env: Env,
  mode: Exclude<Mode, 'off'>,
  key: string,
  tags: readonly CacheTag[],
  produce: () => Response | Promise<Response>,
  ctx: Background,
  maxBytes = MAX_KEPT_BYTES,
): Promise<{ response: Response; entry: Entry | undefined }> {
  const since = generation
  readFromPrimary(env)
  const response = await produce()
  const entry = await entryOf(response, tags)
  if (entry && since === generation && entry.body.byteLength <= maxBytes) {
    rememberPath(key)
    if (mode === 'memory') toMemory(key, entry)
    else {
      const stored = toEdge(key, entry).catch((err: unknown) =>
        console.error('Keeping a cached answer failed', key, err),
      )
      if (ctx) ctx.waitUntil(stored)
      else await stored
    }
  }
  return { response, entry }
}

/** Lets {@link keptPublicAnswer} look for copies of the key's path (in any isolate that has seen one). */
function rememberPath(key: string) {
  if (keptPaths.size < MEMORY_ENTRIES) keptPaths.add(new URL(key).pathname)
}

/** The answer as kept, or undefined for one that is never kept (not a 200, or it sets a cookie). */
async function entryOf(response: Response, tags: readonly CacheTag[]): Promise<Entry | undefined> {
  if (response.status !== 200 || response.headers.has('Set-Cookie')) return undefined
  // NOTE: kept as bytes, encoded once; a Response copies the bytes it is given, so one copy serves every hit.
  const body = new Uint8Array(await response.arrayBuffer())
  const headers = ownHeaders(response.headers)
  return { body, headers, etag: await etagOf(body, response.headers.get('X-Total-Count')), tags, storedAt: Date.now() }
}

/** A strong ETag from the content (and the total, which lives in a header): the same in every isolate and data center. */
async function etagOf(body: Uint8Array, total: string | null): Promise<string> {
  const prefix = new TextEncoder().encode(total === null ? '' : `${total}\n`)
  const bytes = new Uint8Array(prefix.byteLength + body.byteLength)
  bytes.set(prefix)
  bytes.set(body, prefix.byteLength)
  const digest = await crypto.subtle.digest('SHA-256', bytes)
  const hex = Array.from(new Uint8Array(digest).subarray(0, 16), (b) => b.toString(16).padStart(2, '0')).join('')
  return `"${hex}"`
}

/** The answer's headers that are kept with it (not {@link PER_ANSWER}). */
function ownHeaders(headers: Headers): [string, string][] {
  const own: [string, string][] = []
  headers.forEach((value, name) => {
    if (!PER_ANSWER.test(name)) own.push([name, value])
  })
  return own
}

/** The client's answer from a copy: 304 when its If-None-Match names the copy's ETag. */
function answer(request: Request, copy: Copy): Response {
  const headers = new Headers(copy.headers)
  headers.set('ETag', copy.etag)
  headers.set('Cache-Control', PUBLIC_CACHE_CONTROL)
  const notModified = etagMatches(request.headers.get('If-None-Match'), copy.etag)
  if (notModified || request.method === 'HEAD') {
    if (copy.body instanceof ReadableStream) void copy.body.cancel()
    return new Response(null, { status: notModified ? 304 : 200, headers })
  }
  return new Response(copy.body, { status: 200, headers })
}

/** If-None-Match's weak comparison (RFC 9110 13.1.2): `*`, or any listed tag equal but for W/. */
function etagMatches(ifNoneMatch: string | null, etag: string): boolean {
  if (!ifNoneMatch) return false
  const bare = (tag: string) => tag.trim().replace(/^W\//, '')
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || bare(tag) === bare(etag))
}

const configIds = new WeakMap<Config, number>()
let configsSeen = 0
/** A number for each configuration this isolate has seen (the tests call the API with several). */
function configIdOf(config: Config): number {
  let id = configIds.get(config)
  if (id === undefined) configIds.set(config, (id = ++configsSeen))
  return id
}

/**
 * The URL with its query sorted (the same request in another order is the same answer), what
 * the code and settings are (in memory: this isolate's configuration; in the Cache API, shared
 * by every isolate: the deployed version), and `extra`.
 */
function cacheKey(
  requestUrl: string | URL,
  env: Env,
  config: Config,
  mode: Exclude<Mode, 'off'>,
  extra: string | undefined,
): string {
  const url = new URL(requestUrl)
  url.hash = ''
  url.searchParams.sort()
  // NOTE: CF_VERSION_METADATA exists only when wrangler.toml binds it ([version_metadata]);
  // without it a deployment (or a changed setting) serves the previous copies until they expire.
  const scope =
    mode === 'memory'
      ? `m${configIdOf(config)}`
      : ((bindingsOf(env) as { CF_VERSION_METADATA?: { id?: string } }).CF_VERSION_METADATA?.id ?? '')
  url.searchParams.append('__edge', [KEY_VERSION, scope, extra ?? ''].join('.'))
  return url.href
}

function fromMemory(key: string): Copy | undefined {
  const entry = memory.get(key)
  if (!entry) return undefined
  memory.delete(key)
  if (Date.now() - entry.storedAt > (FRESH_SECONDS + STALE_SECONDS) * 1000) return undefined
  memory.set(key, entry) // most recently used last
  return entry
}

function toMemory(key: string, entry: Entry) {
  memory.delete(key)
  memory.set(key, entry)
  if (memory.size > MEMORY_ENTRIES) memory.delete(memory.keys().next().value!)
}

// NOTE: the Workers runtime's own cache; typed by hand because the web app's type check, which
// sees this file through AppType, knows only the DOM's CacheStorage.
const edgeCache = (): Cache => (caches as unknown as { default: Cache }).default

async function fromEdge(key: string): Promise<Copy | undefined> {
  const response = await edgeCache().match(key)
  if (!response) return undefined
  const etag = response.headers.get('ETag')
  const storedAt = Number(response.headers.get(STORED_AT))
  if (!etag || !Number.isFinite(storedAt)) {
    void response.body?.cancel()
    return undefined
  }
  return { body: response.body, headers: ownHeaders(response.headers), etag, storedAt }
}

async function toEdge(key: string, entry: Entry) {
  const headers = new Headers(entry.headers)
  headers.set('ETag', entry.etag)
  // The copy lives through its fresh and its stale time; what clients see is PUBLIC_CACHE_CONTROL.
  headers.set('Cache-Control', `public, s-maxage=${FRESH_SECONDS + STALE_SECONDS}`)
  if (entry.tags.length) headers.set('Cache-Tag', entry.tags.map((t) => TAG_PREFIX + t).join(','))
  headers.set(STORED_AT, String(entry.storedAt))
  for (const tag of entry.tags) {
    const keys = storedKeys.get(tag) ?? new Set<string>()
    storedKeys.set(tag, keys)
    keys.add(key)
    if (keys.size > MEMORY_ENTRIES) keys.delete(keys.values().next().value!)
  }
  await edgeCache().put(key, new Response(entry.body, { headers }))
}

/** Drops the copies this isolate stored in this data center (the purge reaches the rest). */
async function forgetStoredKeys(tags: readonly CacheTag[]) {
  const keys = new Set(tags.flatMap((tag) => [...(storedKeys.get(tag) ?? [])]))
  for (const tag of tags) storedKeys.delete(tag)
  await Promise.all(
    [...keys].map((key) =>
      edgeCache()
        .delete(key)
        .catch(() => false),
    ),
  )
}

/** Cloudflare's purge by tag (POST /zones/{zone}/purge_cache): every data center, within seconds. */
async function purgeTags(config: Config, tags: readonly CacheTag[]) {
  const url = `${config.CACHE_PURGE_API_BASE || PURGE_API}/zones/${encodeURIComponent(config.CACHE_ZONE_ID)}/purge_cache`
  try {
    const res = await fetch(url, {
      method: 'POST',
      headers: { Authorization: `Bearer ${config.CACHE_PURGE_TOKEN}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ tags: tags.map((t) => TAG_PREFIX + t) }),
      signal: AbortSignal.timeout(PURGE_TIMEOUT_MS),
    })
    const body = (await res.json().catch(() => undefined)) as { success?: boolean; errors?: unknown } | undefined
    if (!res.ok || body?.success !== true) console.error('Cache purge refused', res.status, tags, body?.errors)
  } catch (err) {
    console.error('Cache purge failed', tags, err)
  }
}

/** The request's waitUntil; none for app.request() without an execution context (some tests). */
function backgroundOf(c: Context<AppEnv>): Background {
  try {
    return c.executionCtx
  } catch {
    return undefined
  }
}
