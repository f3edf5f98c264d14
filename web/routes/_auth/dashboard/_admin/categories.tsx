import { createFileRoute, Link } from '@tanstack/react-router'
import { lazy, Suspense, useState } from 'react'
import type { Category } from '#schemas/category-tree.ts'
import { EmptyState } from '#web/components/empty-state.tsx'
import { categoryQueries } from '#web/features/categories/categories-queries.ts'
import { formatCount } from '#web/lib/format.ts'
import { useSuspenseQuery } from '#web/lib/query.ts'

export const Route = createFileRoute('/_auth/dashboard/_admin/categories')({
  loader: ({ context }) => context.queryClient.ensureQueryData(categoryQueries.list()),
  head: () => ({ meta: [{ title: 'Categories · Toolhaus' }] }),
  component: CategoriesPage,
})

// The forms (zod, the form library) load with this page, not in the entry chunk.
const forms = () => import('#web/features/categories/components/category-forms.tsx')
const AddCategoryForm = lazy(() => forms().then((m) => ({ default: m.AddCategoryForm })))
const EditCategoryDialog = lazy(() => forms().then((m) => ({ default: m.EditCategoryDialog })))
const DeleteCategoryDialog = lazy(() => forms().then((m) => ({ default: m.DeleteCategoryDialog })))

function CategoriesPage() {
  const { data: categories } = useSuspenseQuery(categoryQueries.list())
  const [editing, setEditing] = useState<Category>()
  const [deleting, setDeleting] = useState<Category>()

  return (
    <div>
      <h1 className="text-2xl font-bold">Categories</h1>
      <p className="mt-1 text-sm text-slate-600">
        Shoppers filter the catalogue by them; each has its own page. Two levels: a category, and categories inside it.
        Assign a tool its category when you add or edit it.
      </p>

      <Suspense fallback={<div className="mt-6 h-64 animate-pulse rounded-2xl bg-white ring-1 ring-slate-200" />}>
        <AddCategoryForm categories={categories} />
      </Suspense>

      {categories.length === 0 ? (
        <EmptyState title="No categories yet">Add the first one above.</EmptyState>
      ) : (
        <ul
          className="mt-6 divide-y divide-slate-100 rounded-2xl bg-white shadow-sm ring-1 ring-slate-200"
          aria-label="Categories"
        >
          {categories.map((category) => (
            <li
              key={category._id}
              className={`flex flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3 ${category.parentId ? 'pl-10' : ''}`}
              data-testid="category-row"
            >
              <div className="min-w-0 flex-1 basis-48">
                <p className={category.parentId ? 'text-slate-800' : 'font-semibold text-ink'}>
                  {category.parentId && (
                    <span aria-hidden="true" className="mr-1 text-slate-400">
                      ↳
                    </span>
                  )}
                  {category.name}
                </p>
                <p className="text-xs text-slate-600">
                  <Link
                    to="/service"
                    search={{ category: category.slug }}
                    className="underline-offset-2 hover:underline"
                  >
                    /service?category={category.slug}
                  </Link>{' '}
                  · {formatCount(category.count)} {category.count === 1 ? 'tool' : 'tools'}
                </p>
              </div>
              <div className="flex gap-2">
                <button type="button" className="btn-ghost px-3 py-1.5" onClick={() => setEditing(category)}>
                  Edit<span className="sr-only"> {category.name}</span>
                </button>
                <button
                  type="button"
                  className="btn-ghost px-3 py-1.5 text-red-700"
                  onClick={() => setDeleting(category)}
                >
                  Delete<span className="sr-only"> {category.name}</span>
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}

      <Suspense fallback={null}>
        {editing && (
          <EditCategoryDialog category={editing} categories={categories} onClose={() => setEditing(undefined)} />
        )}
        {deleting && (
          <DeleteCategoryDialog
            category={categories.find((c) => c._id === deleting._id)}
            categories={categories}
            onClose={() => setDeleting(undefined)}
          />
        )}
      </Suspense>
    </div>
  )
}
