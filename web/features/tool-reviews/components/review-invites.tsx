import { Link } from '@tanstack/react-router'
import { useState } from 'react'
import type { Booking } from '#schemas/order.ts'
import { useQuery } from '#web/lib/query.ts'
import { toolReviewQueries } from '../tool-reviews-queries'
import { Stars } from './stars'
import { ToolReviewForm } from './tool-review-form'

/**
 * On the customer's own delivered order: each tool with **Review this tool** (a form in place), or
 * the rating they gave once they have reviewed it.
 */
export function ReviewInvites({ order }: { order: Pick<Booking, 'status' | 'lines'> }) {
  const { data: mine } = useQuery({ ...toolReviewQueries.mine(), enabled: order.status === 'delivered' })
  const [open, setOpen] = useState<string>()
  if (order.status !== 'delivered') return null
  return (
    <section
      aria-labelledby="review-invites"
      className="mt-6 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
      data-testid="review-invites"
    >
      <h2 id="review-invites" className="text-lg font-bold text-ink">
        How are your tools?
      </h2>
      <p className="mt-1 text-sm text-slate-600">Your review helps other workshops choose, marked Verified buyer.</p>
      <ul className="mt-3 divide-y divide-slate-100">
        {order.lines.map((line) => {
          const reviewed = mine?.find((r) => r.toolId === line.serviceId)
          return (
            <li key={line.serviceId} className="py-3" data-testid="review-invite">
              <div className="flex flex-wrap items-center justify-between gap-3">
                <Link
                  to="/service/$serviceId"
                  params={{ serviceId: line.serviceId }}
                  className="min-w-0 break-words font-semibold text-brand-700 hover:underline"
                >
                  {line.service}
                </Link>
                {reviewed ? (
                  <span className="flex items-center gap-2 text-sm text-slate-700">
                    <Stars rating={reviewed.rating} size={16} /> You reviewed this tool
                  </span>
                ) : (
                  open !== line.serviceId && (
                    <button
                      type="button"
                      className="btn-ghost px-3 py-1.5"
                      disabled={!mine}
                      onClick={() => setOpen(line.serviceId)}
                    >
                      Review this tool<span className="sr-only">: {line.service}</span>
                    </button>
                  )
                )}
              </div>
              {!reviewed && open === line.serviceId && (
                <ToolReviewForm toolId={line.serviceId} toolName={line.service} onDone={() => setOpen(undefined)} />
              )}
            </li>
          )
        })}
      </ul>
    </section>
  )
}
