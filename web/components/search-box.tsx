import { type KeyboardEvent, type ReactNode, useEffect, useId, useLayoutEffect, useRef, useState } from 'react'
import { StrokeIcon } from './stroke-icon'

/** Something offered under the field as one types (a tool): picking it calls `onPick`. */
export type SearchSuggestion = { key: string; label: string; detail?: string }

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
  /**
   * What matches the text typed so far, offered in a list under the field while one types (arrow
   * keys move through it, Enter or a click picks, Esc closes). Without it the field has no list.
   */
  suggestions?: SearchSuggestion[]
  /** A suggestion was picked. */
  onPick?: (suggestion: SearchSuggestion) => void
  /** The list's name for screen readers. */
  suggestionsLabel?: string
  /** Where the form sends the search without JavaScript (its `action`); by default the page itself. */
  action?: string
  /** The search landmark's name, when a page has more than one (the navbar's and the page's own). */
  formLabel?: string
  /** Told the field's text as one types (to fetch `suggestions` for it). */
  onTextChange?: (text: string) => void
  /** Show the Search button; by default when the field does not search as one types (`debounceMs`). */
  submitButton?: boolean
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
  suggestions,
  onPick,
  suggestionsLabel = 'Suggestions',
  action,
  formLabel,
  onTextChange,
  submitButton = debounceMs === undefined,
}: SearchBoxProps) {
  const id = useId()
  const listId = `${id}-suggestions`
  // The list opens as one types and closes on Esc, a pick, a search sent or leaving the field.
  const [open, setOpen] = useState(false)
  const [active, setActive] = useState(-1)
  const offered = suggestions ?? []
  const input = useRef<HTMLInputElement>(null)
  const [text, setText] = useState(value)
  const sent = useRef(value)
  const onSearchRef = useRef(onSearch)
  onSearchRef.current = onSearch

  // NOTE: React keeps what was typed before hydration in the field but not in state: take it over
  // before anything re-renders the field with `value`.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the app takes over the server's field
  useLayoutEffect(() => {
    const typed = input.current?.value
    if (typed !== undefined) setText(typed)
    // Typed into the server's field before the code came (it loads on focus in the navbar).
    if (typed) {
      onTextChange?.(typed)
      if (document.activeElement === input.current) setOpen(true)
    }
  }, [])

  // Back/forward or a link changed the search: show it, unless it is what we sent ourselves.
  useEffect(() => {
    if (value !== sent.current) {
      sent.current = value
      setText(value)
    }
  }, [value])

  const shown = open && offered.length > 0 && text.trim() !== ''
  const offeredKeys = offered.map((s) => s.key).join('\n')
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new set of suggestions starts unselected
  useEffect(() => setActive(-1), [offeredKeys])

  const pick = (suggestion: SearchSuggestion) => {
    setOpen(false)
    setActive(-1)
    onPick?.(suggestion)
  }

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (!suggestions) return
    const n = offered.length
    if ((e.key === 'ArrowDown' || e.key === 'ArrowUp') && n > 0 && text.trim() !== '') {
      e.preventDefault()
      setOpen(true)
      setActive((i) => (e.key === 'ArrowDown' ? (i + 1) % n : i <= 0 ? n - 1 : i - 1))
    } else if (e.key === 'Enter' && shown && active >= 0 && offered[active]) {
      e.preventDefault()
      pick(offered[active])
    } else if (e.key === 'Escape' && shown) {
      // Closes the list; a second Esc clears the field as usual.
      e.preventDefault()
      setOpen(false)
      setActive(-1)
    }
  }

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
      action={action}
      aria-label={formLabel}
      className={className}
      onSubmit={(e) => {
        e.preventDefault()
        setOpen(false)
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
            onChange={(e) => {
              setText(e.target.value)
              setOpen(true)
              onTextChange?.(e.target.value)
            }}
            maxLength={100}
            autoComplete="off"
            enterKeyHint="search"
            // NOTE: a searchbox that owns a listbox (aria-activedescendant), not role="combobox": the
            // field stays the page's "searchbox" for people and tools that look for one.
            {...(suggestions
              ? {
                  'aria-autocomplete': 'list' as const,
                  'aria-controls': shown ? listId : undefined,
                  'aria-activedescendant': shown && active >= 0 ? `${listId}-${active}` : undefined,
                  onKeyDown,
                  onBlur: () => setOpen(false),
                }
              : {})}
          />
          {/* Over the content below (absolutely placed), so nothing moves when it opens. */}
          {shown && (
            <div
              id={listId}
              role="listbox"
              aria-label={suggestionsLabel}
              className="absolute inset-x-0 top-full z-30 mt-1 max-h-80 overflow-y-auto rounded-lg border border-slate-200 bg-white py-1 shadow-lg"
            >
              {offered.map((suggestion, i) => (
                // biome-ignore lint/a11y/useKeyWithClickEvents: the field's arrow keys and Enter choose an option
                <div
                  key={suggestion.key}
                  id={`${listId}-${i}`}
                  role="option"
                  aria-selected={i === active}
                  // Not in the tab order: the field's arrow keys move through the options.
                  tabIndex={-1}
                  className={`flex cursor-pointer items-baseline justify-between gap-3 px-3 py-2.5 text-sm ${i === active ? 'bg-brand-50' : 'hover:bg-slate-50'}`}
                  // The field keeps the focus (and its list) while the pointer picks.
                  onMouseDown={(e) => e.preventDefault()}
                  onMouseEnter={() => setActive(i)}
                  onClick={() => pick(suggestion)}
                >
                  <span className="min-w-0 truncate font-medium text-ink">{suggestion.label}</span>
                  {suggestion.detail && <span className="shrink-0 text-slate-600">{suggestion.detail}</span>}
                </div>
              ))}
            </div>
          )}
        </div>
      </div>
      {submitButton && (
        <button type="submit" className="btn-dark h-11 shrink-0">
          Search
        </button>
      )}
      {children}
    </form>
  )
}
