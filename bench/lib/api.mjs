// API throughput and latency with autocannon (in-process), against a running stack.
import autocannon from 'autocannon'

/**
 * One autocannon run. `path` is a string or a function returning a fresh path per request
 * (random pages, random ids); `method` and `body` (a string) for a POST. Everything that is
 * not a 2xx counts as an error.
 * @returns {Promise<{ rps: number, p50: number, p90: number, p99: number, requests: number, errors: number, non2xx: number, timeouts: number, bytesPerRequest: number }>}
 */
export async function measure({
  url,
  path,
  method = 'GET',
  body,
  headers = {},
  connections,
  duration,
  warmupRequests = 200,
}) {
  const nextPath = typeof path === 'function' ? path : () => path
  const requests = [{ method, headers, body, setupRequest: (req) => ({ ...req, path: nextPath() }) }]
  // Warm-up (not counted): isolates, JIT, SQLite page cache.
  await run({ url, connections: Math.min(connections, 8), amount: warmupRequests, requests, timeout: 30 })
  const r = await run({ url, connections, duration, requests, timeout: 30 })
  const non2xx = r.non2xx ?? 0
  return {
    rps: round(r.requests.average, 1),
    p50: r.latency.p50,
    p90: r.latency.p90,
    p99: r.latency.p99,
    requests: r.requests.total,
    errors: r.errors + non2xx,
    non2xx,
    timeouts: r.timeouts,
    bytesPerRequest: r.requests.total ? Math.round(r.throughput.total / r.requests.total) : 0,
  }
}

function run(opts) {
  return new Promise((resolve, reject) => {
    autocannon({ ...opts, pipelining: 1 }, (err, result) => (err ? reject(err) : resolve(result)))
  })
}

const round = (n, digits) => Math.round(n * 10 ** digits) / 10 ** digits

/** A random element. */
export const pick = (list) => list[Math.floor(Math.random() * list.length)]
