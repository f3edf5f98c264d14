import { useEffect, useRef, useState } from 'react'
import { StrokeIcon } from '#web/components/stroke-icon.tsx'

/** Spec section 9: the figures count up over 2000 ms. */
const COUNT_UP_MS = 2000

const STATS = [
  {
    value: 2_600,
    label: 'Happy clients',
    icon: 'M16 19v-1a4 4 0 0 0-4-4H6a4 4 0 0 0-4 4v1M9 10a3 3 0 1 0 0-6 3 3 0 0 0 0 6Zm13 9v-1a4 4 0 0 0-3-3.9M16 4.1a3 3 0 0 1 0 5.8',
  },
  {
    value: 200,
    label: 'Tools available',
    icon: 'M14.7 6.3a4 4 0 0 0-5.4 5.4L3 18l3 3 6.3-6.3a4 4 0 0 0 5.4-5.4l-2.5 2.5-2.4-.6-.6-2.4 2.5-2.5Z',
  },
  { value: 1_000_000, label: 'Annual revenue', icon: 'M3 17l6-6 4 4 8-8M15 7h6v6' },
] as const

/** 2600 → "2.6K", 200 → "200", 1000000 → "1M". Rounds down so the count never overshoots the final text. */
export function compactFigure(n: number): string {
  const trim = (x: number) => String(x).replace(/\.0$/, '')
  if (n >= 1_000_000) return `${trim(Math.floor(n / 100_000) / 10)}M`
  if (n >= 1_000) return `${trim(Math.floor(n / 100) / 10)}K`
  return String(Math.floor(n))
}

const easeOutCubic = (t: number) => 1 - (1 - t) ** 3

export function BusinessStats() {
  return (
    <section className="bg-white py-16 sm:py-20" aria-labelledby="stats-title">
      <div className="container-page">
        <div className="mx-auto max-w-2xl text-center">
          <p className="text-sm font-semibold uppercase tracking-widest text-brand-700">Our business in numbers</p>
          <h2 id="stats-title" className="mt-2 text-3xl font-extrabold tracking-tight text-ink sm:text-4xl">
            Trusted by workshops across Bangladesh
          </h2>
          <p className="mt-3 text-slate-600">Three decades of steady growth, one tool and one customer at a time.</p>
        </div>
        <dl className="mt-12 grid gap-6 sm:grid-cols-3">
          {STATS.map((stat) => (
            <div
              key={stat.label}
              className="flex flex-col-reverse items-center rounded-2xl border border-slate-200 bg-slate-50 px-6 py-8 text-center"
            >
              <dt className="mt-1 text-sm font-semibold uppercase tracking-wide text-slate-600">{stat.label}</dt>
              <dd className="flex flex-col items-center">
                <span
                  className="mb-4 grid size-12 place-items-center rounded-full bg-brand-100 text-brand-700"
                  aria-hidden="true"
                >
                  <StrokeIcon size={24}>
                    <path d={stat.icon} />
                  </StrokeIcon>
                </span>
                <span className="text-4xl font-extrabold tabular-nums text-ink sm:text-5xl">
                  <CountUp value={stat.value} />
                </span>
              </dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  )
}

/**
 * Counts from 0 to `value` once it scrolls into view. The server's HTML (what search engines and a
 * reader without JavaScript see) holds the final figure; the count starts over from 0 when the
 * section comes to life just before it scrolls into view. Reduced motion keeps the final figure.
 */
function CountUp({ value }: { value: number }) {
  const ref = useRef<HTMLSpanElement>(null)
  const [shown, setShown] = useState(value)

  useEffect(() => {
    const el = ref.current
    const reduced = window.matchMedia('(prefers-reduced-motion: reduce)').matches
    if (!el || reduced || typeof IntersectionObserver === 'undefined') return
    setShown(0)
    let frame = 0
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((e) => e.isIntersecting)) return
        observer.disconnect()
        const start = performance.now()
        const tick = (now: number) => {
          const t = Math.min(1, (now - start) / COUNT_UP_MS)
          setShown(t >= 1 ? value : value * easeOutCubic(t))
          if (t < 1) frame = requestAnimationFrame(tick)
        }
        frame = requestAnimationFrame(tick)
      },
      { threshold: 0.5 },
    )
    observer.observe(el)
    return () => {
      observer.disconnect()
      cancelAnimationFrame(frame)
    }
  }, [value])

  return <span ref={ref}>{compactFigure(shown)}+</span>
}
