import { StrokeIcon } from './stroke-icon.tsx'

/**
 * The body of the page shown when a page fails to load (the root route's error component, inside
 * the page frame): `detail` says why in words for people; Try again reruns the page's loaders.
 */
export function ErrorPage({ detail, onRetry }: { detail: string; onRetry: () => void }) {
  return (
    <section
      className="container-page flex flex-col items-center py-20 text-center"
      aria-labelledby="error-title"
      role="alert"
    >
      <div className="grid size-16 place-items-center rounded-full bg-brand-100 text-brand-700" aria-hidden="true">
        <StrokeIcon size={32}>
          <path d="M12 8v5M12 16.5v.5" />
          <path d="M10.3 3.9 2.5 17.5A2 2 0 0 0 4.2 20.5h15.6a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0Z" />
        </StrokeIcon>
      </div>
      <h1 id="error-title" className="mt-6 text-3xl font-extrabold tracking-tight text-ink">
        Something went wrong
      </h1>
      <p className="mt-3 max-w-md text-slate-600">We could not load this page. {detail}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <button type="button" className="btn-primary" onClick={onRetry}>
          Try again
        </button>
        <a href="/" className="btn-ghost">
          Go to home
        </a>
      </div>
    </section>
  )
}
