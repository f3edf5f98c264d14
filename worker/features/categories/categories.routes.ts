import { Hono } from 'hono'
import type { Deleted, Inserted, Modified } from '#schemas/ack.ts'
import { CategoryInputSchema, CategoryPatchSchema } from '#schemas/category.ts'
import { z } from '#schemas/zod.ts'
import type { AppEnv } from '#worker/env.ts'
import { requireAdmin } from '#worker/lib/auth.ts'
import { getDb } from '#worker/lib/db.ts'
import { cachePublicRoute, invalidatePublic } from '#worker/lib/edge-cache.ts'
import { validate } from '#worker/lib/validator.ts'
import { recordAudit } from '../audit/audit.service'
import { createCategory, deleteCategory, getCategory, listCategories, updateCategory } from './categories.service'

const IdParam = z.object({ id: z.string().min(1).max(64) })

/** The catalogue's categories (api.md "Catalogue"): anyone reads them with their counts; admins change them. */
export const categoriesRoutes = new Hono<AppEnv>()
  // The counts change with every tool created, moved or deleted: kept with the catalogue.
  .get('/', (c) => cachePublicRoute(c, async () => c.json(await listCategories(getDb(c.env))), { tags: ['catalogue'] }))
  .post('/', requireAdmin, validate('json', CategoryInputSchema), async (c) => {
    const input = c.req.valid('json')
    const db = getDb(c.env)
    const { id, slug } = await createCategory(db, input)
    await invalidatePublic(c.var.config, ['catalogue'])
    const parent = input.parentId ? await getCategory(db, input.parentId) : undefined
    await recordAudit(db, {
      actor: c.var.user.email,
      action: 'category.create',
      target: id,
      detail: `added ${input.name} (${slug})${parent ? ` inside ${parent.name}` : ''}`,
    })
    return c.json<Inserted, 201>({ acknowledged: true, insertedId: id }, 201)
  })
  .patch('/:id', requireAdmin, validate('param', IdParam), validate('json', CategoryPatchSchema), async (c) => {
    const { id } = c.req.valid('param')
    const patch = c.req.valid('json')
    const db = getDb(c.env)
    const before = await getCategory(db, id)
    const modifiedCount = await updateCategory(db, id, patch)
    if (modifiedCount) {
      await invalidatePublic(c.var.config, ['catalogue'])
      const parent = patch.parentId ? await getCategory(db, patch.parentId) : undefined
      const changes = [
        patch.name !== undefined && patch.name !== before?.name ? `name → ${patch.name}` : '',
        patch.slug !== undefined && patch.slug !== before?.slug ? `slug → ${patch.slug}` : '',
        patch.parentId !== undefined && patch.parentId !== before?.parentId
          ? `moved ${parent ? `inside ${parent.name}` : 'to the top level'}`
          : '',
      ]
      await recordAudit(db, {
        actor: c.var.user.email,
        action: 'category.update',
        target: id,
        detail: changes.filter(Boolean).join(', '),
      })
    }
    return c.json<Modified>({ acknowledged: true, modifiedCount })
  })
  .delete('/:id', requireAdmin, validate('param', IdParam), async (c) => {
    const { id } = c.req.valid('param')
    const db = getDb(c.env)
    const deleted = await deleteCategory(db, id)
    await invalidatePublic(c.var.config, ['catalogue'])
    await recordAudit(db, {
      actor: c.var.user.email,
      action: 'category.delete',
      target: id,
      detail: `deleted ${deleted.name} (${deleted.slug})`,
    })
    return c.json<Deleted>({ acknowledged: true, deletedCount: 1 })
  })
