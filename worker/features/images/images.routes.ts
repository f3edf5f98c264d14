import { Hono } from 'hono'
import type { AppEnv } from '../../env'
import { notFound } from '../../lib/errors'
import { IMAGE_KEY_PATTERN } from './images.service'

export const imagesRoutes = new Hono<AppEnv>().get('/:key', async (c) => {
  const key = c.req.param('key')
  if (!IMAGE_KEY_PATTERN.test(key)) throw notFound('No such image.')
  const ifNoneMatch = c.req.header('If-None-Match')
  const object = await c.env.IMAGES.get(key, ifNoneMatch ? { onlyIf: { etagDoesNotMatch: stripEtag(ifNoneMatch) } } : {})
  if (!object) throw notFound('No such image.')
  const headers = new Headers()
  object.writeHttpMetadata(headers)
  headers.set('ETag', object.httpEtag)
  // Keys are content hashes: an image under a key never changes.
  headers.set('Cache-Control', 'public, max-age=31536000, immutable')
  if (!('body' in object)) return new Response(null, { status: 304, headers })
  headers.set('Content-Length', String(object.size))
  return new Response(object.body, { headers })
})

const stripEtag = (value: string) => value.replace(/^W\//, '').replace(/"/g, '').trim()
