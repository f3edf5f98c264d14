/**
 * vitest globalSetup (runs in Node, not in workerd): a local stand-in for Resend's
 * `POST /emails`, so the HTTP e-mail provider is tested over a real socket.
 *
 * - `POST /emails` answers 200 `{id}` for a well-formed request with a bearer key;
 *   401 without `Authorization: Bearer …`; 422 without from/to/subject/text;
 *   500 when the subject contains 'FAIL' or after `POST /__fail`.
 * - `POST /down/emails` is a provider that is down: recorded like `/emails`, always 503
 *   (a failing provider for one test, without switching the shared server for every file).
 * - `GET /__requests` lists every `/emails` request received ({headers, body, status});
 *   `POST /__reset` clears the list and switches failing off; any request to `/__drop`
 *   has its connection closed without an answer.
 *
 * Tests read its base URL with `inject('emailUrl')`.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { TestProject } from 'vitest/node'
import { listenOnLoopback, readBody } from './local-server'

declare module 'vitest' {
  export interface ProvidedContext {
    emailUrl: string
  }
}

export type FakeEmailRequest = {
  method: string
  path: string
  headers: Record<string, string>
  body: unknown
  status: number
}

export default async function setup(project: TestProject) {
  const received: FakeEmailRequest[] = []
  let failing = false
  let counter = 0

  const server = createServer(async (req, res) => {
    try {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1')
      // Closes the connection without an answer: the provider is unreachable mid-request.
      if (url.pathname === '/__drop') return void req.socket.destroy()
      const raw = await readBody(req)
      if (url.pathname === '/__requests' && req.method === 'GET') return send(res, 200, received)
      if (url.pathname === '/__reset' && req.method === 'POST') {
        received.length = 0
        failing = false
        return send(res, 200, { ok: true })
      }
      if (url.pathname === '/__fail' && req.method === 'POST') {
        failing = true
        return send(res, 200, { ok: true })
      }
      const down = url.pathname === '/down/emails'
      if ((url.pathname !== '/emails' && !down) || req.method !== 'POST')
        return send(res, 404, { statusCode: 404, name: 'not_found', message: 'Not found' })

      let body: any = null
      try {
        body = JSON.parse(raw)
      } catch {
        body = raw
      }
      const [status, answer]: [number, unknown] = down
        ? [503, { statusCode: 503, name: 'service_unavailable', message: 'The service is temporarily unavailable.' }]
        : respond(req, body)
      received.push({
        method: req.method,
        path: url.pathname,
        headers: Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)])),
        body,
        status,
      })
      return send(res, status, answer)
    } catch (err) {
      return send(res, 500, { statusCode: 500, name: 'internal_server_error', message: String(err) })
    }
  })

  function respond(req: IncomingMessage, body: any): [number, unknown] {
    if (!/^Bearer \S+$/.test(req.headers.authorization ?? ''))
      return [
        401,
        { statusCode: 401, name: 'missing_api_key', message: 'Missing API key in the authorization header.' },
      ]
    const valid =
      body &&
      typeof body === 'object' &&
      typeof body.from === 'string' &&
      Array.isArray(body.to) &&
      body.to.length > 0 &&
      typeof body.subject === 'string' &&
      (typeof body.text === 'string' || typeof body.html === 'string')
    if (!valid)
      return [
        422,
        { statusCode: 422, name: 'validation_error', message: 'Invalid `from`, `to`, `subject` or content.' },
      ]
    if (failing || body.subject.includes('FAIL'))
      return [500, { statusCode: 500, name: 'application_error', message: 'An unexpected error occurred.' }]
    counter += 1
    return [200, { id: `fake-email-${counter}` }]
  }

  const { url, close } = await listenOnLoopback(server)
  project.provide('emailUrl', url)

  return close
}

function send(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'Content-Type': 'application/json' })
  res.end(JSON.stringify(body))
}
