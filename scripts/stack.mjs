// Starts and stops the whole local shop: the built SPA + API under `wrangler dev` (local D1 and
// R2, migrated and seeded) and the Firebase Auth emulator with the demo accounts.
// Used by `npm run dev` (scripts/dev.mjs) and by the browser tests (e2e/global-setup.ts).
import { spawn } from 'node:child_process'
import { cpSync, existsSync, mkdirSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { isBuilt } from './build.mjs'

export const root = resolve(dirname(fileURLToPath(import.meta.url)), '..')
/** The wrangler.toml environment of every local stack (dev, browser tests, bench). */
export const WRANGLER_ENV = 'dev'
/** Where `npm run dev` keeps local D1, R2 and the emulator's accounts (relative to the root); `npm run db:reset` wipes it. */
export const LOCAL_STATE = '.wrangler/state'
const bin = (name) => join(root, 'node_modules', '.bin', name)
const quietEnv = {
  ...process.env,
  CLOUDFLARE_CF_FETCH_ENABLED: 'false',
  WRANGLER_SEND_METRICS: 'false',
  NO_UPDATE_NOTIFIER: '1',
  FORCE_COLOR: '0',
}

/** Runs a command to completion, failing loudly with its output. */
/**
 * @param {string} cmd
 * @param {string[]} args
 * @param {{ log?: (s: string) => void, env?: NodeJS.ProcessEnv, signal?: AbortSignal }} [options]
 * @returns {Promise<string>}
 */
export function run(cmd, args, { log = () => {}, env = quietEnv, signal } = {}) {
  return new Promise((resolvePromise, reject) => {
    // An aborted signal ends the child (SIGTERM) and rejects.
    const child = spawn(cmd, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'], signal })
    let output = ''
    const collect = (chunk) => {
      output += chunk
      log(String(chunk))
    }
    child.stdout.on('data', collect)
    child.stderr.on('data', collect)
    child.on('error', reject)
    child.on('exit', (code) =>
      code === 0
        ? resolvePromise(output)
        : reject(new Error(`${cmd} ${args.join(' ')} exited with ${code}\n${output}`)),
    )
  })
}

/** Starts a long-running child in its own process group, so it can be stopped with everything it spawned. */
function startService(name, cmd, args, log, env = quietEnv) {
  const child = spawn(cmd, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true })
  const prefix = (chunk) =>
    String(chunk)
      .split('\n')
      .filter((line) => line.trim() && !line.includes('Unknown user config "nodedir"'))
      .forEach((line) => {
        log(`[${name}] ${line}\n`)
      })
  child.stdout.on('data', prefix)
  child.stderr.on('data', prefix)
  child.on('exit', (code, signal) => log(`[${name}] stopped (${signal ?? code})\n`))
  return child
}

function stopService(child, signal = 'SIGINT', graceMs = 10_000) {
  if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve()
  return new Promise((/** @type {(v?: unknown) => void} */ resolvePromise) => {
    const timer = setTimeout(() => {
      try {
        process.kill(-child.pid, 'SIGKILL')
      } catch {}
    }, graceMs)
    child.once('exit', () => {
      clearTimeout(timer)
      resolvePromise()
    })
    try {
      process.kill(-child.pid, signal)
    } catch {
      resolvePromise()
    }
  })
}

async function waitFor(url, { timeoutMs = 90_000, child, name, signal }) {
  const start = Date.now()
  while (Date.now() - start < timeoutMs) {
    signal?.throwIfAborted()
    if (child.exitCode !== null) throw new Error(`${name} exited before it was ready`)
    try {
      const res = await fetch(url)
      if (res.ok) return
    } catch {}
    await new Promise((r) => setTimeout(r, 250))
  }
  throw new Error(`${name} was not ready at ${url} after ${timeoutMs / 1000} s`)
}

/** Fails fast when a port is taken: waiting for "ready" could otherwise succeed against another server. */
function assertPortFree(port) {
  return new Promise((resolvePromise, reject) => {
    const probe = createServer()
    probe.once('error', () =>
      reject(
        new Error(
          `Port ${port} on 127.0.0.1 is already in use: stop what runs there (is \`npm run dev\` or a test run still going?)`,
        ),
      ),
    )
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolvePromise(undefined)))
  })
}

/**
 * Migrates local D1 in `persistDir` and seeds it, with R2, with the demo data (what a stack's
 * state starts from).
 * @param {string} persistDir
 * @param {{ log?: (s: string) => void, signal?: AbortSignal }} [options]
 */
export async function prepareState(persistDir, { log = () => {}, signal } = {}) {
  log('Applying D1 migrations…\n')
  await run(
    bin('wrangler'),
    ['d1', 'migrations', 'apply', 'DB', '--local', '--env', WRANGLER_ENV, '--persist-to', persistDir],
    { signal },
  )
  log('Seeding demo data…\n')
  log(await run(bin('tsx'), ['scripts/seed.ts', '--persist-to', persistDir], { signal }))
}

/**
 * Starts the stack and resolves once both parts answer. `template`: a folder `prepareState` filled,
 * copied into `persistTo` instead of migrating and seeding again (the browser tests' stacks).
 * @param {{ port?: number, authPort?: number, persistTo?: string, build?: boolean, production?: boolean, log?: (s: string) => void, vars?: Record<string, string>, template?: string, signal?: AbortSignal }} options
 *   `signal`: aborting it during start-up stops whatever has started and rejects (a Ctrl-C
 *   before the shop is ready leaves nothing running on its ports).
 */
export async function startStack({
  port = 8787,
  authPort = 9099,
  persistTo = LOCAL_STATE,
  build = true,
  production = false,
  log = (s) => process.stdout.write(s),
  vars = {},
  template,
  signal,
} = {}) {
  // Every port a stack opens is its own: the Worker, its inspector, the emulator, its hub and logging.
  const inspectorPort = port + 1000
  for (const p of [port, inspectorPort, authPort, authPort + 1, authPort + 2]) await assertPortFree(p)
  const persistDir = resolve(root, persistTo)
  mkdirSync(persistDir, { recursive: true })

  if (build) {
    log('Building the web app…\n')
    await run(process.execPath, [join(root, 'scripts', 'build.mjs'), '--quiet'], { log, signal })
  } else if (!isBuilt()) {
    throw new Error('The build (dist/, build/server/) is missing: run `npm run build` first')
  }
  if (template) cpSync(template, persistDir, { recursive: true })
  else await prepareState(persistDir, { log, signal })

  // The emulator keeps its accounts in memory: import them from persistDir/auth (first run: the
  // two demo accounts) and export them back on exit, so sign-ups survive a restart.
  const authData = join(persistDir, 'auth')
  if (!existsSync(join(authData, 'firebase-export-metadata.json')))
    cpSync(join(root, 'seed', 'auth-emulator'), authData, { recursive: true })
  const firebaseConfig = join(persistDir, 'firebase.json')
  writeFileSync(
    firebaseConfig,
    JSON.stringify({
      emulators: {
        auth: { host: '127.0.0.1', port: authPort },
        ui: { enabled: false },
        hub: { host: '127.0.0.1', port: authPort + 1 },
        logging: { host: '127.0.0.1', port: authPort + 2 },
        singleProjectMode: true,
      },
    }),
  )

  const services = []
  const stop = async () => {
    await Promise.all(services.map((s) => stopService(s)))
  }
  try {
    signal?.throwIfAborted()
    // NOTE: firebase-tools keeps its hub locator (hub-<project>.json) in the temp folder: each
    // stack gets its own, or two stacks side by side find each other's hub and export each
    // other's accounts.
    const tmp = join(persistDir, 'tmp')
    mkdirSync(tmp, { recursive: true })
    const authEnv = { ...quietEnv, TMPDIR: tmp, TMP: tmp, TEMP: tmp }
    const auth = startService(
      'auth',
      bin('firebase'),
      [
        'emulators:start',
        '--only',
        'auth',
        '--project',
        'demo-storefront',
        '--config',
        firebaseConfig,
        '--import',
        authData,
        '--export-on-exit',
        authData,
      ],
      log,
      authEnv,
    )
    services.push(auth)
    // The settings are wrangler.toml's [env.dev]; only what differs for this stack is passed.
    const overrides = {
      // Links the shop hands out (e-mails, sitemap) start with SHOP_URL: this stack's own address.
      ...(port !== 8787 ? { SHOP_URL: `http://127.0.0.1:${port}` } : {}),
      ...(authPort !== 9099 ? { FIREBASE_AUTH_EMULATOR_HOST: `127.0.0.1:${authPort}` } : {}),
      ...vars,
    }
    // NODE_ENV picks React's build inside the Worker: development (its warnings, e.g. hydration
    // mismatches) for dev and the browser tests, production for the bench (what a deploy runs).
    const workerEnv = { ...quietEnv, NODE_ENV: production ? 'production' : 'development' }
    const worker = startService(
      'worker',
      bin('wrangler'),
      [
        'dev',
        '--env',
        WRANGLER_ENV,
        '--ip',
        '127.0.0.1',
        '--port',
        String(port),
        '--inspector-port',
        String(inspectorPort),
        '--persist-to',
        persistDir,
        '--show-interactive-dev-session=false',
        '--test-scheduled',
        '--log-level',
        'warn',
        ...Object.entries(overrides).flatMap(([k, v]) => ['--var', `${k}:${v}`]),
      ],
      log,
      workerEnv,
    )
    services.push(worker)
    await Promise.all([
      waitFor(`http://127.0.0.1:${port}/api/health`, { child: worker, name: 'wrangler dev', signal }),
      waitFor(`http://127.0.0.1:${authPort}/`, { child: auth, name: 'Firebase Auth emulator', signal }),
    ])
  } catch (error) {
    await stop()
    throw error
  }
  return { url: `http://127.0.0.1:${port}`, authUrl: `http://127.0.0.1:${authPort}`, stop }
}
