import { type ReactNode, useEffect, useId, useLayoutEffect, useRef, useState } from 'react'
import { StrokeIcon } from './stroke-icon'

type SearchBoxProps = {
  /** The search the page shows now (its `?q=`); when it changes from outside (back, a link), the field follows. */
  value: string
  /** The label read out; shown above the field with `showLabel`, otherwise only to screen readers. */
  label: string
  placeholder: string
  /** Called with the trimmed text when it differs from the last search: on Enter or the Search button. */
  onSearch: (text: string) => void
  /** Also search this many milliseconds after typing stops; the field then has no Search button. */
  debounceMs?: number
  showLabel?: boolean
  /** The form's classes (its layout); by default the field and its button in a row. */
  className?: string
  /** More controls of the same search (a sort select): submitted with it when there is no JavaScript. */
  children?: ReactNode
}

/**
 * The one search field: a `<form method="get" role="search">` whose input is `q`, so a page the
 * server rendered searches with a plain GET before (or without) JavaScript. Hydration starts from
 * what is in the field, not from `value`: text typed before the app took over is kept, and with
 * `debounceMs` searched for.
 */
export function SearchBox({
  value,
  label,
  placeholder,
  onSearch,
  debounceMs,
  showLabel = false,
  className = 'mt-6 flex gap-2',
  children,
}: SearchBoxProps) {
  const id = useId()
  const input = useRef<HTMLInputElement>(null)
  const [text, setText] = useState(value)
  const sent = useRef(value)
  const onSearchRef = useRef(onSearch)
  onSearchRef.current = onSearch

  // NOTE: React keeps what was typed before hydration in the field but not in state: take it over
  // before anything re-renders the field with `value`.
  useLayoutEffect(() => {
    const typed = input.current?.value
    if (typed !== undefined) setText(typed)
  }, [])

  // Back/forward or a link changed the search: show it, unless it is what we sent ourselves.
  useEffect(() => {
    if (value !== sent.current) {
      sent.current = value
      setText(value)
    }
  }, [value])

  const submit = (raw: string) => {
    const trimmed = raw.trim()
    if (trimmed === sent.current) return
    sent.current = trimmed
    onSearchRef.current(trimmed)
  }

  // biome-ignore lint/correctness/useExhaustiveDependencies: the debounce restarts on each keystroke only
  useEffect(() => {
    if (debounceMs === undefined) return
    const timer = setTimeout(() => submit(text), debounceMs)
    return () => clearTimeout(timer)
  }, [text])

  return (
    <form
      role="search"
      method="get"
      className={className}
      onSubmit={(e) => {
        e.preventDefault()
        submit(text)
      }}
    >
      <div className={showLabel ? undefined : 'min-w-0 flex-1 sm:max-w-sm'}>
        <label htmlFor={id} className={showLabel ? 'label' : 'sr-only'}>
          {label}
        </label>
        <div className="relative">
          <span className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-slate-500">
            <StrokeIcon size={18}>
              <circle cx="11" cy="11" r="7" />
              <path d="m20 20-3.5-3.5" />
            </StrokeIcon>
          </span>
          <input
            ref={input}
            id={id}
            name="q"
            type="search"
            className="field h-11 pl-10"
            placeholder={placeholder}
            value={text}
            onChange={(e) => setText(e.target.value)}
            maxLength={100}
            autoComplete="off"
            enterKeyHint="search"
          />
        </div>
      </div>
      {debounceMs === undefined && (
        <button type="submit" className="btn-dark h-11 shrink-0">
          Search
        </button>
      )}
      {children}
    </form>
  )
}
