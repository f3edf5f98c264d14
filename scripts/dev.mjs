// `npm run dev`: the whole shop on http://127.0.0.1:8787 until Ctrl-C or SIGTERM, which stop
// everything it started, also during start-up. `--no-build` starts from the current build.
// DEV_PORT, DEV_AUTH_PORT and DEV_STATE run a second shop beside the first (the tests do).
import { LOCAL_STATE, startStack } from './stack.mjs'

const controller = new AbortController()
const state = process.env.DEV_STATE ?? LOCAL_STATE
const starting = startStack({
  build: !process.argv.includes('--no-build'),
  signal: controller.signal,
  ...(process.env.DEV_PORT ? { port: Number(process.env.DEV_PORT) } : {}),
  ...(process.env.DEV_AUTH_PORT ? { authPort: Number(process.env.DEV_AUTH_PORT) } : {}),
  persistTo: state,
})

let stopping = false
async function shutdown(signal) {
  if (stopping) return
  stopping = true
  console.log(`\n${signal}: stopping the shop…`)
  // Still starting: the start stops what it has started and rejects; started: stop it.
  controller.abort()
  const stack = await starting.catch(() => undefined)
  await stack?.stop()
  process.exit(0)
}
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => void shutdown(signal))

try {
  const stack = await starting
  console.log(`
  Toolhaus is running.
    Shop and API         ${stack.url}
    Auth emulator        ${stack.authUrl}
    Demo accounts        admin@example.com / admin123 (admin)
                         customer@example.com / customer123
  Ctrl-C stops everything; the data stays in ${state}${state === LOCAL_STATE ? ' (npm run db:reset wipes it)' : ''}.
`)
} catch (error) {
  if (!stopping) {
    console.error(error instanceof Error ? error.message : error)
    process.exit(1)
  }
}
