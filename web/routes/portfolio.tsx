import { createFileRoute } from '@tanstack/react-router'
import { StrokeIcon } from '#web/components/stroke-icon.tsx'
import { portfolio } from '#web/features/portfolio/portfolio-data.ts'
import { publicPage } from '#web/lib/page-head.ts'

export const Route = createFileRoute('/portfolio')({
  head: ({ match }) =>
    publicPage({
      origin: match.context.origin,
      path: '/portfolio',
      title: 'Portfolio · Toolhaus',
      description: 'The developer behind the Toolhaus storefront, their projects and the tools they build with.',
    }),
  component: PortfolioPage,
})

// The data file promises https links; anything else is not rendered as a link.
const isHttps = (url: string | undefined): url is string => !!url && /^https:\/\//i.test(url)

function PortfolioPage() {
  const { owner, projects, stack } = portfolio
  return (
    <>
      <section className="bg-ink text-white" aria-labelledby="portfolio-title">
        <div className="container-page py-14 sm:py-20">
          <p className="text-sm font-semibold uppercase tracking-widest text-brand-400">Portfolio</p>
          <h1 id="portfolio-title" className="mt-2 text-4xl font-extrabold tracking-tight sm:text-5xl">
            {owner.name}
          </h1>
          <p className="mt-2 text-lg font-medium text-slate-300">{owner.role}</p>
          <p className="mt-6 max-w-3xl leading-relaxed text-slate-300">{owner.summary}</p>
          <ul className="mt-8 flex flex-wrap gap-3 text-sm">
            <li>
              <a href={`mailto:${owner.email}`} className="btn-primary">
                <MailIcon />
                {owner.email}
              </a>
            </li>
            <li className="inline-flex items-center gap-2 rounded-lg border border-white/20 px-4 py-2.5 text-slate-200">
              <PinIcon />
              {owner.location}
            </li>
          </ul>
        </div>
      </section>

      <section className="container-page py-14 sm:py-16" aria-labelledby="projects-title">
        <h2 id="projects-title" className="text-3xl font-extrabold tracking-tight text-ink">
          Projects
        </h2>
        <p className="mt-2 max-w-2xl text-slate-600">
          Software we build to run the business, from factory floor to job site.
        </p>
        <ul className="mt-8 grid gap-6 md:grid-cols-2">
          {projects.map((project) => (
            <li key={project.name} className="flex flex-col rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
              <h3 className="text-xl font-bold text-ink">{project.name}</h3>
              <p className="mt-3 flex-1 leading-relaxed text-slate-600">{project.description}</p>
              <ul className="mt-5 flex flex-wrap gap-2" aria-label={`Technologies used in ${project.name}`}>
                {project.tech.map((t) => (
                  <li key={t} className="rounded-full bg-slate-100 px-3 py-1 text-xs font-medium text-slate-700">
                    {t}
                  </li>
                ))}
              </ul>
              {isHttps(project.link) && (
                <a
                  href={project.link}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="mt-5 inline-flex items-center gap-1 self-start font-semibold text-brand-700 underline-offset-4 hover:underline"
                >
                  Visit {project.name}
                  <span className="sr-only"> (opens in a new tab)</span>
                  <span aria-hidden="true">↗</span>
                </a>
              )}
            </li>
          ))}
        </ul>
      </section>

      <section className="bg-white py-14 sm:py-16" aria-labelledby="stack-title">
        <div className="container-page">
          <h2 id="stack-title" className="text-3xl font-extrabold tracking-tight text-ink">
            Technology stack
          </h2>
          <p className="mt-2 max-w-2xl text-slate-600">The tools behind this storefront and what each one does.</p>
          <dl className="mt-8 grid gap-x-8 gap-y-4 sm:grid-cols-2 lg:grid-cols-3">
            {stack.map((item) => (
              <div key={item.name} className="rounded-lg border border-slate-200 bg-slate-50 p-4">
                <dt className="font-semibold text-ink">{item.name}</dt>
                <dd className="mt-1 text-sm leading-relaxed text-slate-600">{item.purpose}</dd>
              </div>
            ))}
          </dl>
        </div>
      </section>
    </>
  )
}

function MailIcon() {
  return (
    <StrokeIcon size={18}>
      <rect x="3" y="5" width="18" height="14" rx="2" />
      <path d="m3 7 9 6 9-6" />
    </StrokeIcon>
  )
}

function PinIcon() {
  return (
    <StrokeIcon size={18}>
      <path d="M12 21s7-6.1 7-11.5A7 7 0 0 0 5 9.5C5 14.9 12 21 12 21Z" />
      <circle cx="12" cy="9.5" r="2.5" />
    </StrokeIcon>
  )
}
