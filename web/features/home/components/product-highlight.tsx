import { Link } from '@tanstack/react-router'
import { formatBDT } from '#schemas/bdt.ts'
import { toolQueries } from '#web/features/tools/tools-queries.ts'
import { formatCount } from '#web/lib/format.ts'
import { responsiveImage } from '#web/lib/image-variants.ts'
import { useQuery } from '#web/lib/query.ts'

type ProductHighlightProps = {
  /** The tool's `_id`. */
  toolId: string
  /** Anchor for in-page links such as the footer's "Newest product". */
  sectionId: string
  eyebrow: string
  badge: string
  /** Picture on the right from the md breakpoint. */
  reverse?: boolean
  tone?: 'light' | 'dark'
}

/** The picture's width: half the page (at most 1152 px, gaps of 40–64 px) from md, the page's width below. */
const HIGHLIGHT_SIZES = '(min-width: 1152px) 520px, (min-width: 768px) calc(50vw - 44px), calc(100vw - 32px)'

/**
 * A featured tool of the home page (newest product, most sold).
 * NOTE: useQuery, not useSuspenseQuery: a featured tool that an admin deleted must not take the home page down.
 */
export function ProductHighlight({
  toolId,
  sectionId,
  eyebrow,
  badge,
  reverse = false,
  tone = 'light',
}: ProductHighlightProps) {
  const { data: tool, isPending, isError } = useQuery(toolQueries.detail(toolId))
  const dark = tone === 'dark'
  const titleId = `${sectionId}-title`

  return (
    <section
      id={sectionId}
      aria-labelledby={titleId}
      className={`scroll-mt-16 py-16 sm:py-20 ${dark ? 'bg-ink text-white' : 'bg-slate-50'}`}
    >
      <div className={`container-page grid items-center gap-10 md:grid-cols-2 lg:gap-16`}>
        <div className={`relative ${reverse ? 'md:order-2' : ''}`}>
          <div className="aspect-[4/3] overflow-hidden rounded-2xl bg-slate-200 shadow-xl ring-1 ring-black/5">
            {tool && (
              <img
                {...responsiveImage(tool.img, HIGHLIGHT_SIZES)}
                alt={tool.name}
                width={800}
                height={600}
                loading="lazy"
                decoding="async"
                className="h-full w-full object-cover"
              />
            )}
          </div>
          <span className="absolute left-4 top-4 rounded-full bg-brand-500 px-3 py-1 text-xs font-bold uppercase tracking-wider text-ink shadow">
            {badge}
          </span>
        </div>

        <div>
          <h2 id={titleId} className="flex flex-col gap-2">
            <span
              className={`text-sm font-semibold uppercase tracking-widest ${dark ? 'text-brand-400' : 'text-brand-700'}`}
            >
              {eyebrow}
            </span>
            <span className={`text-3xl font-extrabold tracking-tight sm:text-4xl ${dark ? 'text-white' : 'text-ink'}`}>
              {tool?.name ??
                (isPending ? (
                  <span className="inline-block h-9 w-56 max-w-full animate-pulse rounded bg-slate-300/60" />
                ) : (
                  'Coming back soon'
                ))}
            </span>
          </h2>

          {tool ? (
            <>
              <p className={`mt-4 leading-relaxed ${dark ? 'text-slate-300' : 'text-slate-600'}`}>{tool.description}</p>
              <dl className="mt-6 flex flex-wrap gap-x-8 gap-y-3">
                <div>
                  <dt className={`text-sm ${dark ? 'text-slate-400' : 'text-slate-600'}`}>Price per unit</dt>
                  <dd className={`text-2xl font-extrabold ${dark ? 'text-brand-400' : 'text-brand-700'}`}>
                    {formatBDT(tool.price)}
                  </dd>
                </div>
                <div>
                  <dt className={`text-sm ${dark ? 'text-slate-400' : 'text-slate-600'}`}>Minimum order</dt>
                  <dd className="text-2xl font-bold">{formatCount(tool.Minimum_quantity)}</dd>
                </div>
                <div>
                  <dt className={`text-sm ${dark ? 'text-slate-400' : 'text-slate-600'}`}>In stock</dt>
                  <dd className="text-2xl font-bold">{formatCount(tool.quantity)}</dd>
                </div>
              </dl>
              <div className="mt-8 flex flex-wrap gap-3">
                {/* NOTE: plain <a> until the /service/$serviceId route exists. */}
                <a
                  href={`/service/${encodeURIComponent(tool._id)}`}
                  className="btn-primary px-6 py-3"
                  aria-label={`Purchase ${tool.name}`}
                >
                  Purchase
                </a>
                <Link
                  to="/service"
                  className={
                    dark ? 'btn border border-white/30 px-6 py-3 text-white hover:bg-white/10' : 'btn-ghost px-6 py-3'
                  }
                >
                  See all tools
                </Link>
              </div>
            </>
          ) : isPending ? (
            <div className="mt-4 space-y-2" aria-hidden="true">
              <div className="h-4 w-full animate-pulse rounded bg-slate-300/60" />
              <div className="h-4 w-11/12 animate-pulse rounded bg-slate-300/60" />
              <div className="h-4 w-3/4 animate-pulse rounded bg-slate-300/60" />
            </div>
          ) : (
            isError && (
              <p className={`mt-4 ${dark ? 'text-slate-300' : 'text-slate-600'}`}>
                This tool is not in the catalogue right now.{' '}
                <Link to="/service" className="font-semibold underline underline-offset-4">
                  Browse all tools
                </Link>
              </p>
            )
          )}
        </div>
      </div>
    </section>
  )
}
