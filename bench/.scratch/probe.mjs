import { mkdtempSync } from 'node:fs'
import { execSync } from 'node:child_process'
import { startStack } from '/work/main/scripts/stack.mjs'
import autocannon from 'autocannon'
const dir = mkdtempSync((process.env.PROBE_DIR ?? '/tmp') + '/bench-probe-')
const s = await startStack({ port: 8808, authPort: 9309, persistTo: dir, build: false, log: () => {} })
try {
  for (const path of ['/api/bench/baseline', '/api/health']) {
    // sequential latency
    const t = []
    for (let i = 0; i < 200; i++) { const a = performance.now(); await (await fetch(s.url + path)).text(); t.push(performance.now() - a) }
    t.sort((a, b) => a - b)
    console.log(path, 'sequential p50', t[100].toFixed(2), 'ms p90', t[180].toFixed(2))
    for (const c of [1, 4, 32]) {
      const sampler = setInterval(() => {}, 1000)
      const r = await new Promise((res) => autocannon({ url: s.url + path, connections: c, duration: 4 }, (e, r) => res(r)))
      clearInterval(sampler)
      console.log(`  c=${c}: ${r.requests.average} rps p50 ${r.latency.p50}`)
    }
    console.log(execSync("ps -eo pcpu,etimes,comm,args --sort=-pcpu | head -6 | cut -c1-150").toString())
  }
} finally { await s.stop() }
