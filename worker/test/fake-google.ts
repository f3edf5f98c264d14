/**
 * vitest globalSetup (runs in Node, not in workerd): a stand-in for Google's securetoken
 * key server, so real RS256 Firebase ID tokens are verified over a real socket.
 *
 * - Generates one RS256 key pair per test run.
 * - `GET /jwks` answers the public key as a JWK set (with `kid`, `alg`, `use`).
 *
 * Tests read `inject('jwksUrl')` (pass it to the app as FIREBASE_JWKS_URL) and sign with
 * `inject('googlePrivateJwk')` / `inject('googleKid')` (see `signedIdToken` in tokens.ts).
 */
import { createServer } from 'node:http'
import { exportJWK, generateKeyPair, type JWK } from 'jose'
import type { TestProject } from 'vitest/node'
import { listenOnLoopback } from './local-server'

declare module 'vitest' {
  export interface ProvidedContext {
    jwksUrl: string
    googlePrivateJwk: JWK
    googleKid: string
  }
}

export default async function setup(project: TestProject) {
  const { publicKey, privateKey } = await generateKeyPair('RS256', { extractable: true })
  const kid = `fake-google-${crypto.randomUUID()}`
  const publicJwk = { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' }
  const privateJwk = { ...(await exportJWK(privateKey)), kid, alg: 'RS256' }
  const body = JSON.stringify({ keys: [publicJwk] })

  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://127.0.0.1').pathname
    if (req.method === 'GET' && path === '/jwks') {
      res.writeHead(200, { 'Content-Type': 'application/json', 'Cache-Control': 'public, max-age=3600' })
      res.end(body)
      return
    }
    res.writeHead(404, { 'Content-Type': 'application/json' })
    res.end(JSON.stringify({ error: 'not found' }))
  })

  const { url, close } = await listenOnLoopback(server)
  project.provide('jwksUrl', `${url}/jwks`)
  project.provide('googlePrivateJwk', privateJwk)
  project.provide('googleKid', kid)

  return close
}
