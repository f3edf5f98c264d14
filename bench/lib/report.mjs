// The table `npm run bench` prints: one line per figure, its budget and a verdict.

const kB = (bytes) => `${(bytes / 1000).toFixed(1)} kB`
const ms = (n) => `${n} ms`

/**
 * Prints the figures and the query plans; adds `verdicts` to `result`.
 * @returns {string[]} the names of the budgets that failed
 */
export function printReport(result, budgets) {
  const rows = []
  const add = (section, item, figure, budget = '', ok = undefined) => rows.push({ section, item, figure, budget, verdict: ok === undefined ? '—' : ok ? 'PASS' : 'FAIL' })

  for (const r of result.api ?? []) {
    if (r.small) {
      const s = r.small
      const fig = `${s.rps} req/s  p50 ${ms(s.p50)}  p99 ${ms(s.p99)}  ${s.errors} err` + (r.baseline ? '' : `  ratio ${s.ratio}`) + (s.floorRatio === undefined ? '' : ` (vs health ${s.floorRatio})`)
      if (r.baseline) add('1 API', r.name, fig, 'the ceiling; no errors', s.errors === 0)
      else if (r.info) add('1 API', r.name, fig, 'D1 floor, not budgeted')
      else add('1 API', r.name, fig, `ratio ≥ ${budgets.apiRatio}, no errors`, s.ratio >= budgets.apiRatio && s.errors === 0)
    }
  }
  for (const r of result.api ?? []) {
    if (!r.scale) continue
    const s = r.scale
    const fig = `${s.rps} req/s  p50 ${ms(s.p50)}  p99 ${ms(s.p99)}  ${s.errors} err  p50 ×${r.scaleP50Factor}`
    if (r.baseline || r.info) add('2 Scale', r.name, fig, 'reference, not budgeted')
    else add('2 Scale', r.name, fig, `p50 ≤ ${budgets.scaleP50Factor} × small, no errors`, r.scaleP50Factor <= budgets.scaleP50Factor && s.errors === 0)
  }
  for (const w of result.weight ?? []) {
    const fig = `JS ${kB(w.jsGz)} gz (${kB(w.jsRaw)} raw)  CSS ${kB(w.cssGz)} gz  firebase: ${w.firebase ? 'yes' : 'no'}  stripe: ${w.stripe ? 'yes' : 'no'}`
    const item = `${w.route}${w.signedIn ? ' (signed in)' : ''}${w.finalPath !== w.route ? ` → ${w.finalPath}` : ''}`
    if (w.route === '/') {
      add('3 Weight', item, fig, `JS ≤ ${kB(budgets.homeJsGz)} gz, no firebase/stripe`, w.jsGz <= budgets.homeJsGz && !w.firebase && !w.stripe)
    } else add('3 Weight', item, fig, 'no budget')
  }
  const lb = budgets.lighthouse
  for (const l of result.lighthouse ?? []) {
    const fig = `perf ${l.performance}  a11y ${l.accessibility}  bp ${l.bestPractices}  seo ${l.seo}  LCP ${ms(l.lcpMs)}  TBT ${ms(l.tbtMs)}  CLS ${l.cls}` + (l.runs > 1 ? `  (median of ${l.runs}: ${l.allPerformance.join('/')})` : '') + `  CPU ${l.cpuMultiplier}×, index ${Math.round(l.benchmarkIndex)}`
    const ok = l.performance >= lb.performance && l.accessibility >= lb.accessibility && l.bestPractices >= lb.bestPractices && l.seo >= lb.seo
    add('4 Lighthouse', l.page, fig, `${lb.performance}/${lb.accessibility}/${lb.bestPractices}/${lb.seo}`, ok)
  }
  if (result.bundle) {
    const b = result.bundle
    add('5 Bundle', 'wrangler deploy --dry-run', `${kB(b.raw)} raw  ${kB(b.gz)} gz  (largest: ${b.top.slice(0, 4).map((t) => `${t.name} ${kB(t.raw)}`).join(', ')})`, `≤ ${kB(budgets.bundleGz)} gz`, b.gz <= budgets.bundleGz)
  }

  for (const [name, message] of Object.entries(result.errors ?? {})) add('Error', name, message.split('\n')[0].slice(0, 140), 'must run', false)

  const cols = ['section', 'item', 'figure', 'budget', 'verdict']
  const width = Object.fromEntries(cols.map((c) => [c, Math.max(c.length, ...rows.map((r) => r[c].length))]))
  const line = (r) => cols.map((c) => r[c].padEnd(width[c])).join('  ').trimEnd()
  const out = []
  out.push('')
  if (result.plans) {
    out.push('Query plans at scale (EXPLAIN QUERY PLAN of the SQL the API sends):')
    for (const p of result.plans) {
      out.push(`  ${p.label}`)
      out.push(`    ${p.sql.length > 160 ? `${p.sql.slice(0, 157)}…` : p.sql}`)
      for (const step of p.plan) out.push(`      ${step}`)
    }
    out.push('')
  }
  const m = result.machine
  out.push(`Machine: ${m.cores} × ${m.cpu}, ${m.memoryGiB} GiB, ${m.os}, Node ${m.node}, ${m.chromium}; load average ${result.load.start.join(' ')} at the start, ${result.load.end.join(' ')} at the end`)
  out.push(`autocannon: ${result.settings.duration} s per run at ${result.settings.connections} connections; kB = 1000 bytes, gzip = node:zlib default level`)
  out.push('')
  out.push(line(Object.fromEntries(cols.map((c) => [c, c]))))
  out.push(cols.map((c) => '─'.repeat(width[c])).join('  '))
  let last = ''
  for (const r of rows) {
    out.push(line({ ...r, section: r.section === last ? '' : r.section }))
    last = r.section
  }
  const failed = rows.filter((r) => r.verdict === 'FAIL').map((r) => `${r.section}: ${r.item}`)
  out.push('')
  out.push(failed.length ? `${failed.length} budget(s) over: ${failed.join('; ')}` : 'Every budget passes.')
  process.stdout.write(`${out.join('\n')}\n`)
  result.table = rows
  return failed
}
