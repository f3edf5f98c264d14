/**
 * Page sizes the public pages read as they load, alone: a tool page asks for its reviews a page at
 * a time, and its code loads before the page's `load`, so it must not bring zod with it (as
 * tool-review.ts, which re-exports them, would). Browser-safe: imports nothing.
 */

/** The page size of a tool's reviews on its page. */
export const TOOL_REVIEWS_PAGE = 5
