/** The sort orders of GET /api/service. Kept free of zod: the web app's entry chunk imports it. */
export const TOOL_SORTS = ['newest', 'price', '-price', 'name'] as const
export type ToolSort = (typeof TOOL_SORTS)[number]
