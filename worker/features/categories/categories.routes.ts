import { Hono } from 'hono'
import type { Deleted, Inserted, Modified } from '#schemas/ack.ts'
import { CategoryInputSchema, CategoryPatchSchema } from '#schemas/category.ts'
import { z } from '#schemas/zod.ts'
import type { AppEnv } from '#worker/env.ts'
import { requirePermission } from '#worker/lib/auth.ts'
import { getDb } from '#worker/lib/db.ts'
import { cachePublicRoute, invalidatePublic } from '#worker/lib/edge-cache.ts'
import { validate } from '#worker/lib/validator.ts'
import { createCategory, deleteCategory, listCategories, updateCategory } from './categories.service'

const IdParam = z.object({ id: z.string().min(1).max(64) })

/** The catalogue's categories (api.md "Catalogue"): anyone reads them with their counts; admins change them. */
export const categoriesRoutes = new Hono<AppEnv>()
  // The counts change with every tool created, moved or deleted: kept with the catalogue.
  .get('/', (c) => cachePublicRoute(c, async () => c.json(await listCategories(getDb(c.env))), { tags: ['catalogue'] }))
  .post('/', requirePermission('catalogue.edit'), validate('json', CategoryInputSchema), async (c) => {
    const id = await createCategory(getDb(c.env), c.req.valid('json'), c.var.user.email)
    await invalidatePublic(c.var.config, ['catalogue'])
    return c.json<Inserted, 201>({ acknowledged: true, insertedId: id }, 201)
  })
  .patch(
    '/:id',
    requirePermission('catalogue.edit'),
    validate('param', IdParam),
    validate('json', CategoryPatchSchema),
    async (c) => {
      const { id } = c.req.valid('param')
      const modifiedCount = await updateCategory(getDb(c.env), id, c.req.valid('json'), c.var.user.email)
      if (modifiedCount) await invalidatePublic(c.var.config, ['catalogue'])
      return c.json<Modified>({ acknowledged: true, modifiedCount })
    },
  )
  .delete('/:id', requirePermission('catalogue.edit'), validate('param', IdParam), async (c) => {
    const { id } = c.req.valid('param')
    await deleteCategory(getDb(c.env), id, c.var.user.email)
    await invalidatePublic(c.var.config, ['catalogue'])
    return c.json<Deleted>({ acknowledged: true, deletedCount: 1 })
  })
