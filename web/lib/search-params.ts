// URL search params, parsed by hand: a route's validateSearch runs in the entry chunk, and
// zod there would add ~24 kB gzipped to every page. Bad or hand-edited values fall back to
// the defaults instead of failing the page.

/** Free text such as `?q=`, trimmed to 100 characters (the router parses `?q=123` as a number). */
export function searchText(value: unknown): string | undefined {
  if (typeof value !== 'string' && typeof value !== 'number') return undefined
  return String(value).trim().slice(0, 100) || undefined
}

/**
 * The highest page a list goes to: the API takes offsets up to 1,000,000, and no list pages by more
 * than 100, so a hand-edited `?page=83335` (or `1e300`) falls back to the first page instead of
 * failing the page with the API's 400.
 */
const MAX_PAGE = 10_000

/** A 1-based page number, at most {@link MAX_PAGE}. */
export function pageNumber(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= MAX_PAGE ? value : undefined
}

/** One of a fixed list of values. */
export function oneOf<T extends string>(options: readonly T[], value: unknown): T | undefined {
  return options.find((option) => option === value)
}

/** A path inside this shop (for `?redirect=`), never another site. */
export function localPath(value: unknown): string | undefined {
  return typeof value === 'string' && value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/\\')
    ? value
    : undefined
}

/** A slug such as `?category=hammer-drills`: `a–z`, `0–9`, single hyphens; anything else is none. */
export function slugText(value: unknown): string | undefined {
  return typeof value === 'string' && value.length <= 60 && /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(value) ? value : undefined
}
