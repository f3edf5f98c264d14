import { HTTPException } from 'hono/http-exception'
import type { ContentfulStatusCode } from 'hono/utils/http-status'

export type ErrorCode =
  | 'VALIDATION_FAILED'
  | 'UNAUTHENTICATED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'PAYMENT_FAILED'
  | 'PAYLOAD_TOO_LARGE'
  | 'UNSUPPORTED_MEDIA_TYPE'
  | 'RATE_LIMITED'
  | 'PROVIDER_FAILED'
  | 'NOT_CONFIGURED'
  | 'BUSY'
  | 'INVALID_TRANSITION'
  | 'EMAIL_NOT_VERIFIED'
  | 'ACCOUNT_REMOVED'
  | 'TOO_MANY_UNPAID'
  | 'TOO_MUCH_UNPAID'
  | 'TOTAL_CHANGED'
  | 'STOCK_CHANGED'
  | 'CART_FULL'
  // Payment methods (api.md "Payment methods").
  | 'WRONG_PAYMENT_METHOD'
  | 'REFERENCE_USED'
  | 'TOO_MANY_QUOTES'
  | 'THREAD_FULL'
  | 'TOOL_WITHDRAWN'
  | 'NOT_A_BUYER'
  | 'ALREADY_REVIEWED'
  // Staff (contract/operations.md "General").
  | 'OWNER_PROTECTED'
  | 'OWN_ROLES'
  | 'REAUTH_REQUIRED'
  | 'INTERNAL'

export type ErrorBody = { error: { code: ErrorCode; message: string; fields?: Record<string, string> } }

/** The one error type handlers throw; `onError` turns it into the contract's error shape. */
export class ApiError extends HTTPException {
  constructor(
    status: ContentfulStatusCode,
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
    readonly headers?: Record<string, string>,
  ) {
    super(status, { message })
  }

  toBody(): ErrorBody {
    return { error: { code: this.code, message: this.message, ...(this.fields ? { fields: this.fields } : {}) } }
  }
}

export const badRequest = (message: string, fields?: Record<string, string>) =>
  new ApiError(400, 'VALIDATION_FAILED', message, fields)
export const unauthenticated = (message = 'Please sign in again.') => new ApiError(401, 'UNAUTHENTICATED', message)
export const forbidden = (message = 'You are not allowed to do that.') => new ApiError(403, 'FORBIDDEN', message)
export const notFound = (message = 'Not found.') => new ApiError(404, 'NOT_FOUND', message)
export const conflict = (message: string, fields?: Record<string, string>) =>
  new ApiError(409, 'CONFLICT', message, fields)
