// Lighthouse (its Node API) driving Debian's Chromium through chrome-launcher: the default
// config, i.e. mobile emulation and simulated throttling.
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { throttling } from 'lighthouse/core/config/constants.js'
import { CHROMIUM } from './weight.mjs'

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo']
const FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run']

/** The scores (0–100) and the metrics of one Lighthouse result. */
function summarize(lhr) {
  const score = (id) => (lhr.categories[id]?.score == null ? null : Math.round(lhr.categories[id].score * 100))
  const audit = (id) => lhr.audits[id]
  const failing = (id) =>
    (lhr.categories[id]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 && audit(ref.id)?.score !== null && audit(ref.id)?.score < 1)
      .map((ref) => `${ref.id} (${audit(ref.id).displayValue || audit(ref.id).score})`)
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    lcpMs: Math.round(audit('largest-contentful-paint')?.numericValue ?? NaN),
    tbtMs: Math.round(audit('total-blocking-time')?.numericValue ?? NaN),
    cls: Math.round((audit('cumulative-layout-shift')?.numericValue ?? NaN) * 1000) / 1000,
    cpuMultiplier: lhr.configSettings.throttling.cpuSlowdownMultiplier,
    fcpMs: Math.round(audit('first-contentful-paint')?.numericValue ?? NaN),
    benchmarkIndex: lhr.environment?.benchmarkIndex,
    warnings: lhr.runWarnings ?? [],
    // What costs points, for the report (a few per category).
    losing: Object.fromEntries(CATEGORIES.map((c) => [c, failing(c).slice(0, 6)])),
  }
}

/**
 * Runs each page once; a page that misses a budget by a little (a close call) runs again, up to
 * `maxRuns`, and the run with the median performance score is kept (the machine is shared and noisy).
 * `cpuMultiplier` replaces Lighthouse's 4× CPU slowdown (see bench/README.md, "calibrating").
 * @param {{ url: string, pages: string[], maxRuns: number, cpuMultiplier?: number, passes: (s: ReturnType<typeof summarize>) => boolean, closeCall: (s: ReturnType<typeof summarize>) => boolean, log: (s: string) => void, saveDir?: string }} opts
 */
export async function runLighthouse({ url, pages, maxRuns, cpuMultiplier, passes, closeCall, log, saveDir }) {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: FLAGS, logLevel: 'silent' })
  const flags = { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: CATEGORIES, maxWaitForLoad: 60_000 }
  if (cpuMultiplier) flags.throttling = { ...throttling.mobileSlow4G, cpuSlowdownMultiplier: cpuMultiplier }
  try {
    const results = []
    for (const path of pages) {
      const runs = []
      let failures = 0
      while (runs.length < maxRuns) {
        const result = await lighthouse(`${url}${path}`, flags)
        const problem = !result?.lhr ? 'no result' : result.lhr.runtimeError?.message
        if (problem) {
          // A failed trace (NO_NAVSTART and the like) on a busy machine: try again, a few times.
          log(`  lighthouse ${path}: ${problem}\n`)
          if (++failures >= 3) throw new Error(`Lighthouse failed on ${path} three times: ${problem}`)
          continue
        }
        const s = summarize(result.lhr)
        s.lhr = result.lhr
        runs.push(s)
        log(`  lighthouse ${path} run ${runs.length}: perf ${s.performance} a11y ${s.accessibility} bp ${s.bestPractices} seo ${s.seo} FCP ${s.fcpMs} ms LCP ${s.lcpMs} ms TBT ${s.tbtMs} ms CLS ${s.cls} (CPU ${s.cpuMultiplier}×, benchmarkIndex ${Math.round(s.benchmarkIndex)})\n`)
        // One run settles a pass, and a clear miss (closeCall false: some score far under budget)
        // that two more runs could not turn; a close call gets the median of up to maxRuns.
        if (runs.length === 1 && (passes(s) || !closeCall(s))) break
      }
      const sorted = [...runs].sort((a, b) => a.performance - b.performance)
      const { lhr, ...median } = sorted[Math.floor((sorted.length - 1) / 2)]
      // The whole report of the kept run, for a closer look (bench/results/*.json is not committed).
      if (saveDir) writeFileSync(join(saveDir, `lighthouse-${path.replace(/\W+/g, '-').replace(/^-|-$/g, '') || 'home'}.json`), JSON.stringify(lhr))
      results.push({ page: path, runs: runs.length, ...median, allPerformance: runs.map((r) => r.performance) })
    }
    return results
  } finally {
    await chrome.kill()
  }
}
