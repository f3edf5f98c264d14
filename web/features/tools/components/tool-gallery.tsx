import { type KeyboardEvent, useId, useLayoutEffect, useRef, useState } from 'react'
import { StrokeIcon } from '#web/components/stroke-icon.tsx'
import { responsiveImage } from '#web/lib/image-variants.ts'
import { TOOL_PHOTO_SIZES } from '../tool-page'

/** A thumbnail's width on screen (the 160 px variant serves it on every screen density up to 2×). */
const THUMB_SIZES = '80px'

const arrowButton =
  'absolute top-1/2 hidden size-10 -translate-y-1/2 place-items-center rounded-full bg-white/90 text-ink shadow ring-1 ring-slate-200 hover:bg-white disabled:opacity-0 sm:grid'

/**
 * A tool's photos: the main one large, the others a swipe (a CSS scroll-snap strip, so phones
 * swipe natively and nothing runs to make it move), a thumbnail or an arrow key away. The server
 * renders it whole with fixed proportions, so nothing shifts when it hydrates; before JavaScript
 * the strip swipes and each thumbnail is a link to its photo. One photo: just the photo.
 */
export function ToolGallery({ images, name }: { images: string[]; name: string }) {
  const id = useId()
  const strip = useRef<HTMLDivElement>(null)
  const [shown, setShown] = useState(0)
  // The photo a button or key is moving to: the scroll on the way there does not change `shown`,
  // so a second key press goes on from the target, not from wherever the animation is.
  const target = useRef<number | null>(null)
  const many = images.length > 1
  const slideId = (i: number) => `${id}-photo-${i + 1}`

  // A swipe or a thumbnail link used before the app ran moved the strip: start from there.
  useLayoutEffect(() => {
    const el = strip.current
    if (el && el.clientWidth > 0) setShown(Math.round(el.scrollLeft / el.clientWidth))
  }, [])

  const show = (i: number) => {
    const to = Math.max(0, Math.min(images.length - 1, i))
    const el = strip.current
    if (!el) return
    const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches
    target.current = to
    el.scrollTo({ left: to * el.clientWidth, behavior: reduce ? 'auto' : 'smooth' })
    setShown(to)
  }

  const onKeyDown = (e: KeyboardEvent) => {
    const step = { ArrowLeft: -1, ArrowRight: 1 }[e.key]
    if (step !== undefined) {
      e.preventDefault()
      show((target.current ?? shown) + step)
    } else if (e.key === 'Home' || e.key === 'End') {
      e.preventDefault()
      show(e.key === 'Home' ? 0 : images.length - 1)
    }
  }

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the arrow keys of the strip and its thumbnails, which are focusable themselves
    <div className="min-w-0" onKeyDown={many ? onKeyDown : undefined} data-testid="tool-gallery">
      <div className="relative overflow-hidden rounded-2xl bg-slate-100 shadow-sm ring-1 ring-slate-200">
        <div
          ref={strip}
          // Focusable, so the arrow keys reach it without a pointer; named for screen readers.
          {...(many
            ? {
                tabIndex: 0,
                role: 'region',
                'aria-label': `Photos of ${name}: use the arrow keys to see the next`,
              }
            : {})}
          className="flex snap-x snap-mandatory overflow-x-auto overscroll-x-contain [scrollbar-width:none] focus-visible:-outline-offset-4"
          onScroll={(e) => {
            const el = e.currentTarget
            if (el.clientWidth === 0) return
            const at = el.scrollLeft / el.clientWidth
            if (target.current !== null) {
              if (Math.abs(at - target.current) < 0.01) target.current = null
              return
            }
            setShown(Math.round(at))
          }}
          // However a scroll ended (arrived, or cut short by a finger), the photo at rest is the one shown.
          onScrollEnd={(e) => {
            const el = e.currentTarget
            target.current = null
            if (el.clientWidth > 0) setShown(Math.round(el.scrollLeft / el.clientWidth))
          }}
          // A finger or a wheel takes over from a move under way.
          onPointerDown={() => {
            target.current = null
          }}
          onTouchStart={() => {
            target.current = null
          }}
          onWheel={() => {
            target.current = null
          }}
        >
          {images.map((src, i) => (
            <img
              key={src}
              id={slideId(i)}
              {...responsiveImage(src, TOOL_PHOTO_SIZES)}
              alt={many ? `${name}, photo ${i + 1} of ${images.length}` : name}
              width={800}
              height={600}
              // The first is the page's largest paint (preloaded in the head); the rest wait for a swipe.
              {...(i === 0 ? { fetchPriority: 'high' as const } : { loading: 'lazy' as const })}
              draggable={false}
              className="aspect-[4/3] h-auto w-full shrink-0 snap-center snap-always object-cover"
            />
          ))}
        </div>
        {many && (
          <>
            <button
              type="button"
              className={`${arrowButton} left-3`}
              aria-label="Previous photo"
              disabled={shown === 0}
              onClick={() => show(shown - 1)}
            >
              <StrokeIcon size={20}>
                <path d="m15 18-6-6 6-6" />
              </StrokeIcon>
            </button>
            <button
              type="button"
              className={`${arrowButton} right-3`}
              aria-label="Next photo"
              disabled={shown === images.length - 1}
              onClick={() => show(shown + 1)}
            >
              <StrokeIcon size={20}>
                <path d="m9 18 6-6-6-6" />
              </StrokeIcon>
            </button>
            <p
              className="pointer-events-none absolute right-3 bottom-3 rounded-full bg-ink/75 px-2.5 py-1 text-xs font-semibold text-white tabular-nums"
              aria-live="polite"
              data-testid="gallery-position"
            >
              {shown + 1} / {images.length}
            </p>
          </>
        )}
      </div>
      {many && (
        <ul className="mt-2 flex gap-2 overflow-x-auto p-1" aria-label={`Photos of ${name}`}>
          {images.map((src, i) => (
            <li key={src} className="shrink-0">
              {/* A link to its photo, so it works before JavaScript; then it scrolls the strip only. */}
              <a
                href={`#${slideId(i)}`}
                aria-label={`Show photo ${i + 1} of ${images.length}`}
                aria-current={i === shown ? 'true' : undefined}
                onClick={(e) => {
                  e.preventDefault()
                  show(i)
                }}
                className={`block overflow-hidden rounded-lg ring-2 ring-offset-2 transition ${i === shown ? 'ring-brand-600' : 'ring-transparent hover:ring-slate-300'}`}
              >
                <img
                  {...responsiveImage(src, THUMB_SIZES, 160)}
                  alt=""
                  width={80}
                  height={60}
                  loading="lazy"
                  className="aspect-[4/3] h-auto w-20 bg-slate-100 object-cover"
                />
              </a>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
