/** Rows per page in the admin lists. */
export const DESK_PAGE_SIZE = 20

/** The `limit` and `offset` of a page (1 first) of an admin list. */
export const deskPage = (page = 1) => ({
  limit: String(DESK_PAGE_SIZE),
  offset: String((page - 1) * DESK_PAGE_SIZE),
})

/**
 * The key the admin's views of orders live under, in each resource's factory: the order desk,
 * the overview, the audit log, the outbox, the VAT register and what deleting a tool would touch.
 * A change any of them shows invalidates them all by it.
 */
export const DESK_KEY = ['desk'] as const
