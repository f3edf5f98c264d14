import type { ToolSpec } from '#schemas/tool.ts'

/** A tool's specifications as a two-column table, in the order the admin gave them. */
export function ToolSpecs({ specs }: { specs: ToolSpec[] }) {
  if (specs.length === 0) return null
  return (
    <section aria-labelledby="specifications" className="mt-10 max-w-3xl">
      <h2 id="specifications" className="text-xl font-bold text-ink">
        Specifications
      </h2>
      <div className="mt-4 overflow-hidden rounded-xl border border-slate-200 bg-white">
        <table className="w-full table-fixed text-left text-sm" data-testid="specifications">
          <tbody className="divide-y divide-slate-100">
            {specs.map((spec) => (
              <tr key={spec.name} className="align-top">
                <th
                  scope="row"
                  className="w-2/5 bg-slate-50 px-4 py-3 font-medium text-slate-700 [overflow-wrap:anywhere]"
                >
                  {spec.name}
                </th>
                <td className="px-4 py-3 text-slate-900 [overflow-wrap:anywhere]">{spec.value}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  )
}
