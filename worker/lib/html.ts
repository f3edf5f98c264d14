import type { HtmlEscapedString } from 'hono/utils/html'

/**
 * The text of a document built with hono/html's `html` template (which escapes what is
 * interpolated). `html` answers a Promise only when a Promise was interpolated; documents built
 * from plain values, as e-mails and receipts are, never are.
 * @throws TypeError when the document was built with a Promise in it.
 */
export function htmlText(doc: HtmlEscapedString | Promise<HtmlEscapedString>): string {
  if (doc instanceof Promise) throw new TypeError('An html template was given a Promise: await the value first.')
  return doc.toString()
}
