import { and, count, eq, ne, type SQL, sql } from 'drizzle-orm'
import type { CategoryInput, CategoryPatch } from '#schemas/category.ts'
import { type Category, slugify, treeOrder } from '#schemas/category-tree.ts'
import { categories, tools } from '#worker/db/schema.ts'
import { type Db, newId } from '#worker/lib/db.ts'
import { badRequest, conflict, notFound } from '#worker/lib/errors.ts'
import { CHANGED_ONE_ROW, queryPart, returnedRow, runBatch } from '#worker/lib/guarded.ts'
import { auditStatement } from '../audit/audit.service'

type CategoryRow = typeof categories.$inferSelect

/**
 * Every category with its count (the tools in it and in its children), top-level categories by
 * name, each followed by its children by name.
 */
export async function listCategories(db: Db): Promise<Category[]> {
  const rows = await db
    .select({
      id: categories.id,
      name: categories.name,
      slug: categories.slug,
      parentId: categories.parentId,
      // Read from tools_category_idx alone. NOTE: the outer column is named in full: drizzle
      // renders ${categories.id} as a bare "id", which inside the subquery is the tool's.
      own: sql<number>`(select count(*) from ${tools} as t where t.category_id = ${categories}.id)`,
    })
    .from(categories)
  const own = new Map(rows.map((r) => [r.id, r.own]))
  const childCount = new Map<string, number>()
  for (const r of rows) if (r.parentId) childCount.set(r.parentId, (childCount.get(r.parentId) ?? 0) + r.own)
  return treeOrder(
    rows.map((r) => ({
      _id: r.id,
      name: r.name,
      slug: r.slug,
      parentId: r.parentId,
      count: (own.get(r.id) ?? 0) + (childCount.get(r.id) ?? 0),
    })),
  )
}

export const getCategory = (db: Db, id: string): Promise<CategoryRow | undefined> =>
  db.select().from(categories).where(eq(categories.id, id)).get()

const categoryNotFound = () => notFound('No such category.')

const unknownCategory = (field: 'parentId' | 'categoryId') => {
  const message = 'No category has that id'
  return badRequest(message, { [field]: message })
}

const slugTaken = (slug: string) => {
  const message = `Another category has the slug ${slug}`
  return conflict(message, { slug: message })
}

const tooDeep = (parent: CategoryRow) => {
  const message = `Categories are two levels deep at most: ${parent.name} is already inside another category`
  return badRequest(message, { parentId: message })
}

/** SQL: no category but `id` (if given) has this slug. */
const slugFree = (slug: string, id?: string): SQL =>
  sql`not exists (select 1 from ${categories} as other where other.slug = ${slug}${id ? sql` and other.id <> ${id}` : sql``})`

/** SQL: `parentId` is a top-level category. */
const topLevel = (parentId: string): SQL =>
  sql`exists (select 1 from ${categories} as parent where parent.id = ${parentId} and parent.parent_id is null)`

/** SQL: the category `id` has no children. */
const childless = (id: string): SQL =>
  sql`not exists (select 1 from ${categories} as child where child.parent_id = ${id})`

/**
 * Checks a parent for a category (a new one, or `self` being moved): it exists, is top-level, is not
 * the category itself, and the category has no children of its own (or it would make a third level).
 * @returns the parent. @throws 400 naming `parentId`.
 */
async function assertParent(db: Db, parentId: string, self?: CategoryRow): Promise<CategoryRow> {
  if (self && parentId === self.id) {
    const message = 'A category cannot be inside itself'
    throw badRequest(message, { parentId: message })
  }
  const parent = await getCategory(db, parentId)
  if (!parent) throw unknownCategory('parentId')
  if (parent.parentId !== null) throw tooDeep(parent)
  if (self) {
    const child = await db.select({ id: categories.id }).from(categories).where(eq(categories.parentId, self.id)).get()
    if (child) {
      const message = `${self.name} has categories inside it, so it stays at the top level`
      throw badRequest(message, { parentId: message })
    }
  }
  return parent
}

async function assertSlugFree(db: Db, slug: string, id?: string): Promise<void> {
  const other = await db
    .select({ id: categories.id })
    .from(categories)
    .where(and(eq(categories.slug, slug), id ? ne(categories.id, id) : undefined))
    .get()
  if (other) throw slugTaken(slug)
}

/** A slug sent, or the one the name makes. @throws 400 when the name makes none. */
function slugFor(input: { name: string; slug?: string | undefined }): string {
  if (input.slug) return input.slug
  const made = slugify(input.name)
  if (made) return made
  const message = 'Give this category a slug (a–z, 0–9, hyphens): its name has none of those characters'
  throw badRequest(message, { slug: message })
}

/**
 * Adds a category, for the admin `by`: top-level, or inside a top-level one. The rules are
 * checked first for the message, and again in the INSERT itself, so two admins at once cannot
 * make a third level or a twin slug. Audited (`category.create`) in the same batch.
 * @returns the new id. @throws 400 (parent), 409 (slug taken).
 */
export async function createCategory(db: Db, input: CategoryInput, by: string): Promise<string> {
  const slug = slugFor(input)
  const parentId = input.parentId ?? null
  const parent = parentId ? await assertParent(db, parentId) : undefined
  await assertSlugFree(db, slug)
  const id = newId()
  const [inserted] = await runBatch(db, [
    queryPart(
      db.run(sql`
        insert into ${categories} (id, name, slug, parent_id)
        select ${id}, ${input.name}, ${slug}, ${parentId}
        where ${slugFree(slug)} and ${parentId ? topLevel(parentId) : sql`1`}
        returning id`),
    ),
    auditStatement(
      db,
      {
        actor: by,
        action: 'category.create',
        target: id,
        detail: `added ${input.name} (${slug})${parent ? ` inside ${parent.name}` : ''}`,
      },
      CHANGED_ONE_ROW,
    ),
  ])
  if (!returnedRow(inserted)) {
    // Another admin got there between the checks and the write: say which rule it broke.
    if (parentId) await assertParent(db, parentId)
    await assertSlugFree(db, slug)
    throw conflict('The categories changed meanwhile. Please try again.')
  }
  return id
}

/**
 * Renames (`name`, `slug`) or moves (`parentId`; null for the top level) a category, for the
 * admin `by`. The search index follows by trigger: its tools' category words change with it.
 * Audited (`category.update`, naming what changed) in the same batch.
 * @returns modifiedCount: 0 when every value sent equals the stored one (nothing is audited).
 * @throws 404 no such category; 400 a third level or an unknown parent; 409 slug taken.
 */
export async function updateCategory(db: Db, id: string, patch: CategoryPatch, by: string): Promise<number> {
  const row = await getCategory(db, id)
  if (!row) throw categoryNotFound()
  const values: Partial<Pick<CategoryRow, 'name' | 'slug' | 'parentId'>> = {}
  if (patch.name !== undefined && patch.name !== row.name) values.name = patch.name
  if (patch.slug !== undefined && patch.slug !== row.slug) values.slug = patch.slug
  if (patch.parentId !== undefined && patch.parentId !== row.parentId) values.parentId = patch.parentId
  if (Object.keys(values).length === 0) return 0

  const parent = values.parentId ? await assertParent(db, values.parentId, row) : undefined
  if (values.slug) await assertSlugFree(db, values.slug, id)
  const detail = [
    values.name !== undefined ? `name → ${values.name}` : '',
    values.slug !== undefined ? `slug → ${values.slug}` : '',
    values.parentId !== undefined ? `moved ${parent ? `inside ${parent.name}` : 'to the top level'}` : '',
  ]
  const [updated] = await runBatch(db, [
    queryPart(
      db
        .update(categories)
        .set(values)
        .where(
          and(
            eq(categories.id, id),
            values.slug ? slugFree(values.slug, id) : undefined,
            values.parentId ? and(topLevel(values.parentId), childless(id)) : undefined,
          ),
        )
        .returning({ id: categories.id }),
    ),
    auditStatement(
      db,
      { actor: by, action: 'category.update', target: id, detail: detail.filter(Boolean).join(', ') },
      CHANGED_ONE_ROW,
    ),
  ])
  if (returnedRow(updated)) return 1
  const now = await getCategory(db, id)
  if (!now) throw categoryNotFound()
  if (values.parentId) await assertParent(db, values.parentId, now)
  if (values.slug) await assertSlugFree(db, values.slug, id)
  throw conflict('The categories changed meanwhile. Please try again.')
}

/**
 * Deletes a category that holds no tools and no categories (checked in the DELETE itself), for
 * the admin `by`; audited (`category.delete`, with its name and slug) in the same batch.
 * @throws 404 no such category; 409 not empty.
 */
export async function deleteCategory(db: Db, id: string, by: string): Promise<void> {
  const row = await getCategory(db, id)
  if (!row) throw categoryNotFound()
  const [deleted] = await runBatch(db, [
    queryPart(
      db
        .delete(categories)
        .where(
          and(
            eq(categories.id, id),
            sql`not exists (select 1 from ${tools} where ${tools.categoryId} = ${id})`,
            childless(id),
          ),
        )
        .returning({ id: categories.id }),
    ),
    auditStatement(
      db,
      { actor: by, action: 'category.delete', target: id, detail: `deleted ${row.name} (${row.slug})` },
      CHANGED_ONE_ROW,
    ),
  ])
  if (returnedRow(deleted)) return
  if (!(await getCategory(db, id))) throw categoryNotFound()
  const [[held], [children]] = await db.batch([
    db.select({ n: count() }).from(tools).where(eq(tools.categoryId, id)),
    db.select({ n: count() }).from(categories).where(eq(categories.parentId, id)),
  ])
  const parts = [
    held?.n ? `${held.n} ${held.n === 1 ? 'tool' : 'tools'}` : '',
    children?.n ? `${children.n} ${children.n === 1 ? 'category' : 'categories'}` : '',
  ].filter(Boolean)
  if (parts.length === 0) throw conflict('The categories changed meanwhile. Please try again.')
  throw conflict(`${row.name} still holds ${parts.join(' and ')}: move or delete them first.`)
}

/** @throws 400 (`categoryId`) when no category has this id. */
export async function assertCategoryExists(db: Db, id: string): Promise<void> {
  if (!(await getCategory(db, id))) throw unknownCategory('categoryId')
}

/** SQL: the tool's category is `id`'s (for a guarded write that assigns it). */
export const categoryExists = (id: string): SQL =>
  sql`exists (select 1 from ${categories} where ${categories.id} = ${id})`

/** SQL: the tool is in the category with this slug or in one of its children. */
export const inCategory = (slug: string): SQL =>
  sql`${tools.categoryId} in (select ${categories.id} from ${categories} where ${categories.slug} = ${slug}
    union all select child.id from ${categories} as child join ${categories} as parent on child.parent_id = parent.id
    where parent.slug = ${slug})`
