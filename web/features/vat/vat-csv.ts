import { vatRegisterFileName } from '#schemas/vat-register.ts'
import { api, unwrap } from '#web/lib/api.ts'

/**
 * Downloads the VAT register of `month` as CSV. The answer needs the admin's token, so a plain
 * link cannot fetch it: the typed client does (with the session, renewing it once on a 401), and
 * the file is saved from the answer's bytes.
 * @throws ApiRequestError with the server's message when the API refuses.
 */
export async function downloadVatCsv(month: string): Promise<void> {
  const res = await api.admin.vat.$get({ query: { month, format: 'csv' } })
  if (!res.ok) await unwrap(res)
  const url = URL.createObjectURL(await res.blob())
  const link = document.createElement('a')
  link.href = url
  link.download = vatRegisterFileName(month)
  document.body.appendChild(link)
  link.click()
  link.remove()
  // After the click has handed the file to the browser's download.
  setTimeout(() => URL.revokeObjectURL(url), 0)
}
