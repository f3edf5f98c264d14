import { Link } from '@tanstack/react-router'
import { useState } from 'react'
import { StrokeIcon } from '#web/components/stroke-icon.tsx'
import { usePageSettled } from '#web/lib/use-page-settled.ts'
import { TypedText } from './typed-text'

const TAGLINES = ['construction crews.', 'furniture workshops.', 'hardware dealers.', 'garages and repair shops.']

/** Spec section 9: typed hero text with a 60 ms delay per character. */
const TYPE_DELAY_MS = 60
const DELETE_DELAY_MS = 30

const prefersReducedMotion = () =>
  typeof window !== 'undefined' && window.matchMedia('(prefers-reduced-motion: reduce)').matches

export function Hero() {
  const [reduced] = useState(prefersReducedMotion)
  const settled = usePageSettled()
  return (
    <section className="relative isolate overflow-hidden bg-ink text-white" aria-labelledby="hero-title">
      {/* Blueprint grid and a warm glow, purely decorative. */}
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 opacity-[0.07] [background-image:linear-gradient(#fff_1px,transparent_1px),linear-gradient(90deg,#fff_1px,transparent_1px)] [background-size:40px_40px]"
      />
      <div
        aria-hidden="true"
        className="absolute -right-40 -top-40 -z-10 size-[32rem] rounded-full bg-brand-500/20 blur-3xl"
      />

      <div className="container-page grid items-center gap-12 py-16 sm:py-20 lg:grid-cols-[1.2fr_1fr] lg:py-28">
        <div>
          <p className="inline-flex items-center gap-2 rounded-full border border-brand-400/40 bg-brand-500/10 px-3 py-1 text-xs font-semibold uppercase tracking-widest text-brand-400">
            <span className="size-1.5 rounded-full bg-brand-400" aria-hidden="true" />
            Operating since 1992
          </p>
          <h1
            id="hero-title"
            className="mt-5 text-4xl font-extrabold leading-[1.1] tracking-tight text-balance sm:text-5xl lg:text-6xl"
          >
            Professional power tools, built to work as hard as you do
          </h1>
          <p className="mt-5 min-h-[2lh] text-xl font-semibold text-slate-200 sm:min-h-[1lh] sm:text-2xl">
            Made for{' '}
            {/* The typing starts once the page has loaded and settled: until then the first tagline
                stands still in its place, so nothing moves or shifts. */}
            {reduced || !settled ? (
              <span className="text-brand-400">{TAGLINES[0]}</span>
            ) : (
              <>
                <span className="sr-only">{TAGLINES.join(', ')}</span>
                <span aria-hidden="true" className="text-brand-400">
                  <TypedText lines={TAGLINES} typeDelayMs={TYPE_DELAY_MS} deleteDelayMs={DELETE_DELAY_MS} />
                </span>
              </>
            )}
          </p>
          <p className="mt-5 max-w-xl text-base leading-relaxed text-slate-300 sm:text-lg">
            Toolhaus has been operating since 1992, making saws, drills, grinders and more for professionals across
            Bangladesh. Order at wholesale quantities, pay securely and have your tools delivered to site.
          </p>
          <div className="mt-8 flex flex-wrap gap-3">
            <Link to="/service" className="btn-primary px-6 py-3 text-base">
              Browse all tools
            </Link>
            <Link
              to="/"
              hash="contact"
              className="btn border border-white/30 px-6 py-3 text-base text-white hover:bg-white/10"
            >
              Talk to sales
            </Link>
          </div>
        </div>

        <ul className="grid gap-4 sm:grid-cols-3 lg:grid-cols-1" aria-label="Why buyers choose Toolhaus">
          {[
            {
              title: 'Over 30 years of know-how',
              text: 'Designed, tested and assembled by the same team since 1992.',
              icon: 'M12 3 4 7v6c0 4.4 3.4 7.7 8 8 4.6-.3 8-3.6 8-8V7l-8-4Zm-3 9 2 2 4-4',
            },
            {
              title: 'Wholesale pricing',
              text: 'Clear minimum order quantities and prices in BDT, no surprises.',
              icon: 'M3 7h18M3 12h18M3 17h12',
            },
            {
              title: 'Delivered to site',
              text: 'Stock is reserved when you order and shipped nationwide.',
              icon: 'M3 7h11v9H3zM14 10h4l3 3v3h-7M7 19a2 2 0 1 0 0-.01M17 19a2 2 0 1 0 0-.01',
            },
          ].map((item) => (
            <li key={item.title} className="flex gap-4 rounded-xl border border-white/10 bg-white/5 p-5 backdrop-blur">
              <span
                className="grid size-11 shrink-0 place-items-center rounded-lg bg-brand-500 text-ink"
                aria-hidden="true"
              >
                <StrokeIcon size={22}>
                  <path d={item.icon} />
                </StrokeIcon>
              </span>
              <span>
                <span className="block font-semibold text-white">{item.title}</span>
                <span className="mt-1 block text-sm text-slate-300">{item.text}</span>
              </span>
            </li>
          ))}
        </ul>
      </div>
    </section>
  )
}
