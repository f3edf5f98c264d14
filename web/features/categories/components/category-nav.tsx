import { Link } from '@tanstack/react-router'
import type { Category } from '#schemas/category-tree.ts'
import type { ToolSort } from '#schemas/tool-sorts.ts'
import { formatCount } from '#web/lib/format.ts'

type CategoryNavProps = {
  categories: Category[]
  /** The category /service shows (its slug), or none: every tool. */
  active?: string
  /** The list's sort, kept when another category is chosen. */
  sort?: ToolSort
}

const pill =
  'inline-flex min-h-10 items-center gap-1.5 rounded-full border px-3.5 py-1.5 text-sm font-medium transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600'
const idle = 'border-slate-300 bg-white text-slate-700 hover:border-slate-400 hover:bg-slate-50'
const current = 'border-ink bg-ink text-white'

/**
 * The categories of /service as plain links (`/service?category=…`) that a search engine follows:
 * the top-level ones with their counts, and the children of the one chosen. A new category keeps
 * the sort and starts a new search.
 */
export function CategoryNav({ categories, active, sort }: CategoryNavProps) {
  const chosen = categories.find((c) => c.slug === active)
  // The chosen top-level category, or the parent of the chosen child.
  const branch = chosen && (chosen.parentId ? categories.find((c) => c._id === chosen.parentId) : chosen)
  // Empty categories are left out, unless one of them is the page itself.
  const shown = (c: Category) => c.count > 0 || c.slug === active || c._id === branch?._id
  const top = categories.filter((c) => c.parentId === null && shown(c))
  const children = branch ? categories.filter((c) => c.parentId === branch._id && shown(c)) : []
  if (top.length === 0 && !chosen) return null

  const link = (category: Category | undefined, small = false) => {
    const isCurrent = category ? category.slug === active : !active
    return (
      <Link
        to="/service"
        search={{ sort, ...(category ? { category: category.slug } : {}) }}
        resetScroll={false}
        className={`${pill} ${small ? 'min-h-9 py-1 text-[13px]' : ''} ${isCurrent ? current : idle}`}
        aria-current={isCurrent ? 'page' : undefined}
      >
        {category ? category.name : 'All tools'}
        {category && (
          <span className={isCurrent ? 'text-slate-300' : 'text-slate-500'}>
            <span className="sr-only">, </span>
            {formatCount(category.count)}
            <span className="sr-only"> {category.count === 1 ? 'tool' : 'tools'}</span>
          </span>
        )}
      </Link>
    )
  }

  return (
    <nav aria-label="Categories" className="mt-6">
      <ul className="flex flex-wrap gap-2">
        <li>{link(undefined)}</li>
        {top.map((category) => (
          <li key={category._id}>{link(category)}</li>
        ))}
      </ul>
      {branch && children.length > 0 && (
        <ul className="mt-2 flex flex-wrap gap-2 border-l-2 border-slate-200 pl-3" aria-label={`Inside ${branch.name}`}>
          {children.map((category) => (
            <li key={category._id}>{link(category, true)}</li>
          ))}
        </ul>
      )}
    </nav>
  )
}
