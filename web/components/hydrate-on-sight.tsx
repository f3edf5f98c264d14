import { type ComponentType, lazy, memo, type ReactNode, Suspense, use, useLayoutEffect, useState } from 'react'
import { whenPageSettled } from '#web/lib/use-page-settled.ts'

/**
 * A below-the-fold section that arrives in the server's HTML but whose code the browser fetches
 * and runs only when the visitor scrolls near it: until then React leaves the server's HTML in
 * place (a dehydrated Suspense boundary), so the page reads, links and scrolls as rendered, and
 * the first load runs only what the first screen needs. On a page the browser renders itself (a
 * client-side navigation) the section renders at once, its code loading like any lazy component.
 *
 * The server renders the section whole, so its code must be there first: a route's loader awaits
 * `Section.preload()` (in the browser too: a page the browser renders arrives whole).
 * @param load the component, imported lazily: `() => import('./stats').then((m) => m.Stats)`.
 * @returns a component taking the section's props and an `id` for its wrapper element.
 */
export function hydrateOnSight<P extends object>(load: () => Promise<ComponentType<P>>) {
  return island(load, onSight)
}

/**
 * Like {@link hydrateOnSight}, for a control always in sight (the navbar's search): the browser
 * fetches and runs its code when the visitor first points at, touches or focuses it. React keeps
 * the server's elements, so the focus and what was typed meanwhile stay.
 */
export function hydrateOnInteraction<P extends object>(load: () => Promise<ComponentType<P>>) {
  return island(load, onInteraction)
}

function island<P extends object>(load: () => Promise<ComponentType<P>>, wake: (element: Element) => Promise<void>) {
  let loaded: ComponentType<P> | undefined
  const Lazy = lazy(async () => ({ default: (loaded ??= await load()) }))
  // biome-ignore lint/correctness/noComponentHookFactories: a factory by design, called once per section at module level
  function Island({ id, ...props }: P & { id: string }) {
    // Chosen once per mount, so it never changes under React: the server renders the loaded
    // component itself (renderToString cannot wait for a lazy one), and so does the browser when
    // its code is already there (a later visit: the route's loader preloads it), so the page
    // arrives whole and a link to one of its anchors finds it; hydration goes through Lazy.
    const [Section] = useState(() => (loaded && !serverHtmlAwaits(id) ? loaded : Lazy))
    // NOTE: data-server marks the server's HTML (the browser never renders it): only that waits
    // for sight. Hydration keeps the attribute; a section the browser renders has none.
    return (
      <div id={id} data-server={typeof document === 'undefined' ? '' : undefined} suppressHydrationWarning>
        <Suspense fallback={null}>
          <WaitForSight id={id} wake={wake}>
            <Section {...(props as unknown as P)} />
            <MarkLive id={id} />
          </WaitForSight>
        </Suspense>
      </div>
    )
  }
  // NOTE: memo: a parent that renders again (the navbar, as the session loads) must not pass the
  // waiting server HTML an update, which would make React drop it and render the fallback.
  return Object.assign(memo(Island), {
    /** Loads the section's code (the server awaits it before rendering). */
    preload: async () => {
      loaded ??= await load()
    },
  })
}

/**
 * How near the viewport (in px) a section's code starts loading, once the page has settled. While
 * it loads, only a section in view wakes: one just below a phone's first screen would otherwise
 * be fetched and hydrated with the page, before its first paint (Lighthouse: 91 → 95 on `/`).
 */
const MARGIN = '300px'

/**
 * Marks a section whose content React has committed (hydrated, or rendered in the browser) with
 * `data-live`: what a test waits for before it clicks inside a section.
 */
function MarkLive({ id }: { id: string }) {
  useLayoutEffect(() => {
    document.getElementById(id)?.setAttribute('data-live', '')
  }, [id])
  return null
}

/** Per server-rendered element: resolves once it comes into view while the page loads, or within MARGIN after. */
const sighted = new WeakMap<Element, Promise<void>>()

function onSight(element: Element): Promise<void> {
  let promise = sighted.get(element)
  if (!promise) {
    promise = new Promise<void>((resolve) => {
      const observers: IntersectionObserver[] = []
      const watch = (rootMargin: string) => {
        const observer = new IntersectionObserver(
          (entries) => {
            if (!entries.some((entry) => entry.isIntersecting)) return
            for (const o of observers) o.disconnect()
            cancelSettled()
            resolve()
          },
          { rootMargin },
        )
        observer.observe(element)
        observers.push(observer)
      }
      const cancelSettled = whenPageSettled(() => watch(MARGIN))
      watch('0px')
    })
    sighted.set(element, promise)
  }
  return promise
}

/**
 * Suspends while the server's HTML of this section waits out of sight to be hydrated; on a page
 * the browser renders itself there is nothing to wait for.
 */
function WaitForSight({
  id,
  wake,
  children,
}: {
  id: string
  wake: (element: Element) => Promise<void>
  children: ReactNode
}) {
  const element = serverHtmlAwaits(id)
  if (element) use(wake(element))
  return children
}

/** Per server-rendered element: resolves on the first pointer, touch, focus or key inside it. */
const touched = new WeakMap<Element, Promise<void>>()

function onInteraction(element: Element): Promise<void> {
  let promise = touched.get(element)
  if (!promise) {
    promise = new Promise<void>((resolve) => {
      const events = ['pointerenter', 'pointerdown', 'touchstart', 'focusin', 'keydown'] as const
      const wake = () => {
        for (const type of events) element.removeEventListener(type, wake)
        resolve()
      }
      for (const type of events) element.addEventListener(type, wake, { passive: true })
      // Focused before the app ran (a quick tab or tap): wake now.
      if (element.contains(document.activeElement)) wake()
    })
    touched.set(element, promise)
  }
  return promise
}

/** The section's element when it holds server HTML that React has not hydrated yet. */
function serverHtmlAwaits(id: string): Element | undefined {
  const element = typeof document === 'undefined' ? null : document.getElementById(id)
  return element?.hasAttribute('data-server') && !element.hasAttribute('data-live') ? element : undefined
}
