// Worker bundle: what `wrangler deploy --dry-run --outdir` would upload (the Worker with the
// server build it imports to render pages), raw and gzipped, with the packages that weigh most
// (from esbuild's metafile).
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { root, run } from '../../scripts/stack.mjs'

const quietEnv = {
  ...process.env,
  CLOUDFLARE_CF_FETCH_ENABLED: 'false',
  WRANGLER_SEND_METRICS: 'false',
  NO_UPDATE_NOTIFIER: '1',
  FORCE_COLOR: '0',
}

export async function measureBundle(outdir) {
  const metafile = join(outdir, 'bundle-meta.json')
  await run(
    join(root, 'node_modules', '.bin', 'wrangler'),
    ['deploy', '--dry-run', '--outdir', outdir, '--metafile', metafile],
    { env: quietEnv },
  )
  let raw = 0
  let gz = 0
  const files = []
  for (const name of readdirSync(outdir)) {
    const file = join(outdir, name)
    // The upload is the modules (and any wasm); source maps, the README and the metafile are not.
    if (!statSync(file).isFile() || !/\.(m?js|cjs|wasm)$/.test(name)) continue
    const bytes = readFileSync(file)
    const z = gzipSync(bytes).length
    raw += bytes.length
    gz += z
    files.push({ name, raw: bytes.length, gz: z })
  }
  const byPackage = {}
  // The server build (build/server/, the pages' renderer) is app code too; counted apart as well.
  let serverBuildRaw = 0
  try {
    const meta = JSON.parse(readFileSync(metafile, 'utf8'))
    for (const output of Object.values(meta.outputs)) {
      for (const [input, { bytesInOutput }] of Object.entries(output.inputs ?? {})) {
        const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(input)?.[1] ?? '(app code)'
        byPackage[pkg] = (byPackage[pkg] ?? 0) + bytesInOutput
        if (/(^|\/)build\/server\//.test(input)) serverBuildRaw += bytesInOutput
      }
    }
  } catch {}
  const top = Object.entries(byPackage)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 8)
    .map(([name, bytes]) => ({ name, raw: bytes }))
  return { raw, gz, files, top, serverBuildRaw }
}
