import { formatBDT } from '#schemas/bdt.ts'
import type { Tool } from '#schemas/tool.ts'
import { formatCount } from '#web/lib/format.ts'
import { responsiveImage } from '#web/lib/image-variants.ts'

type ToolTableProps = {
  tools: Tool[]
  /** For the caption: "page 2 of 5". */
  page: number
  pages: number
  /** The tool being deleted now, if any: its row is busy. */
  deletingId?: string
  onEdit: (tool: Tool) => void
  onDelete: (tool: Tool) => void
}

/**
 * The admin's tools with their price, stock and minimum, and Edit / Delete for each. On a phone
 * each row is a card: image, name, price, stock and minimum, then its actions.
 */
export function ToolTable({ tools, page, pages, deletingId, onEdit, onDelete }: ToolTableProps) {
  return (
    // relative: keeps the sr-only cells' absolute boxes inside this scroller, not the page.
    <div className="relative mt-4 overflow-x-auto rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
      <table className="w-full text-left text-sm max-sm:block sm:min-w-[40rem]">
        <caption className="sr-only">
          Tools in the catalogue, page {page} of {pages}
        </caption>
        <thead className="bg-slate-50 text-xs uppercase tracking-wide text-slate-600 max-sm:hidden">
          <tr>
            <th scope="col" className="px-4 py-3">
              <span className="sr-only">Image</span>
            </th>
            <th scope="col" className="px-4 py-3">
              Name
            </th>
            <th scope="col" className="px-4 py-3 text-right">
              Price
            </th>
            <th scope="col" className="px-4 py-3 text-right">
              Stock
            </th>
            <th scope="col" className="px-4 py-3 text-right">
              Minimum
            </th>
            <th scope="col" className="px-4 py-3">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 max-sm:block">
          {tools.map((tool) => (
            <ToolRow
              key={tool._id}
              tool={tool}
              deleting={deletingId === tool._id}
              onEdit={() => onEdit(tool)}
              onDelete={() => onDelete(tool)}
            />
          ))}
        </tbody>
      </table>
    </div>
  )
}

function ToolRow({
  tool,
  deleting,
  onEdit,
  onDelete,
}: {
  tool: Tool
  deleting: boolean
  onEdit: () => void
  onDelete: () => void
}) {
  return (
    <tr
      data-testid="tool-row"
      aria-busy={deleting || undefined}
      className="max-sm:grid max-sm:grid-cols-[3rem_1fr_1fr] max-sm:gap-x-3 max-sm:gap-y-1 max-sm:px-4 max-sm:py-3"
    >
      <td className="px-4 py-2 max-sm:row-span-3 max-sm:p-0">
        <img
          {...responsiveImage(tool.img, '48px', 160)}
          alt=""
          width={48}
          height={48}
          loading="lazy"
          decoding="async"
          className="size-12 max-w-none rounded-lg bg-slate-100 object-cover"
        />
      </td>
      <th scope="row" className="px-4 py-3 font-medium text-ink max-sm:col-span-2 max-sm:p-0">
        {tool.name}
        {tool.quantity === 0 ? (
          <span className="ml-2 rounded-full bg-red-50 px-2 py-0.5 text-xs font-semibold text-red-800 ring-1 ring-red-200">
            Out of stock
          </span>
        ) : (
          tool.quantity < tool.Minimum_quantity && (
            <span className="ml-2 rounded-full bg-amber-50 px-2 py-0.5 text-xs font-semibold text-amber-900 ring-1 ring-amber-200">
              Low stock
            </span>
          )
        )}
      </th>
      <td className="px-4 py-3 text-right tabular-nums whitespace-nowrap max-sm:col-span-2 max-sm:p-0 max-sm:text-left">
        {formatBDT(tool.price)}
      </td>
      <td className="px-4 py-3 text-right tabular-nums max-sm:p-0 max-sm:text-left">
        <span className="text-slate-600 sm:hidden">Stock </span>
        <span data-testid="tool-stock">{formatCount(tool.quantity)}</span>
      </td>
      <td className="px-4 py-3 text-right tabular-nums max-sm:p-0 max-sm:text-left">
        <span className="text-slate-600 sm:hidden">Minimum </span>
        {formatCount(tool.Minimum_quantity)}
      </td>
      <td className="px-4 py-3 max-sm:col-span-3 max-sm:p-0 max-sm:pt-1">
        <div className="flex justify-end gap-2">
          <button type="button" className="btn-ghost px-3 py-1.5" onClick={onEdit} aria-label={`Edit ${tool.name}`}>
            Edit
          </button>
          <button
            type="button"
            className="btn-ghost px-3 py-1.5 text-red-700"
            disabled={deleting}
            aria-label={`Delete ${tool.name}`}
            onClick={onDelete}
          >
            {deleting ? 'Deleting…' : 'Delete'}
          </button>
        </div>
      </td>
    </tr>
  )
}
