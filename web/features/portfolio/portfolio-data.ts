// Portfolio content shown on the portfolio page.
// Deployers: edit this file to change the owner details, projects and stack.
// Plain data only. Links must be https URLs; leave `link` out if there is none.

export type PortfolioProject = {
  name: string
  description: string
  tech: string[]
  /** Optional https URL. */
  link?: string
}

export type Portfolio = {
  owner: { name: string; role: string; summary: string; email: string; location: string }
  projects: PortfolioProject[]
  stack: { name: string; purpose: string }[]
}

export const portfolio: Portfolio = {
  owner: {
    name: 'Toolhaus',
    role: 'Power tool manufacturer and wholesaler',
    summary:
      'Toolhaus has made and supplied power tools for contractors, workshops and hardware dealers since 1992. Our in-house software team builds the systems that take our tools from the factory floor to the job site, including wholesale ordering, dealer support, warranty handling and stock control.',
    email: 'hello@toolhaus.example',
    location: 'Dhaka, Bangladesh',
  },
  projects: [
    {
      name: 'Toolhaus Storefront',
      description:
        "The wholesale web shop you are using now. Buyers browse the catalogue, order above each tool's minimum quantity, pay by card and track their orders, while admins manage products, stock, orders and users.",
      tech: ['Cloudflare Workers', 'Hono', 'D1', 'React 19', 'TanStack Router', 'Stripe'],
    },
    {
      name: 'Dealer Ordering Portal',
      description:
        'A portal for registered hardware dealers to place repeat bulk orders, view negotiated price lists and download invoices, with order approval workflows for regional sales managers.',
      tech: ['React', 'TanStack Query', 'Hono', 'D1'],
    },
    {
      name: 'Warranty Registration App',
      description:
        'A mobile-friendly app where end customers register a tool by serial number, upload proof of purchase and open service requests that are routed to the nearest authorised repair centre.',
      tech: ['React', 'Firebase Authentication', 'R2', 'zod'],
    },
    {
      name: 'Inventory Dashboard',
      description:
        'An internal dashboard that tracks warehouse stock levels across product lines, flags items that are falling below reorder points and forecasts demand from past wholesale orders.',
      tech: ['React', 'Tailwind CSS', 'Cloudflare Workers', 'D1'],
    },
  ],
  stack: [
    { name: 'Cloudflare Workers', purpose: 'Serverless runtime that hosts the API and serves the web app at the edge' },
    { name: 'Hono', purpose: 'Lightweight web framework for the API routes and middleware' },
    {
      name: 'D1 + drizzle-orm',
      purpose: 'SQLite database for products, orders, reviews and users, with a typed query builder and migrations',
    },
    { name: 'R2', purpose: 'Object storage for product images and uploaded files' },
    { name: 'zod', purpose: 'Schema validation for request bodies, forms and environment configuration' },
    { name: 'jose', purpose: 'Verifying Firebase ID tokens and signing session JWTs' },
    { name: 'Stripe', purpose: 'Card payments through payment intents and webhooks' },
    { name: 'React 19', purpose: 'User interface library for the storefront and admin dashboard' },
    { name: 'TanStack Router', purpose: 'Type-safe, file-based routing with typed search params' },
    { name: 'TanStack Query', purpose: 'Server-state fetching, caching and cache invalidation' },
    { name: 'Firebase Authentication', purpose: 'Email/password and Google sign-in' },
    { name: 'Tailwind CSS', purpose: 'Utility-first styling and responsive layout' },
    { name: 'Vite', purpose: 'Development server and production build tooling' },
    { name: 'Vitest + workerd', purpose: 'Unit and integration tests running inside the real Workers runtime' },
    { name: 'Playwright', purpose: 'End-to-end browser tests of the main user flows' },
  ],
}
