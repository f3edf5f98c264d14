import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { call } from '#worker/test/helpers.ts'
import { makeTool } from '#worker/test/order-fixtures.ts'

/** Changes a tool's stock behind the API's back: a kept page goes on showing the old figure. */
const sneakStock = (id: string, quantity: number) =>
  env.DB.prepare('update tools set quantity = ? where id = ?').bind(quantity, id).run()

const html = async (path: string) => (await call('GET', path)).text()

/** The stock a page carries, as its data reads it (`quantity:N,`): a bare number could be in a timestamp. */
const stock = (n: number) => `quantity:${n},`

describe('pages kept at the edge are keyed by the search their routes declare', () => {
  it('serves the kept page for search parameters no route declares (?r=…, utm_*), and renders none of them', async () => {
    const tool = await makeTool({ name: 'Page Key Drill', pricePaisa: 250_000, quantity: 400, min: 1 })
    const path = `/service/${tool.id}`
    expect(await html(path)).toContain(stock(400))
    await sneakStock(tool.id, 377)
    for (const extra of [
      '?r=noise1',
      `?r=noise${crypto.randomUUID()}`,
      '?utm_source=ads&utm_medium=cpc',
      '?q=drill&page=2',
    ]) {
      const page = await html(`${path}${extra}`)
      expect(page, extra).toContain(stock(400))
      expect(page, extra).not.toContain(stock(377))
      expect(page, extra).not.toMatch(/utm_source|noise/)
    }
  })

  it('keeps a page per declared value, and one for all the ways of writing it', async () => {
    const tool = await makeTool({ name: 'Page Key Saw', pricePaisa: 180_000, quantity: 500, min: 1 })
    const sorted = '/service?sort=newest&q=Page%20Key%20Saw'
    expect(await html(sorted)).toContain('Page Key Saw')
    await sneakStock(tool.id, 444)
    // The same declared search in another order, with noise and a page the route throws away: kept.
    for (const same of [
      '/service?q=Page%20Key%20Saw&sort=newest',
      '/service?q=Page%20Key%20Saw&r=9&sort=newest',
      '/service?sort=newest&q=Page%20Key%20Saw&page=0',
    ]) {
      expect(await html(same), same).not.toContain(stock(444))
    }
    // Another declared value is another page: rendered now, with the new stock.
    expect(await html('/service?q=Page%20Key%20Saw&sort=oldest')).toContain(stock(444))
  })
})
