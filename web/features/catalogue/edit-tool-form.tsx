import { zodResolver } from '@hookform/resolvers/zod'
import { useMemo, useState } from 'react'
import { type Path, useForm } from 'react-hook-form'
import { MINIMUM_ABOVE_QUANTITY, type Tool, ToolEditFormSchema } from '#schemas/tool.ts'
import type { z } from '#schemas/zod.ts'
import { Modal } from '#web/components/modal.tsx'
import { ToolFields } from '#web/features/catalogue/components/tool-fields.tsx'
import { wholesaleFieldOf } from '#web/features/catalogue/components/wholesale-fields.tsx'
import { ApiRequestError } from '#web/lib/api-error.ts'
import { showServerFieldErrors } from '#web/lib/form-errors.ts'
import { toast } from '#web/lib/toast.ts'
import { useUpdateTool } from './catalogue-mutations'

// NOTE: its own module, not inside the manage route: the route's shared code goes into the
// entry chunk, and this form's schema would take zod there with it.
// Every field of the tool; a stock of 0 means out of stock, whatever the minimum order. As on the
// server, minimum ≤ stock is checked when the form changes either: a tool whose stock orders took
// below its minimum can still get a new name, description, photo or price without a restock.
const editToolSchema = (tool: Tool) =>
  ToolEditFormSchema.refine(
    (t) =>
      t.quantity === 0 ||
      t.Minimum_quantity <= t.quantity ||
      (t.quantity === tool.quantity && t.Minimum_quantity === tool.Minimum_quantity),
    { path: ['Minimum_quantity'], message: MINIMUM_ABOVE_QUANTITY },
  )
type EditToolValues = z.input<ReturnType<typeof editToolSchema>>
type EditTool = z.infer<ReturnType<typeof editToolSchema>>
const EDIT_FIELDS = [
  'name',
  'description',
  'images',
  'price',
  'quantity',
  'Minimum_quantity',
  'categoryId',
  'specs',
  'priceTiers',
  'packSize',
] as const
/** Whether the form's value of `key` differs from the tool's as the form opened (specifications, volume prices and photos by their content). */
const differs = (values: EditTool, tool: Tool, key: (typeof EDIT_FIELDS)[number]) =>
  key === 'images'
    ? values.images !== undefined && !sameImages(values.images, tool.images)
    : key === 'specs' || key === 'priceTiers'
      ? JSON.stringify(values[key] ?? []) !== JSON.stringify(tool[key])
      : values[key] !== tool[key]
const sameImages = (a: readonly string[] | undefined, b: readonly string[]) =>
  JSON.stringify(a ?? []) === JSON.stringify(b)
/** The form's field for a server error's key. */
const fieldOf = (key: string) =>
  (EDIT_FIELDS.find((f) => f === key) ?? wholesaleFieldOf(key)) as Path<EditToolValues> | undefined

/** The Edit dialog of the admin's tool list: open while `tool` is set. */
export function EditToolDialog({ tool, onClose }: { tool: Tool | null; onClose: () => void }) {
  return (
    <Modal
      open={tool !== null}
      onClose={onClose}
      title={tool ? `Edit ${tool.name}` : 'Edit tool'}
      description="Change any of its details, or restock."
    >
      {tool && <EditToolForm key={tool._id} tool={tool} onDone={onClose} />}
    </Modal>
  )
}

function EditToolForm({ tool, onDone }: { tool: Tool; onDone: () => void }) {
  const [uploading, setUploading] = useState(false)
  // The tool as the form opened: what the admin changed is what differs from it. The list may
  // refetch meanwhile (orders take stock, another admin edits), and `tool` follows it; a field
  // left as it was must not be sent back over that.
  const [opened] = useState(tool)
  // The shop refused a stock figure because orders took some meanwhile: the admin has seen today's
  // figure (the message says it), so saving again restocks from the list's.
  const [stockRefused, setStockRefused] = useState(false)
  const schema = useMemo(() => editToolSchema(opened), [opened])
  const { register, handleSubmit, formState, setError, control } = useForm<EditToolValues, unknown, EditTool>({
    // Photos left as they were are not checked: a tool made through the API before galleries may
    // have an https photo, which a new gallery may not (uploads only), and it must stay editable.
    resolver: (values, context, options) =>
      zodResolver(schema)(
        sameImages(values.images, opened.images) ? { ...values, images: undefined } : values,
        context,
        options,
      ),
    defaultValues: {
      name: tool.name,
      description: tool.description,
      images: tool.images,
      price: String(tool.price),
      quantity: String(tool.quantity),
      Minimum_quantity: String(tool.Minimum_quantity),
      categoryId: tool.categoryId ?? '',
      specs: tool.specs,
      packSize: String(tool.packSize),
      priceTiers: tool.priceTiers.map((t) => ({ minQuantity: String(t.minQuantity), price: String(t.price) })),
    },
  })
  const { errors } = formState

  const save = useUpdateTool(tool._id)
  const submit = (values: EditTool) => {
    // Only what changed is sent: an untouched stock figure must not overwrite orders taken meanwhile.
    const changed = Object.fromEntries(
      EDIT_FIELDS.filter((k) => differs(values, opened, k)).map((k) => [k, values[k]]),
    ) as Partial<EditTool>
    if (Object.keys(changed).length === 0) return onDone()
    // A new stock figure is stored only if no order came in since this form opened (409 otherwise;
    // the list then refetches, so saving again compares against today's stock).
    const previousQuantity = stockRefused ? tool.quantity : opened.quantity
    const json = changed.quantity === undefined ? changed : { ...changed, previousQuantity }
    save.mutate(json, {
      onSuccess: () => {
        toast.success(`${tool.name} updated`)
        onDone()
      },
      onError: (error) => {
        if (error instanceof ApiRequestError && error.status === 409 && error.fields.quantity) setStockRefused(true)
        showServerFieldErrors(error, setError, fieldOf)
        toast.error(error.message)
      },
    })
  }

  return (
    <form noValidate onSubmit={handleSubmit(submit)} className="grid gap-4">
      <ToolFields control={control} register={register} errors={errors} onBusyChange={setUploading} now={tool} />
      <div className="mt-2 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <button type="button" className="btn-ghost" onClick={onDone} disabled={save.isPending}>
          Cancel
        </button>
        <button type="submit" className="btn-primary" disabled={save.isPending || uploading} aria-busy={save.isPending}>
          {save.isPending ? 'Saving…' : uploading ? 'Uploading photo…' : 'Save changes'}
        </button>
      </div>
    </form>
  )
}
