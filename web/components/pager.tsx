import { Link } from '@tanstack/react-router'
import { formatCount } from '#web/lib/format.ts'

type PagerProps = {
  page: number
  pageSize: number
  total: number
  /** What the list holds, plural ("orders"). */
  noun: string
}

/**
 * Previous / next links for a paged list whose page lives in `?page=` of the current route,
 * with "21–40 of 312 orders". Nothing when everything fits on one page.
 */
export function Pager({ page, pageSize, total, noun }: PagerProps) {
  const pages = Math.max(1, Math.ceil(total / pageSize))
  if (pages <= 1) return null
  const first = (page - 1) * pageSize + 1
  const last = Math.min(total, page * pageSize)
  return (
    <nav aria-label="Pages" className="mt-4 flex flex-wrap items-center justify-between gap-3 text-sm">
      <p className="text-slate-600">
        {first}–{last} of {formatCount(total)} {noun}
      </p>
      <div className="flex gap-2">
        {page > 1 ? (
          <Link
            to="."
            search={(prev: Record<string, unknown>) => ({ ...prev, page: page - 1 > 1 ? page - 1 : undefined })}
            className="btn-ghost px-3 py-1.5"
            rel="prev"
          >
            Previous
          </Link>
        ) : (
          <span className="btn-ghost cursor-not-allowed px-3 py-1.5 opacity-50" aria-disabled="true">
            Previous
          </span>
        )}
        {page < pages ? (
          <Link
            to="."
            search={(prev: Record<string, unknown>) => ({ ...prev, page: page + 1 })}
            className="btn-ghost px-3 py-1.5"
            rel="next"
          >
            Next
          </Link>
        ) : (
          <span className="btn-ghost cursor-not-allowed px-3 py-1.5 opacity-50" aria-disabled="true">
            Next
          </span>
        )}
      </div>
    </nav>
  )
}
