// What the bench seeds, shared by bench/seed.ts (the data) and bench/run.mjs (the requests).

/** The customer the authenticated booking benchmark signs in as (inserted by bench/seed.ts). */
export const BENCH_USER = { id: 'bench-user-0000000000001', email: 'bench@example.com', name: 'Bench Customer' }

/** The bench customer's bookings, at both sizes: the scale figure then isolates the table size. */
export const SMALL_BOOKINGS_PER_BENCH_USER = 50

/** Totals of the scale phase (demo rows included). */
export const SCALE = { tools: 10_000, bookings: 50_000, reviews: 5_000, otherCustomers: 2_000 }

/** Page size of the paginated catalogue requests (the shop's list page asks for pages like this). */
export const PAGE_SIZE = 20

export const benchToolId = (i) => `bt${String(i).padStart(22, '0')}`

/** The admin the order desk benchmarks sign in as (inserted by bench/seed.ts). */
export const BENCH_ADMIN = { id: 'bench-admin-000000000001', email: 'bench-admin@example.com', name: 'Bench Admin' }

/** One customer name that appears once in the scale data: the order desk's search benchmark looks for it. */
export const BENCH_SEARCH = { customerName: 'Zubaida Qureshi', q: 'zubaida qur' }

/** The demo tool whose page Lighthouse and the page weight open, and whose API answer the cached reads ask for. */
export const BENCH_TOOL = 'drill-machine'
