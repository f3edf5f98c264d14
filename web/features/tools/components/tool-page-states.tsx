import { Link } from '@tanstack/react-router'

/** A tool id nobody has (or a tool removed): a way back to the catalogue. */
export function ToolNotFound() {
  return (
    <section
      className="container-page flex flex-col items-center py-12 text-center sm:py-20"
      aria-labelledby="tool-not-found-title"
    >
      <img
        src="/not-found.svg"
        alt="A wrench snapped in two"
        width={480}
        height={290}
        className="h-auto w-full max-w-sm"
      />
      <h1 id="tool-not-found-title" className="mt-6 text-3xl font-extrabold tracking-tight text-ink">
        Tool not found
      </h1>
      <p className="mt-3 max-w-md text-slate-600">
        This tool is not in our catalogue. It may have been removed, or the link is mistyped.
      </p>
      <Link to="/service" className="btn-primary mt-8">
        Browse all tools
      </Link>
    </section>
  )
}

/** A tool page while its tool loads: the shape of the photo and the facts beside it. */
export function ToolPending() {
  return (
    <div className="container-page py-8 sm:py-12" aria-busy="true">
      <p className="sr-only" role="status">
        Loading the tool…
      </p>
      <div className="mt-10 grid gap-8 md:grid-cols-2 lg:gap-12">
        <div className="aspect-[4/3] animate-pulse rounded-2xl bg-slate-200" />
        <div className="space-y-4">
          <div className="h-9 w-2/3 animate-pulse rounded bg-slate-200" />
          <div className="h-7 w-1/3 animate-pulse rounded bg-slate-200" />
          <div className="h-24 w-full animate-pulse rounded bg-slate-100" />
          <div className="h-20 w-full animate-pulse rounded-xl bg-slate-100" />
        </div>
      </div>
    </div>
  )
}
