import type { Tool } from '#schemas/tool.ts'

/** The photo's width on screen: the page's left column from md (at most 1152 px wide), the whole width below. */
export const TOOL_PHOTO_SIZES = '(min-width: 1024px) 540px, (min-width: 768px) calc(50vw - 40px), calc(100vw - 32px)'

/** Orderable: at least the minimum order is in stock. */
export const inStock = (tool: Tool) => tool.quantity >= tool.Minimum_quantity && tool.quantity > 0
