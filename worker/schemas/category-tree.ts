// Categories without zod: the /service page and the tool page import these, and zod stays out of
// their chunks (the forms' schemas are in category.ts).

/** A category as `GET /api/category` answers it; `count` is the tools in it and in its children. */
export type Category = { _id: string; name: string; slug: string; parentId: string | null; count: number }

export const CATEGORY_NAME_MAX = 60
export const CATEGORY_SLUG_MAX = 60

/** `a–z`, `0–9` and single hyphens between them ("sds-drills"). */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/

/**
 * The slug a name gets when none is sent: lower case, accents dropped, every run of other
 * characters one hyphen ("Drills & Drivers" → "drills-drivers"). Empty for a name with no
 * Latin letter or digit (the API then asks for a slug).
 */
export const slugify = (name: string) =>
  name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, CATEGORY_SLUG_MAX)
    .replace(/-+$/, '')

/**
 * The categories in the order lists show them: each top-level category by name, followed by
 * its children by name.
 */
export function treeOrder(list: Category[]): Category[] {
  const byName = (a: Category, b: Category) => a.name.localeCompare(b.name, 'en') || a._id.localeCompare(b._id)
  const top = list.filter((c) => c.parentId === null).sort(byName)
  return top.flatMap((parent) => [parent, ...list.filter((c) => c.parentId === parent._id).sort(byName)])
}

/** The path of a category, its parent first: `[parent, child]` or `[category]`; [] for an unknown id. */
export function categoryPath(list: Category[], id: string | null | undefined): Category[] {
  const category = id ? list.find((c) => c._id === id) : undefined
  if (!category) return []
  const parent = category.parentId ? list.find((c) => c._id === category.parentId) : undefined
  return parent ? [parent, category] : [category]
}
