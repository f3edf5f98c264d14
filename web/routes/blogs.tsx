import { createFileRoute, Link } from '@tanstack/react-router'
import { Fragment } from 'react'
import { articles } from '#web/features/blogs/articles.ts'
import { publicPage } from '#web/lib/page-head.ts'

export const Route = createFileRoute('/blogs')({
  head: ({ match }) =>
    publicPage({
      origin: match.context.origin,
      path: '/blogs',
      title: 'Blogs · Toolhaus',
      description: 'Questions and answers on JavaScript and React from the team that builds the Toolhaus storefront.',
    }),
  component: BlogsPage,
})

function BlogsPage() {
  return (
    <div className="container-page py-10 sm:py-14">
      <header className="max-w-3xl">
        <p className="text-sm font-semibold uppercase tracking-widest text-brand-700">Blogs</p>
        <h1 className="mt-2 text-3xl font-extrabold tracking-tight text-ink sm:text-4xl">
          Questions &amp; answers on JavaScript and React
        </h1>
        <p className="mt-3 text-lg text-slate-600">
          Short, practical answers from the team that builds the Toolhaus storefront.
        </p>
      </header>

      <div className="mt-10 grid gap-10 lg:grid-cols-[16rem_minmax(0,1fr)]">
        <nav
          aria-labelledby="toc-title"
          className="self-start rounded-xl border border-slate-200 bg-white p-5 lg:sticky lg:top-24"
        >
          <h2 id="toc-title" className="text-sm font-semibold uppercase tracking-wide text-slate-700">
            In this page
          </h2>
          <ol className="mt-3 space-y-2 text-sm">
            {articles.map((a, i) => (
              <li key={a.slug} className="flex gap-2">
                <span className="font-semibold tabular-nums text-brand-700" aria-hidden="true">
                  {i + 1}.
                </span>
                <Link
                  from="/blogs"
                  hash={a.slug}
                  className="text-slate-700 underline-offset-4 hover:text-ink hover:underline"
                >
                  {a.question}
                </Link>
              </li>
            ))}
          </ol>
        </nav>

        <div className="min-w-0 space-y-8">
          {articles.map((a) => (
            <article
              key={a.slug}
              id={a.slug}
              aria-labelledby={`${a.slug}-title`}
              className="scroll-mt-24 rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-10"
            >
              <h2
                id={`${a.slug}-title`}
                className="text-2xl font-bold leading-tight tracking-tight text-ink text-balance sm:text-3xl"
              >
                {a.question}
              </h2>
              <p className="mt-4 border-l-4 border-brand-500 pl-4 text-lg leading-relaxed text-slate-700">
                {a.summary}
              </p>
              <div className="mt-6 max-w-[70ch] space-y-5 text-base leading-7 text-slate-700 sm:text-[1.0625rem] sm:leading-8">
                {a.body.map((paragraph, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: an article's paragraphs are fixed text
                  <p key={i}>
                    <InlineCode text={paragraph} />
                  </p>
                ))}
              </div>
              <p className="mt-8 text-sm">
                <Link
                  from="/blogs"
                  hash="toc-title"
                  className="font-medium text-brand-700 underline-offset-4 hover:underline"
                >
                  Back to contents
                </Link>
              </p>
            </article>
          ))}
        </div>
      </div>
    </div>
  )
}

/** Renders `backticked` spans as code; everything else stays plain text. */
function InlineCode({ text }: { text: string }) {
  // biome-ignore-start lint/suspicious/noArrayIndexKey: the parts of one fixed string
  return text.split('`').map((part, i) =>
    i % 2 === 1 ? (
      <code
        key={i}
        className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-[0.9em] text-ink [overflow-wrap:anywhere]"
      >
        {part}
      </code>
    ) : (
      <Fragment key={i}>{part}</Fragment>
    ),
  )
  // biome-ignore-end lint/suspicious/noArrayIndexKey: the parts of one fixed string
}
