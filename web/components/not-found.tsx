import { Link } from '@tanstack/react-router'

/** Shown for any path the router does not know (and for tools or pages that no longer exist). */
export function NotFound() {
  return (
    <section
      className="container-page flex flex-col items-center py-12 text-center sm:py-20"
      aria-labelledby="not-found-title"
    >
      <img
        src="/not-found.svg"
        alt="A wrench snapped in two"
        width={480}
        height={290}
        className="h-auto w-full max-w-md"
      />
      <p className="mt-6 text-sm font-semibold uppercase tracking-widest text-brand-700">Error 404</p>
      <h1 id="not-found-title" className="mt-2 text-3xl font-extrabold tracking-tight text-ink sm:text-4xl">
        Page not found
      </h1>
      <p className="mt-3 max-w-md text-slate-600">
        The page you are looking for has been moved, removed or never existed. Let&apos;s get you back to the workshop.
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to="/" className="btn-primary">
          Back to home
        </Link>
        <Link to="/service" className="btn-ghost">
          Browse tools
        </Link>
      </div>
    </section>
  )
}
