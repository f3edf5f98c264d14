// `npm run db:reset`: wipes local D1, R2 and the emulator's accounts. The next `npm run dev` seeds anew.
import { rmSync } from 'node:fs'
import { join } from 'node:path'
import { LOCAL_STATE, root } from './stack.mjs'

rmSync(join(root, LOCAL_STATE), { recursive: true, force: true })
console.log(`Local data wiped (${LOCAL_STATE}). Run \`npm run dev\` to start with fresh demo data.`)
