import { zodResolver } from '@hookform/resolvers/zod'
import { createFileRoute } from '@tanstack/react-router'
import { useState } from 'react'
import { type Path, useForm } from 'react-hook-form'
import { ToolFormSchema, type ToolInput } from '#schemas/tool.ts'
import type { z } from '#schemas/zod.ts'
import { useAddTool } from '#web/features/catalogue/catalogue-mutations.ts'
import { ToolFields } from '#web/features/catalogue/components/tool-fields.tsx'
import { wholesaleFieldOf } from '#web/features/catalogue/components/wholesale-fields.tsx'
import { showServerFieldErrors } from '#web/lib/form-errors.ts'
import { toast } from '#web/lib/toast.ts'

export const Route = createFileRoute('/_auth/dashboard/_admin/addTools')({
  head: () => ({ meta: [{ title: 'Add a Tool · Toolhaus' }] }),
  component: AddToolPage,
})

type ToolFormValues = z.input<typeof ToolFormSchema>
const EMPTY: ToolFormValues = {
  name: '',
  description: '',
  price: '',
  quantity: '',
  Minimum_quantity: '',
  images: [],
  categoryId: '',
  specs: [],
  packSize: '1',
  priceTiers: [],
}
const FIELDS = ['name', 'description', 'price', 'quantity', 'Minimum_quantity', 'images', 'categoryId'] as const
/** The form's field for a server error's key. */
const fieldOf = (key: string) =>
  (FIELDS.find((f) => f === key) ?? wholesaleFieldOf(key)) as Path<ToolFormValues> | undefined

function AddToolPage() {
  const { session } = Route.useRouteContext()
  const [uploading, setUploading] = useState(false)
  const { register, control, handleSubmit, reset, setError, formState } = useForm<ToolFormValues, unknown, ToolInput>({
    resolver: zodResolver(ToolFormSchema),
    defaultValues: EMPTY,
  })
  const { errors } = formState

  const add = useAddTool()
  // The spec's payload carries the submitter's e-mail; the server checks it is the caller's.
  const submit = (values: ToolInput) =>
    add.mutate(
      { ...values, email: session.user.email },
      {
        onSuccess: (result) => {
          if (!result.insertedId) {
            toast.error('Failed to add Tools')
            return
          }
          toast.success('Tools added successfully')
          reset(EMPTY)
        },
        onError: (error) => {
          showServerFieldErrors(error, setError, fieldOf)
          toast.error('Failed to add Tools', { description: error.message })
        },
      },
    )

  return (
    <div>
      <h1 className="text-2xl font-bold">Add a Tool</h1>
      <p className="mt-1 text-sm text-slate-600">
        It appears in the catalogue as soon as it is saved. Prices are in BDT.
      </p>
      <form
        noValidate
        aria-label="Add a Tool"
        onSubmit={handleSubmit((values) => submit(values))}
        className="mt-6 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6"
      >
        <div className="grid gap-4">
          <ToolFields control={control} register={register} errors={errors} onBusyChange={setUploading} />
        </div>
        <p className="mt-5 text-sm text-slate-600">
          Added by <span className="font-medium text-slate-800">{session.user.email}</span>
        </p>
        <button
          type="submit"
          className="btn-primary mt-4 w-full sm:w-auto"
          disabled={add.isPending || uploading}
          aria-busy={add.isPending}
        >
          {add.isPending ? 'Adding…' : uploading ? 'Uploading photo…' : 'Add Tool'}
        </button>
      </form>
    </div>
  )
}
