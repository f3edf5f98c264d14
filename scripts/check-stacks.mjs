// `npm run check:stacks`: two local stacks side by side (as `npm run dev` and `npm test` may run
// at once) stay apart: each gets an account signed up in its own Auth emulator, both stop, and
// each emulator's export holds its own account and not the other's. Exits 1 otherwise.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startStack } from './stack.mjs'

const stacks = [
  { name: 'A', port: 8794, authPort: 9500 },
  { name: 'B', port: 8796, authPort: 9600 },
].map((s) => ({
  ...s,
  dir: mkdtempSync(join(tmpdir(), `toolhaus-stack-${s.name}-`)),
  email: `side-by-side-${s.name.toLowerCase()}-${Date.now()}@example.com`,
}))

const say = (s) => process.stdout.write(`[check-stacks] ${s}\n`)
const running = []
let ok = true
try {
  say('starting two stacks at once…')
  running.push(
    ...(await Promise.all(
      stacks.map((s) =>
        startStack({ port: s.port, authPort: s.authPort, persistTo: s.dir, build: false, log: () => {} }),
      ),
    )),
  )
  for (const s of stacks) {
    const res = await fetch(
      `http://127.0.0.1:${s.authPort}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-api-key`,
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email: s.email, password: 'secret123', returnSecureToken: true }),
      },
    )
    if (!res.ok) throw new Error(`sign-up in stack ${s.name} answered ${res.status}`)
    const health = await fetch(`http://127.0.0.1:${s.port}/api/health`)
    if (!health.ok) throw new Error(`stack ${s.name} is not healthy`)
  }
} catch (error) {
  ok = false
  say(`failed: ${error instanceof Error ? error.message : error}`)
} finally {
  await Promise.all(running.map((r) => r.stop()))
}

if (ok) {
  for (const s of stacks) {
    const accounts = JSON.parse(readFileSync(join(s.dir, 'auth', 'auth_export', 'accounts.json'), 'utf8')).users.map(
      (u) => u.email,
    )
    const own = accounts.includes(s.email)
    const foreign = stacks.filter((o) => o !== s && accounts.includes(o.email)).map((o) => o.name)
    say(
      `stack ${s.name}: ${own ? 'has its own account' : 'LOST its own account'}${foreign.length ? `, and ALSO the account of ${foreign.join(', ')}` : ', and no other'}`,
    )
    if (!own || foreign.length) ok = false
  }
}
for (const s of stacks) rmSync(s.dir, { recursive: true, force: true })
say(ok ? 'the two stacks ran side by side untouched' : 'the stacks crossed')
process.exit(ok ? 0 : 1)
