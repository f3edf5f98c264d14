import { Hono } from 'hono'
import { type Cart, CartMergeInputSchema, CartQuantityInputSchema, CartToolParamSchema } from '#schemas/cart.ts'
import type { AppEnv } from '#worker/env.ts'
import { authenticateAlong, requireAccessToken, requireUser } from '#worker/lib/auth.ts'
import { getDb } from '#worker/lib/db.ts'
import { validate } from '#worker/lib/validator.ts'
import { depsOf, releaseExpiredHolds } from '../orders/orders.service'
import { cartQuery, mergeLines, removeLine, setLineQuantity, toCart } from './cart.service'

// NOTE: the cart checks (and shows) the stock free now: holds that ran out are ended first, as the
// checkout ends them (orders.service.ts, releaseExpiredHolds), not left for the sweep.

// Any signed-in user's own cart (no verified e-mail needed: api.md). Every answer is the cart, and
// private (the app's last middleware marks it `private, no-store`, as every answer behind a token).

/** Routes under /api/cart. */
export const cartRoutes = new Hono<AppEnv>()
  // The account and the cart in one D1 round trip: the cart is the token's own, so nothing is
  // shown before the account is known to be there.
  .get('/', requireAccessToken, async (c) => {
    const db = getDb(c.env)
    const rows = await authenticateAlong(c, cartQuery(db, c.var.session!.email))
    return c.json<Cart>(toCart(rows))
  })
  // A visitor's browser cart joins the user's at sign-in.
  .post('/merge', requireUser, validate('json', CartMergeInputSchema), async (c) => {
    const { lines } = c.req.valid('json')
    await releaseExpiredHolds(
      depsOf(c),
      lines.map((l) => l.serviceId),
    )
    return c.json<Cart>(await mergeLines(getDb(c.env), c.var.user.email, lines))
  })
  .put(
    '/:serviceId',
    requireUser,
    validate('param', CartToolParamSchema),
    validate('json', CartQuantityInputSchema),
    async (c) => {
      const { serviceId } = c.req.valid('param')
      const { quantity } = c.req.valid('json')
      await releaseExpiredHolds(depsOf(c), [serviceId])
      return c.json<Cart>(await setLineQuantity(getDb(c.env), c.var.user.email, { serviceId, quantity }))
    },
  )
  .delete('/:serviceId', requireUser, validate('param', CartToolParamSchema), async (c) => {
    const { serviceId } = c.req.valid('param')
    return c.json<Cart>(await removeLine(getDb(c.env), c.var.user.email, serviceId))
  })
