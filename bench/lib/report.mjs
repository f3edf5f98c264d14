// The table `npm run bench` prints: one line per figure, its budget and a verdict (issue 14's
// budgets; bench/README.md says what each figure is).

const kB = (bytes) => `${(bytes / 1000).toFixed(1)} kB`
const ms = (n) => `${n} ms`
const signed = (bytes) => `${bytes >= 0 ? '+' : '−'}${kB(Math.abs(bytes))}`

/**
 * Prints the figures, the details behind the failing ones and the query plans; adds `table`
 * to `result`.
 * @returns {string[]} the names of the budgets that failed
 */
export function printReport(result, budgets) {
  const rows = []
  /** @param {string} section @param {string} item @param {string} figure @param {string} [budget] @param {boolean} [ok] */
  const add = (section, item, figure, budget = '', ok = undefined) =>
    rows.push({ section, item, figure, budget, verdict: ok === undefined ? '—' : ok ? 'PASS' : 'FAIL' })
  const load = (m) => `${m.rps} req/s  p50 ${ms(m.p50)}  p99 ${ms(m.p99)}  ${m.errors} err`

  // 1: the API on the small data.
  for (const r of result.api ?? []) {
    if (!r.small) continue
    const s = r.small
    const lastBase = r.baseline && r === (result.api ?? []).filter((x) => x.baseline && x.small).at(-1)
    const fig =
      load(s) +
      (r.baseline
        ? lastBase && result.baselineRps
          ? `  (mean of the baseline runs ${result.baselineRps.small.toFixed(1)} req/s: the ratios' base)`
          : ''
        : `  ratio ${s.ratio}`) +
      (s.floorRatio === undefined ? '' : ` (vs health ${s.floorRatio})`)
    if (r.baseline) add('1 API', r.name, fig, 'the ceiling; no errors', s.errors === 0)
    else if (r.cached) {
      const c = r.cache
      const cache = !c
        ? ''
        : c.etag && c.notModified && /^\s*public/i.test(c.cacheControl ?? '')
          ? '  (public, ETag, 304)'
          : `  (NOT cacheable: Cache-Control ${c.cacheControl ?? 'none'}, ETag ${c.etag ? 'yes' : 'no'}, 304 ${c.notModified ? 'yes' : 'no'})`
      add(
        '1 API',
        r.name,
        fig + cache,
        `ratio ≥ ${budgets.cachedApiRatio}, no errors`,
        s.ratio >= budgets.cachedApiRatio && s.errors === 0,
      )
    } else if (r.floor) add('1 API', r.name, fig, 'D1 floor; no errors', s.errors === 0)
    else add('1 API', r.name, fig, 'info (no ratio budget); no errors', s.errors === 0)
  }
  // The checkout: real orders, one at a time (not autocannon), p50 and p95 of their latency.
  const co = result.checkout
  const placed = (c) =>
    `p50 ${ms(c.p50)}  p95 ${ms(c.p95)}  (${c.n} orders one at a time; min ${ms(c.min)}, max ${ms(c.max)})  ${c.errors} err` +
    (c.firstError ? ` (first: ${c.firstError.slice(0, 60)})` : '')
  const checkoutName = co ? `POST /api/checkout (${co.lines} lines, placed)` : ''
  if (co?.small) add('1 API', checkoutName, placed(co.small), 'info; no errors', co.small.errors === 0)
  // 2: the same requests on the scale data.
  for (const r of result.api ?? []) {
    if (!r.scale) continue
    const s = r.scale
    const fig = `${load(s)}  p50 ×${r.scaleP50Factor}`
    if (r.baseline || r.floor) add('2 Scale', r.name, fig, 'drift reference')
    // Answers that hold every tool (the merchant feed) grow with the catalogue by design.
    else if (r.grows)
      add(
        '2 Scale',
        r.name,
        fig,
        `info (grows with ${r.grows === true ? 'the catalogue' : r.grows}); no errors`,
        s.errors === 0,
      )
    else
      add(
        '2 Scale',
        r.name,
        fig,
        `p50 ≤ ${budgets.scaleP50Factor} × small, no errors`,
        r.scaleP50Factor <= budgets.scaleP50Factor && s.errors === 0,
      )
  }
  if (co?.scale && co.small)
    add(
      '2 Scale',
      checkoutName,
      `${placed(co.scale)}  p50 ×${co.p50Factor}  p95 ×${co.p95Factor}`,
      `p50 ≤ ${budgets.scaleP50Factor} × small, no errors`,
      co.p50Factor <= budgets.scaleP50Factor && co.scale.errors === 0 && co.small.errors === 0,
    )
  // 3: SSR cost.
  if (result.ssr) {
    const s = result.ssr
    const page = s.pageRendered ?? s.page
    const pageName = s.pageRendered ? 'GET /?nocache=<unique> (rendered every time)' : 'GET / (server-rendered)'
    add('3 SSR', 'GET /api/service?limit=5', load(s.api), 'the reference', s.api.errors === 0)
    add('3 SSR', pageName, `${load(page)}  ${kB(s.htmlBytes)} of HTML`, 'no errors', page.errors === 0)
    // Like for like: a page and an API read as visitors get them (both kept at the edge), and both
    // computed afresh (the page rendered, the read from D1). A fresh render against a kept API
    // answer compares work with no work, so it is shown without a verdict.
    if (s.pageRendered) {
      add(
        '3 SSR',
        'SSR cost, as visitors get them (both from the edge cache)',
        `${ms(s.page.p50)} ÷ ${ms(s.api.p50)} = ${s.p50RatioAsAsked}`,
        `≤ ${budgets.ssrP50Ratio}, no errors`,
        s.p50RatioAsAsked <= budgets.ssrP50Ratio && s.page.errors === 0,
      )
      add(
        '3 SSR',
        'SSR cost, both computed (rendered ÷ read from D1)',
        `${ms(page.p50)} ÷ ${ms(s.apiMiss.p50)} = ${s.p50RatioVsMiss}  (miss: ${s.apiMiss.rps} req/s)`,
        `≤ ${budgets.ssrP50Ratio}`,
        s.p50RatioVsMiss <= budgets.ssrP50Ratio,
      )
      add(
        '3 SSR',
        'a fresh render ÷ a kept API answer',
        `${ms(page.p50)} ÷ ${ms(s.api.p50)} = ${s.p50Ratio}`,
        'info (work against no work)',
      )
    } else {
      add(
        '3 SSR',
        'SSR cost: p50 page ÷ p50 API',
        `${ms(page.p50)} ÷ ${ms(s.api.p50)} = ${s.p50Ratio}`,
        `≤ ${budgets.ssrP50Ratio}`,
        s.p50Ratio <= budgets.ssrP50Ratio,
      )
      add(
        '3 SSR',
        'the same ÷ the API read as a cache miss',
        `${ms(page.p50)} ÷ ${ms(s.apiMiss.p50)} = ${s.p50RatioVsMiss}  (miss: ${s.apiMiss.rps} req/s)`,
        'info',
      )
    }
  }
  // 4: page weight and the framework floor.
  if (result.homeOverFloor) {
    const h = result.homeOverFloor
    add(
      '4 Weight',
      'home JS before load − framework floor',
      `${kB(h.homeJsGz)} − ${kB(h.floorJsGz)} = ${signed(h.differenceGz)} gz`,
      `≤ +${kB(budgets.homeJsOverFloorGz)}`,
      h.differenceGz <= budgets.homeJsOverFloorGz,
    )
    if (h.floorSsrJsGz) {
      add(
        '4 Weight',
        '  of which hydrating a server-rendered page (bench/floor-ssr − floor)',
        `${kB(h.floorSsrJsGz)} − ${kB(h.floorJsGz)} = ${signed(h.floorSsrJsGz - h.floorJsGz)} gz`,
        'info',
      )
      add(
        '4 Weight',
        '  home JS before load − the hydrating floor',
        `${kB(h.homeJsGz)} − ${kB(h.floorSsrJsGz)} = ${signed(h.differenceSsrGz)} gz (the shop's own code)`,
        'info',
      )
    }
  }
  for (const w of result.weight ?? []) {
    const fig = `JS ${kB(w.jsGzBeforeLoad)} gz before load, ${kB(w.jsGz)} by idle (${kB(w.jsRaw)} raw)  CSS ${kB(w.cssGz)} gz  firebase: ${w.firebase ? 'yes' : 'no'}  stripe: ${w.stripe ? 'yes' : 'no'}`
    const item = `${w.route}${w.signedIn ? ' (signed in)' : ''}${w.finalPath !== w.route ? ` → ${w.finalPath}` : ''}`
    add('4 Weight', item, fig, 'info')
  }
  // 5: Lighthouse (the default run is the budget), its LCP element, TBT.
  const lb = budgets.lighthouse
  const scores = (l) =>
    `perf ${l.performance}  a11y ${l.accessibility}  bp ${l.bestPractices}  seo ${l.seo}${l.noindex ? ` (noindex; the rest ${l.seoBesidesNoindex})` : ''}  FCP ${ms(l.fcpMs)}  LCP ${ms(l.lcpMs)}  CLS ${l.cls}` +
    (l.runs > 1 ? `  (median of ${l.runs}: ${l.allPerformance.join('/')})` : '  (1 run)') +
    `  CPU ${l.cpuMultiplier}×, index ${Math.round(l.benchmarkIndex)}`
  for (const l of result.lighthouse ?? []) {
    const performance = budgets.lighthousePerformanceOf?.[l.page] ?? lb.performance
    const ok =
      l.performance >= performance &&
      l.accessibility >= lb.accessibility &&
      l.bestPractices >= lb.bestPractices &&
      (l.noindex ? l.seoBesidesNoindex : l.seo) >= lb.seo
    add(
      '5 Lighthouse',
      `${l.page} scores`,
      scores(l),
      `${performance}/${lb.accessibility}/${lb.bestPractices}/${lb.seo}`,
      ok,
    )
    if (budgets.browserRendered?.includes(l.page))
      add(
        '5 Lighthouse',
        `${l.page} LCP element`,
        `${l.lcpElement?.selector ?? 'none'}: rendered by the browser (ssr: false; the server sends the frame)`,
        'info',
      )
    else
      add(
        '5 Lighthouse',
        `${l.page} LCP element in server HTML`,
        `${l.lcpElement?.selector ?? 'none'}: ${l.lcpInHtml?.how ?? 'not checked'}`,
        'in the HTML',
        Boolean(l.lcpInHtml?.ok),
      )
    add(
      '5 Lighthouse',
      `${l.page} TBT`,
      `${ms(l.tbtMedianMs)}${l.runs > 1 ? ` (median of ${l.allTbtMs.join('/')})` : ''}`,
      `≤ ${ms(budgets.tbtMs)}`,
      l.tbtMedianMs <= budgets.tbtMs,
    )
  }
  // A reference's figures (the floors'): score, paints and blocking time, with every run's.
  const reference = (l) =>
    `perf ${l.performance}  FCP ${ms(l.fcpMs)}  LCP ${ms(l.lcpMs)}  TBT ${ms(l.tbtMedianMs)}` +
    (l.runs > 1 ? `  (median of ${l.runs}: ${l.allPerformance.join('/')}; TBT ${l.allTbtMs.join('/')})` : '')
  for (const l of result.lighthouseFloor ?? [])
    add('5 Lighthouse', 'framework floor (bench/floor)', reference(l), "the machine's reference, not the budget")
  for (const l of result.lighthouseFloorSsr ?? []) {
    const shop = result.lighthouse?.find((s) => s.page === l.page)
    add(
      '5 Lighthouse',
      `hydrating floor (bench/floor-ssr) with ${l.page}'s markup`,
      reference(l) +
        (shop
          ? `; the shop's page ${shop.performance - l.performance >= 0 ? '+' : ''}${shop.performance - l.performance}`
          : ''),
      "the framework's reference for this page, not the budget",
    )
  }
  for (const l of result.lighthouseCalibrated ?? [])
    add(
      '5 Lighthouse',
      `${l.page} at ${l.cpuMultiplier}× CPU`,
      `${scores(l)}  TBT ${ms(l.tbtMedianMs)}`,
      'calibrated, not the budget',
    )
  // 6: image bytes on a phone.
  if (result.images) {
    const i = result.images
    add(
      '6 Images',
      `${i.path} on a phone after a ${kB(i.photo.bytes)} upload`,
      `${kB(i.bytes)} now vs ${kB(i.originalBytes)} as originals = ${i.ratio} (first screen only: ${kB(i.firstScreenBytes)} vs ${kB(i.firstScreenOriginalBytes)}; ${i.images.length} images)`,
      `≤ ${budgets.phoneImageRatio}`,
      i.ratio <= budgets.phoneImageRatio,
    )
  }
  // 7: the Worker bundle.
  if (result.bundle) {
    const b = result.bundle
    add(
      '7 Bundle',
      'wrangler deploy --dry-run (with SSR)',
      `${kB(b.raw)} raw  ${kB(b.gz)} gz  (server build ${kB(b.serverBuildRaw ?? 0)} raw; largest: ${b.top
        .slice(0, 4)
        .map((t) => `${t.name} ${kB(t.raw)}`)
        .join(', ')})`,
      `≤ ${kB(budgets.bundleGz)} gz`,
      b.gz <= budgets.bundleGz,
    )
  }

  // 8: signed-in pages on a cold phone against the public reference (information, no verdict).
  if (result.signedin) {
    const si = result.signedin
    const t = si.throttling
    const paints = (p) =>
      `content ${ms(p.contentMs)}  FCP ${p.fcpMs === undefined ? '—' : ms(p.fcpMs)}  LCP ${p.lcpMs === undefined ? '—' : ms(p.lcpMs)}` +
      (p.runs > 1 ? `  (median of ${p.runs}: ${p.allContentMs.join('/')})` : '  (1 run)')
    const limit = budgets.signedInRatio
    for (const p of si.pages) {
      if (p.reference)
        add(
          '8 Signed in',
          `${p.page} (public; ${p.content})`,
          `${paints(p)}  phone, ${t.cpu}× CPU, ${t.latencyMs} ms RTT ${(t.downloadKbps / 1000).toFixed(1)}/${(t.uploadKbps / 1000).toFixed(2)} Mbps`,
          'the reference',
        )
      else
        add(
          '8 Signed in',
          `${p.page} (${p.content})`,
          `${paints(p)}  ×${p.ratio ?? '?'} ${si.reference}${p.ratio === undefined ? '' : p.ratio <= limit ? ' (within)' : ' (OVER)'}`,
          `info: ≤ ${limit} × ${si.reference}`,
        )
    }
    const signed = si.pages.filter((p) => !p.reference)
    const within = signed.filter((p) => p.ratio !== undefined && p.ratio <= limit)
    add(
      '8 Signed in',
      `signed-in pages within ${limit} × ${si.reference}`,
      `${within.length} of ${signed.length}` +
        (signed.length > within.length
          ? `; over: ${signed
              .filter((p) => !within.includes(p))
              .map((p) => `${p.page} ×${p.ratio ?? '?'}`)
              .join(', ')}`
          : ''),
      'info (issue 40, item 10), not a verdict',
    )
  }

  for (const [name, message] of Object.entries(result.errors ?? {}))
    add('Error', name, message.split('\n')[0].slice(0, 140), 'must run', false)

  const cols = ['section', 'item', 'figure', 'budget', 'verdict']
  const width = Object.fromEntries(cols.map((c) => [c, Math.max(c.length, ...rows.map((r) => r[c].length))]))
  const line = (r) =>
    cols
      .map((c) => r[c].padEnd(width[c]))
      .join('  ')
      .trimEnd()
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
  out.push(...details(result))
  const m = result.machine
  const data = (c) =>
    `${c.tools} tools, ${c.orders} orders with ${c.orderLines} lines, ${c.reviews} reviews, the bench customer's cart of ${c.cartLines} lines`
  if (result.data?.small)
    out.push(`Data: small ${data(result.data.small)}${result.data.scale ? `; scale ${data(result.data.scale)}` : ''}`)
  out.push(
    `Machine: ${m.cores} × ${m.cpu}, ${m.memoryGiB} GiB, ${m.os}, Node ${m.node}, ${m.chromium}; load average ${result.load.start.join(' ')} at the start, ${result.load.end.join(' ')} at the end`,
  )
  out.push(
    `autocannon: ${result.settings.duration} s per run at ${result.settings.connections} connections; kB = 1000 bytes, gzip = node:zlib default level`,
  )
  for (const { stack, before } of result.restarts ?? [])
    out.push(`Restarted: the ${stack} stack stopped answering and was started again on its data before ${before}`)
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

/** What lies behind the figures: the home page's scripts, the pages' long tasks, the phone's images. */
function details(result) {
  const out = []
  const home = (result.weight ?? []).find((w) => w.route === '/')
  if (home) {
    out.push('Scripts the home page requests before load (gzipped):')
    for (const f of home.files.filter((f) => f.type === 'script' && f.beforeLoad))
      out.push(`  ${kB(f.gz ?? 0).padStart(9)}  ${f.url}${f.note ? ` (${f.note})` : ''}`)
    const after = home.files.filter((f) => f.type === 'script' && !f.beforeLoad)
    if (after.length) out.push(`  and after load: ${after.map((f) => `${f.url} ${kB(f.gz ?? 0)}`).join(', ')}`)
    if (result.floor)
      out.push(
        `  framework floor (bench/floor): ${kB(result.floor.jsGz)} gz in ${result.floor.files.length} file(s); ${Object.entries(
          result.floor.versions,
        )
          .map(([k, v]) => `${k} ${v}`)
          .join(', ')}`,
      )
    out.push('')
  }
  for (const l of result.lighthouse ?? []) {
    out.push(
      `Lighthouse ${l.page} (kept run${l.report ? `, ${l.report}` : ''}): LCP element ${l.lcpElement?.snippet?.slice(0, 120) ?? 'none'}`,
    )
    for (const t of l.longTasks ?? [])
      out.push(`  long task ${ms(t.durationMs).padStart(7)} at ${ms(t.startMs)}: ${t.url || '(no script)'}`)
  }
  if (result.lighthouse?.length) out.push('')
  if (result.images) {
    out.push(
      `Images of ${result.images.path} on a phone (${result.images.phone.viewport.width}×${result.images.phone.viewport.height} @${result.images.phone.deviceScaleFactor}x):`,
    )
    for (const i of result.images.images)
      out.push(
        `  ${kB(i.bytes).padStart(10)} (original ${kB(i.originalBytes)})  ${i.onFirstScreen ? 'first screen' : 'off screen  '}  ${i.url}`,
      )
    out.push('')
  }
  return out
}
