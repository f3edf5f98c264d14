import { Hono } from 'hono'
import type { AppEnv } from '../../env'
import { getDb } from '../../lib/db'
import { listReviews } from './reviews.service'

export const reviewsRoutes = new Hono<AppEnv>().get('/', async (c) => {
  c.header('Cache-Control', 'no-cache')
  return c.json(await listReviews(getDb(c.env)))
})
