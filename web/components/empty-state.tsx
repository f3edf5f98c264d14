import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'

/**
 * What an empty list says: what is (not) there and what to do next. With `searched`, the list
 * was filtered by a search that matched nothing: it says so and offers the whole list again
 * (the current page without `q`).
 */
export function EmptyState({ title, children, searched }: { title: string; children?: ReactNode; searched?: boolean }) {
  return (
    <div
      className="mt-6 flex flex-col items-center rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-14 text-center"
      data-testid="empty-state"
    >
      <p className="text-lg font-semibold text-ink">{title}</p>
      {searched ? (
        <p className="mt-1 text-slate-600">
          Try fewer or other words, or{' '}
          <Link
            to="."
            search={(prev: Record<string, unknown>) => ({ ...prev, q: undefined, page: undefined })}
            className="font-medium text-brand-700 underline underline-offset-4"
          >
            clear the search
          </Link>
          .
        </p>
      ) : (
        children && <div className="mt-1 max-w-md text-slate-600">{children}</div>
      )}
    </div>
  )
}
