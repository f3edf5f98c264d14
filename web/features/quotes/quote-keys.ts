/**
 * The query key under which every quote query lives. Apart, so the Request a quote button of the
 * public tool page invalidates them without loading the API client with the page.
 */
export const QUOTES_KEY = ['quotes'] as const
