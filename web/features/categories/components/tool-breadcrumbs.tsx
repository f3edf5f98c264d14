import { Link } from '@tanstack/react-router'
import type { Category } from '#schemas/category-tree.ts'

const crumbLink = 'font-medium text-brand-700 underline-offset-4 hover:underline'

/** Where a tool sits: Service › its category's parent › its category › the tool, each a link but the last. */
export function ToolBreadcrumbs({ path, name }: { path: Category[]; name: string }) {
  return (
    <nav aria-label="Breadcrumb" className="text-sm text-slate-600">
      <ol className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <li>
          <Link to="/service" className={crumbLink}>
            Service
          </Link>
        </li>
        {path.map((category) => (
          <li key={category._id} className="flex items-center gap-2">
            <span aria-hidden="true">/</span>
            <Link to="/service" search={{ category: category.slug }} className={crumbLink}>
              {category.name}
            </Link>
          </li>
        ))}
        <li aria-current="page" className="flex min-w-0 items-center gap-2 text-slate-800">
          <span aria-hidden="true">/</span>
          <span className="min-w-0 truncate">{name}</span>
        </li>
      </ol>
    </nav>
  )
}
