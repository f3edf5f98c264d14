// Lighthouse (its Node API) driving Debian's Chromium through chrome-launcher: the default
// config, i.e. mobile emulation and simulated throttling (4× CPU unless a calibrated
// multiplier is asked for). Each page runs a fixed number of times and the median is kept.
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { throttling } from 'lighthouse/core/config/constants.js'
import { CHROMIUM } from './weight.mjs'

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo']
const FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
]

/** The first node item (`{ type: 'node', selector, snippet, nodeLabel }`) anywhere in an audit's details. */
function firstNode(details) {
  if (!details || typeof details !== 'object') return undefined
  if (details.type === 'node' && (details.snippet || details.selector)) return details
  for (const value of Array.isArray(details) ? details : Object.values(details)) {
    const found = firstNode(value)
    if (found) return found
  }
  return undefined
}

/** The scores (0–100) and the metrics of one Lighthouse result. */
function summarize(lhr) {
  const score = (id) => (lhr.categories[id]?.score == null ? null : Math.round(lhr.categories[id].score * 100))
  const audit = (id) => lhr.audits[id]
  const failing = (id) =>
    (lhr.categories[id]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 && audit(ref.id)?.score !== null && audit(ref.id)?.score < 1)
      .map((ref) => `${ref.id} (${audit(ref.id).displayValue || audit(ref.id).score})`)
  const lcpNode = firstNode(audit('largest-contentful-paint-element')?.details)
  // A page that asks not to be indexed (`X-Robots-Tag: noindex`: the cart, the sign-in pages)
  // fails `is-crawlable` on purpose: its SEO figure is the category's other audits, weighted as
  // Lighthouse weighs them.
  const noindex = audit('is-crawlable')?.score === 0
  const weighed = (lhr.categories.seo?.auditRefs ?? []).filter(
    (ref) => ref.weight > 0 && ref.id !== 'is-crawlable' && audit(ref.id)?.score != null,
  )
  const weights = weighed.reduce((n, ref) => n + ref.weight, 0)
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    noindex,
    seoBesidesNoindex: weights
      ? Math.round((weighed.reduce((n, ref) => n + ref.weight * audit(ref.id).score, 0) / weights) * 100)
      : null,
    fcpMs: Math.round(audit('first-contentful-paint')?.numericValue ?? NaN),
    lcpMs: Math.round(audit('largest-contentful-paint')?.numericValue ?? NaN),
    tbtMs: Math.round(audit('total-blocking-time')?.numericValue ?? NaN),
    cls: Math.round((audit('cumulative-layout-shift')?.numericValue ?? NaN) * 1000) / 1000,
    cpuMultiplier: lhr.configSettings.throttling.cpuSlowdownMultiplier,
    benchmarkIndex: lhr.environment?.benchmarkIndex,
    lcpElement: lcpNode
      ? { selector: lcpNode.selector, snippet: lcpNode.snippet, nodeLabel: lcpNode.nodeLabel }
      : undefined,
    // Where the blocking time comes from: the longest main-thread tasks and the scripts that cost most.
    longTasks: (audit('long-tasks')?.details?.items ?? [])
      .slice(0, 8)
      .map((t) => ({ url: t.url, startMs: Math.round(t.startTime), durationMs: Math.round(t.duration) })),
    bootup: (audit('bootup-time')?.details?.items ?? [])
      .slice(0, 5)
      .map((b) => ({ url: b.url, totalMs: Math.round(b.total), scriptingMs: Math.round(b.scripting) })),
    warnings: lhr.runWarnings ?? [],
    // What costs points, for the report (a few per category).
    losing: Object.fromEntries(CATEGORIES.map((c) => [c, failing(c).slice(0, 6)])),
  }
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor((sorted.length - 1) / 2)]
}

/**
 * Runs each page `runs` times and keeps the run with the median performance score (ties: the
 * median TBT); the TBT figure is the median of all runs. `cpuMultiplier` replaces Lighthouse's
 * 4× CPU slowdown (a calibrated run; see bench/README.md). `label` names the saved reports.
 * @param {{ url: string, pages: string[], runs: number, cpuMultiplier?: number, log: (s: string) => void, saveDir?: string, label?: string }} opts
 */
export async function runLighthouse({ url, pages, runs: wanted, cpuMultiplier, log, saveDir, label = '' }) {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: FLAGS, logLevel: 'silent' })
  /** @type {import('lighthouse').Flags} */
  const flags = {
    port: chrome.port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: CATEGORIES,
    maxWaitForLoad: 60_000,
  }
  if (cpuMultiplier) flags.throttling = { ...throttling.mobileSlow4G, cpuSlowdownMultiplier: cpuMultiplier }
  try {
    const results = []
    for (const path of pages) {
      const runs = []
      let failures = 0
      while (runs.length < wanted) {
        const result = await lighthouse(`${url}${path}`, flags)
        const lhr = result?.lhr
        const problem = !lhr ? 'no result' : lhr.runtimeError?.message
        if (problem || !lhr) {
          // A failed trace (NO_NAVSTART and the like) on a busy machine: try again, a few times.
          log(`  lighthouse ${path}: ${problem}\n`)
          if (++failures >= 3) throw new Error(`Lighthouse failed on ${path} three times: ${problem}`)
          continue
        }
        const s = { ...summarize(lhr), lhr }
        runs.push(s)
        log(
          `  lighthouse ${path} run ${runs.length}: perf ${s.performance} a11y ${s.accessibility} bp ${s.bestPractices} seo ${s.seo} FCP ${s.fcpMs} ms LCP ${s.lcpMs} ms TBT ${s.tbtMs} ms CLS ${s.cls} (CPU ${s.cpuMultiplier}×, benchmarkIndex ${Math.round(s.benchmarkIndex)})\n`,
        )
      }
      const sorted = [...runs].sort((a, b) => (a.performance ?? 0) - (b.performance ?? 0) || a.tbtMs - b.tbtMs)
      const { lhr, ...kept } = sorted[Math.floor((sorted.length - 1) / 2)]
      // The whole report of the kept run, for a closer look (bench/results/*.json is not committed).
      const name = `lighthouse-${path.replace(/\W+/g, '-').replace(/^-|-$/g, '') || 'home'}${label}.json`
      if (saveDir) writeFileSync(join(saveDir, name), JSON.stringify(lhr))
      results.push({
        page: path,
        runs: runs.length,
        ...kept,
        tbtMedianMs: median(runs.map((r) => r.tbtMs)),
        allPerformance: runs.map((r) => r.performance),
        allTbtMs: runs.map((r) => r.tbtMs),
        report: saveDir ? `bench/results/${name}` : undefined,
      })
    }
    return results
  } finally {
    await chrome.kill()
  }
}

const decode = (s) =>
  s
    .replace(/&#(\d+);/g, (_, n) => String.fromCodePoint(Number(n)))
    .replace(/&#x([0-9a-f]+);/gi, (_, n) => String.fromCodePoint(parseInt(n, 16)))
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
const attr = (tag, name) => {
  const m = new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i').exec(tag)
  return m ? decode(m[1] ?? m[2] ?? m[3]) : undefined
}
/** Letters and digits only, lower case: text compared whatever the markup, spacing or CSS text-transform. */
const squash = (s) => s.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '')

/**
 * Is Lighthouse's LCP element in the HTML the server answers for `path` (fetched without JS)?
 * An image: an `<img>` with the same `src` (or a `srcset` naming it) in the HTML. Anything
 * else: its text (Lighthouse's node label, minus a trailing ellipsis) in the HTML's visible
 * text (tags, scripts and styles taken out), compared by letters and digits only.
 * @returns {Promise<{ ok: boolean, how: string }>}
 */
export async function lcpInServerHtml(url, path, element) {
  if (!element) return { ok: false, how: 'Lighthouse named no LCP element' }
  const res = await fetch(`${url}${path}`, { headers: { Accept: 'text/html' } })
  const html = await res.text()
  if (res.status !== 200) return { ok: false, how: `the server answered ${res.status}` }
  const markup = html.replace(/<script\b[\s\S]*?<\/script>/gi, ' ').replace(/<style\b[\s\S]*?<\/style>/gi, ' ')
  const snippet = element.snippet ?? ''
  if (/^<img\b/i.test(snippet)) {
    // Lighthouse's snippet shortens long attribute values with a trailing "…" (then the rest
    // must start with what is left) and may give `src` resolved against the page.
    const raw = attr(snippet, 'src')
    if (!raw) return { ok: false, how: 'an <img> without src' }
    const cut = raw.endsWith('…')
    const want = new URL(raw.replace(/…$/, ''), `${url}${path}`).href
    const same = (value) => {
      if (!value) return false
      const href = new URL(value, `${url}${path}`).href
      return cut ? href.startsWith(want) : href === want
    }
    const found = [...markup.matchAll(/<img\b[^>]*>/gi)].some(
      (m) =>
        same(attr(m[0], 'src')) || (attr(m[0], 'srcset') ?? '').split(',').some((c) => same(c.trim().split(/\s+/)[0])),
    )
    const shown = new URL(want).pathname + new URL(want).search
    return {
      ok: found,
      how: `<img src="${shown.length > 40 ? `${shown.slice(0, 40)}…` : shown}"> ${found ? 'is' : 'is not'} in the server HTML`,
    }
  }
  const label = (element.nodeLabel ?? '').replace(/…$/, '')
  if (!squash(label)) return { ok: false, how: `no text to look for (${snippet.slice(0, 80)})` }
  const text = decode(markup.replace(/<[^>]+>/g, ' '))
  const found = squash(text).includes(squash(label))
  const tag = /^<([a-z0-9-]+)/i.exec(snippet)?.[1] ?? 'element'
  return {
    ok: found,
    how: `<${tag}> "${label.slice(0, 60)}${label.length > 60 ? '…' : ''}" ${found ? 'is' : 'is not'} in the server HTML`,
  }
}
