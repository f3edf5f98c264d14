import { type ReactNode, Suspense, useEffect, useRef, useState } from 'react'

/**
 * Renders `children` (typically a React.lazy component) only once the placeholder comes
 * within `margin` of the viewport, so code below the fold is not downloaded with the page.
 * Until then, and while the code loads, `fallback` holds the place (give it the real height,
 * so nothing shifts). A hash link such as /#contact scrolls to it and so loads it at once.
 */
export function WhenNear({
  children,
  fallback,
  margin = '800px',
}: {
  children: ReactNode
  fallback: ReactNode
  margin?: string
}) {
  const placeholder = useRef<HTMLDivElement>(null)
  const [near, setNear] = useState(false)

  useEffect(() => {
    const element = placeholder.current
    if (near || !element) return
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true)
      },
      { rootMargin: margin },
    )
    observer.observe(element)
    return () => observer.disconnect()
  }, [near, margin])

  if (near) return <Suspense fallback={fallback}>{children}</Suspense>
  return <div ref={placeholder}>{fallback}</div>
}
