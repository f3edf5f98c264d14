import { Link } from '@tanstack/react-router'
import { formatBDT } from '#schemas/bdt.ts'
import type { Tool } from '#schemas/tool.ts'
import { formatCount } from '#web/lib/format.ts'
import { responsiveImage } from '#web/lib/image-variants.ts'
import { TOOL_CARD_SIZES } from '../tool-card-sizes'
import { AddToCartButton } from './add-to-cart-button'

type ToolCardProps = {
  tool: Tool
  /** Above the fold: load the image eagerly and early instead of lazily. */
  priority?: boolean
  /** Heading level of the tool name, so the page's outline stays in order. */
  headingLevel?: 'h2' | 'h3'
}

/** The one tool card of the storefront: home page, tool list. */
export function ToolCard({ tool, priority = false, headingLevel: Heading = 'h3' }: ToolCardProps) {
  // Less than the minimum order left is as good as none: nobody can order it.
  const outOfStock = tool.quantity < tool.Minimum_quantity || tool.quantity === 0
  return (
    // The whole card opens the tool: the name is the link, stretched over the card (one tab stop).
    <article className="group relative flex h-full flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm transition focus-within:ring-2 focus-within:ring-brand-600 hover:-translate-y-0.5 hover:shadow-md">
      <div className="aspect-[4/3] overflow-hidden bg-slate-100">
        <img
          {...responsiveImage(tool.img, TOOL_CARD_SIZES)}
          alt={tool.name}
          width={800}
          height={600}
          loading={priority ? 'eager' : 'lazy'}
          fetchPriority={priority ? 'high' : 'auto'}
          decoding="async"
          className="h-full w-full object-cover transition duration-300 group-hover:scale-[1.03]"
        />
      </div>
      <div className="flex flex-1 flex-col gap-3 p-5">
        <div className="flex items-start justify-between gap-3">
          <Heading className="text-lg font-bold leading-snug text-ink">
            <Link
              to="/service/$serviceId"
              params={{ serviceId: tool._id }}
              className="after:absolute after:inset-0 focus:outline-none"
            >
              {tool.name}
            </Link>
          </Heading>
          <p className="shrink-0 rounded-md bg-brand-50 px-2 py-1 text-sm font-bold text-brand-700 ring-1 ring-brand-100">
            {formatBDT(tool.price)}
          </p>
        </div>
        <p className="line-clamp-3 text-sm leading-relaxed text-slate-600">{tool.description}</p>
        <dl className="mt-auto grid grid-cols-2 gap-2 border-t border-slate-100 pt-3 text-sm">
          <div>
            <dt className="text-slate-600">In stock:</dt>
            <dd className={`font-semibold ${outOfStock ? 'text-red-700' : 'text-slate-900'}`}>
              {outOfStock ? 'Out of stock' : formatCount(tool.quantity)}
            </dd>
          </div>
          <div>
            <dt className="text-slate-600">Minimum order:</dt>
            <dd className="font-semibold text-slate-900">{formatCount(tool.Minimum_quantity)}</dd>
          </div>
        </dl>
        {outOfStock ? (
          <p className="rounded-lg bg-slate-100 py-2.5 text-center text-sm font-semibold text-slate-600">
            Out of stock
          </p>
        ) : (
          // Purchase opens the tool (the card's link covers it); Add to cart is a control of its own.
          <div className="grid grid-cols-2 gap-2">
            <span aria-hidden="true" className="btn-dark w-full px-2">
              Purchase
            </span>
            <AddToCartButton tool={tool} className="btn-ghost w-full px-2" />
          </div>
        )}
      </div>
    </article>
  )
}

/** Placeholder with the card's shape while the list loads (avoids layout shift). */
export function ToolCardSkeleton() {
  return (
    <div
      className="flex h-full flex-col overflow-hidden rounded-xl border border-slate-200 bg-white"
      aria-hidden="true"
    >
      <div className="aspect-[4/3] animate-pulse bg-slate-200" />
      <div className="flex flex-col gap-3 p-5">
        <div className="h-5 w-2/3 animate-pulse rounded bg-slate-200" />
        <div className="h-4 w-full animate-pulse rounded bg-slate-100" />
        <div className="h-4 w-5/6 animate-pulse rounded bg-slate-100" />
        <div className="mt-4 h-10 w-full animate-pulse rounded-lg bg-slate-200" />
      </div>
    </div>
  )
}
