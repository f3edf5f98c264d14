import { useId, useState } from 'react'

type SearchBoxProps = {
  initial: string
  /** The label read out (the field shows the placeholder). */
  label: string
  placeholder: string
  onSearch: (text: string) => void
}

/** A search field with its button; searches on submit (Enter), with the text trimmed. */
export function SearchBox({ initial, label, placeholder, onSearch }: SearchBoxProps) {
  const [text, setText] = useState(initial)
  const id = useId()
  return (
    <form
      role="search"
      className="mt-6 flex gap-2"
      onSubmit={(e) => {
        e.preventDefault()
        onSearch(text.trim())
      }}
    >
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <input
        id={id}
        type="search"
        className="field min-w-0 flex-1 sm:max-w-sm"
        placeholder={placeholder}
        value={text}
        onChange={(e) => setText(e.target.value)}
      />
      <button type="submit" className="btn-dark shrink-0">
        Search
      </button>
    </form>
  )
}
