import { zodResolver } from '@hookform/resolvers/zod'
import { useForm } from 'react-hook-form'
import { type CategoryInput, CategoryInputSchema, type CategoryPatch, CategoryPatchSchema } from '#schemas/category.ts'
import { type Category, slugify } from '#schemas/category-tree.ts'
import type { z } from '#schemas/zod.ts'
import { FormField } from '#web/components/form-field.tsx'
import { Modal } from '#web/components/modal.tsx'
import { showServerFieldErrors } from '#web/lib/form-errors.ts'
import { toast } from '#web/lib/toast.ts'
import { useAddCategory, useDeleteCategory, useUpdateCategory } from '../categories-mutations'

// NOTE: its own module, not inside the route: the route's shared code goes into the entry chunk,
// and these forms' schemas would take zod there with it.

const FIELDS = ['name', 'slug', 'parentId'] as const

/** The parents a category may have: the top-level categories other than itself. */
function ParentOptions({ categories, self }: { categories: Category[]; self?: Category }) {
  return (
    <>
      <option value="">None: a top-level category</option>
      {categories
        .filter((c) => c.parentId === null && c._id !== self?._id)
        .map((c) => (
          <option key={c._id} value={c._id}>
            Inside {c.name}
          </option>
        ))}
    </>
  )
}

type AddValues = z.input<typeof CategoryInputSchema>

/** Add a category: a name, a slug (made from the name when left empty) and where it goes. */
export function AddCategoryForm({ categories }: { categories: Category[] }) {
  const { register, handleSubmit, reset, setError, watch, formState } = useForm<AddValues, unknown, CategoryInput>({
    resolver: zodResolver(CategoryInputSchema),
    defaultValues: { name: '', slug: '', parentId: '' },
  })
  const { errors } = formState
  const add = useAddCategory()
  const name = watch('name')
  const madeSlug = typeof name === 'string' ? slugify(name) : ''

  const submit = (values: CategoryInput) =>
    add.mutate(values, {
      onSuccess: () => {
        toast.success(`${values.name} added`)
        reset()
      },
      onError: (error) => {
        showServerFieldErrors(error, setError, FIELDS)
        toast.error('The category was not added', { description: error.message })
      },
    })

  return (
    <form
      noValidate
      aria-label="Add a category"
      onSubmit={handleSubmit(submit)}
      className="mt-6 grid gap-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:grid-cols-2 sm:p-6"
    >
      <h2 className="text-lg font-semibold sm:col-span-2">Add a category</h2>
      <FormField label="Name" error={errors.name?.message}>
        <input className="field" autoComplete="off" {...register('name')} />
      </FormField>
      <FormField
        label="Slug (the address)"
        error={errors.slug?.message}
        hint={`/service?category=${madeSlug || '…'} when left empty.`}
      >
        <input className="field" autoComplete="off" placeholder={madeSlug} {...register('slug')} />
      </FormField>
      <FormField label="Place" error={errors.parentId?.message} hint="Categories are two levels deep at most.">
        <select className="field" {...register('parentId')}>
          <ParentOptions categories={categories} />
        </select>
      </FormField>
      <div className="flex items-end">
        <button type="submit" className="btn-primary w-full sm:w-auto" disabled={add.isPending}>
          {add.isPending ? 'Adding…' : 'Add category'}
        </button>
      </div>
    </form>
  )
}

type EditValues = z.input<typeof CategoryPatchSchema>

/** Rename or move a category: open while `category` is set. */
export function EditCategoryDialog({
  category,
  categories,
  onClose,
}: {
  category: Category | undefined
  categories: Category[]
  onClose: () => void
}) {
  return (
    <Modal
      open={Boolean(category)}
      onClose={onClose}
      title={category ? `Edit ${category.name}` : 'Edit category'}
      description="Rename it, change its address or move it."
      size="sm"
    >
      {category && <EditCategoryForm key={category._id} category={category} categories={categories} onDone={onClose} />}
    </Modal>
  )
}

function EditCategoryForm({
  category,
  categories,
  onDone,
}: {
  category: Category
  categories: Category[]
  onDone: () => void
}) {
  const hasChildren = categories.some((c) => c.parentId === category._id)
  const { register, handleSubmit, setError, formState } = useForm<EditValues, unknown, CategoryPatch>({
    resolver: zodResolver(CategoryPatchSchema),
    defaultValues: { name: category.name, slug: category.slug, parentId: category.parentId ?? '' },
  })
  const { errors } = formState
  const save = useUpdateCategory(category._id)

  const submit = (values: CategoryPatch) => {
    const changed: CategoryPatch = {}
    if (values.name !== undefined && values.name !== category.name) changed.name = values.name
    if (values.slug !== undefined && values.slug !== category.slug) changed.slug = values.slug
    if (values.parentId !== undefined && values.parentId !== category.parentId) changed.parentId = values.parentId
    if (Object.keys(changed).length === 0) return onDone()
    save.mutate(changed, {
      onSuccess: () => {
        toast.success(`${values.name ?? category.name} saved`)
        onDone()
      },
      onError: (error) => {
        showServerFieldErrors(error, setError, FIELDS)
        toast.error(error.message)
      },
    })
  }

  return (
    <form noValidate onSubmit={handleSubmit(submit)} className="grid gap-4">
      <FormField label="Name" error={errors.name?.message}>
        <input className="field" autoComplete="off" data-autofocus {...register('name')} />
      </FormField>
      <FormField label="Slug (the address)" error={errors.slug?.message} hint="Links to the old address stop working.">
        <input className="field" autoComplete="off" {...register('slug')} />
      </FormField>
      <FormField
        label="Place"
        error={errors.parentId?.message}
        hint={hasChildren ? 'It has categories inside it, so it stays at the top level.' : undefined}
      >
        <select className="field" disabled={hasChildren} {...register('parentId')}>
          <ParentOptions categories={categories} self={category} />
        </select>
      </FormField>
      <div className="mt-2 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <button type="button" className="btn-ghost" onClick={onDone} disabled={save.isPending}>
          Cancel
        </button>
        <button type="submit" className="btn-primary" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save changes'}
        </button>
      </div>
    </form>
  )
}

/** Delete an empty category; one that holds tools or categories says so and cannot be deleted. */
export function DeleteCategoryDialog({
  category,
  categories,
  onClose,
}: {
  category: Category | undefined
  categories: Category[]
  onClose: () => void
}) {
  const remove = useDeleteCategory()
  const children = category ? categories.filter((c) => c.parentId === category._id).length : 0
  const holds = [
    category?.count ? `${category.count} ${category.count === 1 ? 'tool' : 'tools'}` : '',
    children ? `${children} ${children === 1 ? 'category' : 'categories'}` : '',
  ].filter(Boolean)
  return (
    <Modal
      open={Boolean(category)}
      onClose={onClose}
      busy={remove.isPending}
      size="sm"
      title={category ? `Delete ${category.name}?` : 'Delete category?'}
      description={
        holds.length
          ? `It still holds ${holds.join(' and ')}: move them to another category first.`
          : 'It is empty, so nothing else changes.'
      }
    >
      <div className="mt-2 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <button type="button" className="btn-ghost" data-autofocus onClick={onClose} disabled={remove.isPending}>
          Keep it
        </button>
        <button
          type="button"
          className="btn bg-red-700 text-white hover:bg-red-800"
          disabled={remove.isPending || holds.length > 0}
          onClick={() =>
            category &&
            remove.mutate(category._id, {
              onSuccess: () => {
                toast.success(`${category.name} deleted`)
                onClose()
              },
              onError: (error) => toast.error(error.message),
            })
          }
        >
          {remove.isPending ? 'Deleting…' : 'Delete category'}
        </button>
      </div>
    </Modal>
  )
}
