// What the bench seeds, shared by bench/seed.ts (the data) and bench/run.mjs (the requests).

/** The customer the authenticated order benchmark signs in as (inserted by bench/seed.ts). */
export const BENCH_USER = { id: 'bench-user-0000000000001', email: 'bench@example.com', name: 'Bench Customer' }

/** The bench customer's orders, at both sizes: the scale figure then isolates the table size. */
export const SMALL_ORDERS_PER_BENCH_USER = 50

/** Totals of the scale phase (demo rows and the cart's tools included). */
export const SCALE = { tools: 10_000, orders: 50_000, reviews: 5_000, otherCustomers: 2_000 }

/** Quotes seeded for the quotes desk (1 to 3 lines each): the scale figure compares 10,000 with a few. */
export const QUOTES = { small: 20, scale: 10_000 }

/** Lines per seeded order: 1 to this many, evenly (about 3 on average: ~150,000 lines at scale). */
export const MAX_LINES_PER_ORDER = 5

/**
 * The bench customer's cart, at both sizes: `lines` tools of the bench's own (`cartToolId`),
 * `quantity` of each, with `stock` each so that the checkout row can place order after order.
 */
export const BENCH_CART = { lines: 10, quantity: 2, stock: 10_000_000 }

export const cartToolId = (i) => `bc${String(i).padStart(22, '0')}`

/**
 * The delivery of the checkout rows (`POST /api/checkout/preview` and `POST /api/checkout`).
 * @type {{ method: 'courier', address: { name: string, phone: string, line1: string, district: 'Dhaka' } }}
 */
export const BENCH_DELIVERY = {
  method: 'courier',
  address: { name: 'Bench Customer', phone: '01712345678', line1: 'House 1, Road 2, Tejgaon', district: 'Dhaka' },
}

/** Page size of the paginated catalogue requests (the shop's list page asks for pages like this). */
export const PAGE_SIZE = 20

export const benchToolId = (i) => `bt${String(i).padStart(22, '0')}`

/** The admin the order desk benchmarks sign in as (inserted by bench/seed.ts). */
export const BENCH_ADMIN = { id: 'bench-admin-000000000001', email: 'bench-admin@example.com', name: 'Bench Admin' }

/** One customer name that appears once in the scale data: the order desk's search benchmark looks for it. */
export const BENCH_SEARCH = { customerName: 'Zubaida Qureshi', q: 'zubaida qur' }

/**
 * A demo tool's name the order desk's search by tool looks for: only the bench customer's orders
 * hold demo tools (no bench tool's name contains it), so it finds the same orders at both sizes.
 */
export const BENCH_TOOL_SEARCH = { name: 'Heat Gun', q: 'heat gun' }

/** The demo tool whose page Lighthouse and the page weight open, and whose API answer the cached reads ask for. */
export const BENCH_TOOL = 'drill-machine'
