import { IMAGE_MESSAGES, IMAGE_TYPES, MAX_IMAGE_BYTES } from '#schemas/image.ts'
import type { UploadAnswer } from '#worker/features/images/images.routes.ts'
import type { ErrorBody } from '#worker/lib/errors.ts'
import { ApiRequestError, currentAccessToken, renewAccessToken } from './api'

/** What POST /api/images answers for a stored image: `url` is what tools, reviews and profiles keep. */
export type UploadedImage = UploadAnswer['data']

/** Declared types worth sending; the server still judges by the bytes, not the declared type. */
export const ACCEPTED_IMAGE_TYPES: readonly string[] = Object.values(IMAGE_TYPES)

/**
 * Checks a chosen file before any byte is sent: the 5 MB limit and the accepted types.
 * @returns the refusal as the server would give it, or undefined when the file may be uploaded.
 */
export function checkImageFile(file: File): ApiRequestError | undefined {
  if (file.size > MAX_IMAGE_BYTES) {
    return new ApiRequestError(413, 'PAYLOAD_TOO_LARGE', IMAGE_MESSAGES.tooLarge, {
      image: IMAGE_MESSAGES.tooLargeField,
    })
  }
  if (file.size === 0) return refusal(400, 'VALIDATION_FAILED', IMAGE_MESSAGES.empty)
  // An unknown type ('') is left to the server, which recognises images by their content.
  if (file.type === 'image/svg+xml') return refusal(415, 'UNSUPPORTED_MEDIA_TYPE', IMAGE_MESSAGES.svg)
  if (file.type && !ACCEPTED_IMAGE_TYPES.includes(file.type)) {
    return refusal(415, 'UNSUPPORTED_MEDIA_TYPE', IMAGE_MESSAGES.notAccepted)
  }
  return undefined
}

/** Refusals the same file would get again (too large, wrong type, unreadable) are not worth a retry. */
export const isRetriable = (error: ApiRequestError) =>
  error.status === 0 || error.status === 401 || error.status === 408 || error.status === 429 || error.status >= 500

const refusal = (status: number, code: string, message: string) =>
  new ApiRequestError(status, code, message, { image: message })

/**
 * Uploads one image to POST /api/images as multipart field `image`, reporting progress.
 *
 * NOTE: the single exception to "all calls through the typed client": Hono's client uses
 * fetch, and fetch cannot report upload progress, so this one call uses XMLHttpRequest.
 * It sends the same bearer token (localStorage 'accessToken') and turns refusals into the
 * same ApiRequestError that `unwrap` throws, and renews an expired token once, like the client.
 *
 * @param onProgress called with 0–100 as the bytes go out.
 * @param signal aborts the upload; the promise then rejects with an AbortError DOMException.
 */
export async function uploadImage(file: File, options: UploadOptions = {}): Promise<UploadedImage> {
  const early = checkImageFile(file)
  if (early) throw early
  try {
    return await sendOnce(file, options)
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 401 && (await renewAccessToken()))
      return sendOnce(file, options)
    throw error
  }
}

type UploadOptions = { onProgress?: (percent: number) => void; signal?: AbortSignal }

function sendOnce(file: File, { onProgress, signal }: UploadOptions): Promise<UploadedImage> {
  return new Promise<UploadedImage>((resolve, reject) => {
    if (signal?.aborted) return reject(new DOMException('The upload was cancelled.', 'AbortError'))
    const xhr = new XMLHttpRequest()
    xhr.open('POST', '/api/images')
    const token = currentAccessToken()
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`)

    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0)
        onProgress?.(Math.min(100, Math.round((event.loaded / event.total) * 100)))
    }
    xhr.onload = () => {
      const body = parseJson(xhr.responseText)
      if (xhr.status >= 200 && xhr.status < 300 && isUploadAnswer(body)) {
        onProgress?.(100)
        return resolve(body.data)
      }
      const error = (body as ErrorBody | undefined)?.error
      reject(
        new ApiRequestError(
          xhr.status,
          error?.code ?? 'UNKNOWN',
          error?.message ?? `The server answered ${xhr.status}.`,
          error?.fields ?? {},
        ),
      )
    }
    xhr.onerror = () =>
      reject(
        new ApiRequestError(0, 'NETWORK', 'The upload did not reach the server. Check your connection and try again.'),
      )
    xhr.ontimeout = () => reject(new ApiRequestError(0, 'TIMEOUT', 'The upload took too long. Please try again.'))
    xhr.onabort = () => reject(new DOMException('The upload was cancelled.', 'AbortError'))
    signal?.addEventListener('abort', () => xhr.abort(), { once: true })

    const form = new FormData()
    form.append('image', file)
    xhr.timeout = 120_000
    xhr.send(form)
  })
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

function isUploadAnswer(body: unknown): body is UploadAnswer {
  const data = (body as UploadAnswer | undefined)?.data
  return (body as UploadAnswer | undefined)?.success === true && typeof data?.url === 'string'
}
