import { Hono } from 'hono'
import { dhakaMonth } from '#schemas/dhaka-time.ts'
import { type VatRegister, VatRegisterQuerySchema, vatRegisterFileName } from '#schemas/vat-register.ts'
import type { AppEnv } from '#worker/env.ts'
import { requirePermission } from '#worker/lib/auth.ts'
import { getDb } from '#worker/lib/db.ts'
import { validate } from '#worker/lib/validator.ts'
import { vatRegister, vatRegisterCsv } from './vat.service'

/**
 * Routes under /api/admin/vat (mounted before the user routes' /admin/{email}): the month's VAT
 * sales register, as JSON or, with `format=csv`, as a CSV file to download.
 */
export const vatRoutes = new Hono<AppEnv>().get(
  '/',
  requirePermission('vat.read'),
  validate('query', VatRegisterQuerySchema),
  async (c) => {
    const { month = dhakaMonth(Date.now()), format } = c.req.valid('query')
    const register = await vatRegister(getDb(c.env), month)
    c.header('Cache-Control', 'private, no-store')
    if (format === 'csv') {
      return c.text(vatRegisterCsv(register), 200, {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="${vatRegisterFileName(month)}"`,
      })
    }
    return c.json<VatRegister>(register)
  },
)
