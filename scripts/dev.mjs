// `npm run dev`: the whole shop on http://127.0.0.1:8787 until Ctrl-C or SIGTERM.
import { startStack } from './stack.mjs'

let stack
let stopping = false
async function shutdown(signal) {
  if (stopping) return
  stopping = true
  console.log(`\n${signal}: stopping the shop…`)
  await stack?.stop()
  process.exit(0)
}
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => void shutdown(signal))

try {
  stack = await startStack()
  console.log(`
  Toolhaus is running.
    Shop and API         ${stack.url}
    Auth emulator        ${stack.authUrl}
    Demo accounts        admin@example.com / admin123 (admin)
                         customer@example.com / customer123
  Ctrl-C stops everything; the data stays in .wrangler/state (npm run db:reset wipes it).
`)
} catch (error) {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
}
