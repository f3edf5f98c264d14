import { useSuspenseQuery } from '#web/lib/query.ts'
import { relatedToolsQuery } from '../related-queries'
import { ToolCard } from './tool-card'

/** "Related tools" on a tool page: up to 4 cards of its category, in the server's HTML (no shift), photos lazy. */
export function RelatedTools({ toolId }: { toolId: string }) {
  const { data: tools } = useSuspenseQuery(relatedToolsQuery(toolId))
  if (tools.length === 0) return null
  return (
    <section aria-labelledby="related-tools" className="mt-12" data-testid="related-tools">
      <h2 id="related-tools" className="text-xl font-bold text-ink">
        Related tools
      </h2>
      <ul className="mt-4 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {tools.map((tool) => (
          <li key={tool._id}>
            <ToolCard tool={tool} headingLevel="h3" />
          </li>
        ))}
      </ul>
    </section>
  )
}
