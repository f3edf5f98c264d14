import { useId, useLayoutEffect, useRef } from 'react'
import { TOOL_SORTS, type ToolSort } from '#schemas/tool-sorts.ts'
import { oneOf } from '#web/lib/search-params.ts'

const SORT_LABELS: { value: ToolSort | ''; label: string }[] = [
  { value: '', label: 'Default order' },
  { value: 'newest', label: 'Newest' },
  { value: 'price', label: 'Price low to high' },
  { value: '-price', label: 'Price high to low' },
  { value: 'name', label: 'Name' },
]

/**
 * The catalogue's sort order, `sort` of the search form it sits in (so it works as a plain GET
 * without JavaScript). Hydration starts from the option chosen in the page, not from `value`.
 */
export function ToolSortSelect({
  value,
  onChange,
}: {
  value: ToolSort | undefined
  onChange: (sort: ToolSort | undefined) => void
}) {
  const id = useId()
  const select = useRef<HTMLSelectElement>(null)

  // NOTE: React leaves an option chosen before hydration selected but does not report it: follow it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, with what the page held when React took over
  useLayoutEffect(() => {
    const chosen = oneOf(TOOL_SORTS, select.current?.value)
    if (chosen !== value) onChange(chosen)
  }, [])

  return (
    <div>
      <label htmlFor={id} className="label">
        Sort by
      </label>
      <select
        ref={select}
        id={id}
        name="sort"
        className="field h-11 sm:w-56"
        value={value ?? ''}
        onChange={(e) => onChange(oneOf(TOOL_SORTS, e.target.value))}
      >
        {SORT_LABELS.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  )
}
