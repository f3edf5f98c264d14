// `npm run db:reset`: wipes local D1, R2 and the emulator's accounts. The next `npm run dev` seeds anew.
import { rmSync } from 'node:fs'
import { join } from 'node:path'
import { root } from './stack.mjs'

rmSync(join(root, '.wrangler', 'state'), { recursive: true, force: true })
console.log('Local data wiped (.wrangler/state). Run `npm run dev` to start with fresh demo data.')
