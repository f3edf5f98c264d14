import { useNavigate } from '@tanstack/react-router'
import { useEffect, useState } from 'react'
import { formatBDT } from '#schemas/bdt.ts'
import { SearchBox } from '#web/components/search-box.tsx'
import { useQuery } from '#web/lib/query.ts'
import { toolQueries } from '../tools-queries'

/** How long typing must pause before the suggestions are asked for. */
const SUGGEST_DEBOUNCE_MS = 250
const SUGGESTIONS = 6

/**
 * The navbar's search: the /service search box, sending its text to /service (a GET form before
 * JavaScript), with the first matching tools suggested under it as one types; a pick opens the tool.
 */
export function NavSearch() {
  const navigate = useNavigate()
  const [text, setText] = useState('')
  const [q, setQ] = useState('')
  useEffect(() => {
    const timer = setTimeout(() => setQ(text.trim()), SUGGEST_DEBOUNCE_MS)
    return () => clearTimeout(timer)
  }, [text])
  const { data } = useQuery({ ...toolQueries.list({ q, limit: SUGGESTIONS, offset: 0 }), enabled: q !== '' })

  return (
    <SearchBox
      value=""
      label="Search tools"
      formLabel="Search the catalogue"
      placeholder="Search tools…"
      action="/service"
      submitButton={false}
      className="flex"
      onTextChange={setText}
      onSearch={(typed) => void navigate({ to: '/service', search: { q: typed || undefined } })}
      suggestions={
        q && text.trim()
          ? (data?.items ?? []).map((t) => ({ key: t._id, label: t.name, detail: formatBDT(t.price) }))
          : []
      }
      suggestionsLabel="Matching tools"
      onPick={(tool) => void navigate({ to: '/service/$serviceId', params: { serviceId: tool.key } })}
    />
  )
}
