import { toolQueries } from '#web/features/tools/tools-queries.ts'

/** Spec section 9: the home page shows the first 5 tools. */
export const HOME_TOOL_COUNT = 5
export const homeTools = () => toolQueries.list({ limit: HOME_TOOL_COUNT, offset: 0 })

/** The tools the home page features. */
export const NEWEST_TOOL_ID = 'electric-saw'
export const MOST_SOLD_TOOL_ID = 'drill-machine'
