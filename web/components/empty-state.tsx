import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { StrokeIcon } from './stroke-icon'

type EmptyStateProps = {
  title: string
  /** What to do next, under the title. */
  children?: ReactNode
  /** The shapes of a 24×24 line icon above the title (StrokeIcon's children). */
  icon?: ReactNode
  /** A button or link under the text. */
  action?: ReactNode
  /** The list was filtered by a search that matched nothing (see below). */
  searched?: boolean
  /** The outer margin, when the default (mt-6) does not fit where it sits. */
  className?: string
}

/**
 * The one way an empty list (or page of results) says what is (not) there and what to do next.
 * With `searched`, the list was filtered by a search that matched nothing: it says so and offers
 * the whole list again (the current page without `q`).
 */
export function EmptyState({ title, children, icon, action, searched, className = 'mt-6' }: EmptyStateProps) {
  return (
    <div
      className={`${className} flex flex-col items-center rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-14 text-center`}
      data-testid="empty-state"
    >
      {icon && (
        <span className="mb-4 text-slate-400">
          <StrokeIcon size={44}>{icon}</StrokeIcon>
        </span>
      )}
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
      {action && <div className="mt-6">{action}</div>}
    </div>
  )
}
