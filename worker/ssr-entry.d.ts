/**
 * `#ssr` (package.json "imports"): the server build of the web app, build/server/entry-server.js,
 * made by `npm run build` from web/entry-server.tsx. These are its types, kept here so the Worker
 * type-checks without a build.
 */
export type FetchApi = (request: Request) => Promise<Response>
/** Names this build (its entry script's content hash): pages kept at the edge are keyed by it. */
export declare const buildId: string
export declare function render(input: { request: Request; fetchApi: FetchApi }): Promise<Response>
/** The page's address with only the search parameters its routes declare, in a fixed order. */
export declare function pageAddress(url: string): string
