import { useEffect, useRef, useState } from 'react'

/** How long a line stands typed before it is deleted, and between lines. */
const HOLD_MS = 1500
const BETWEEN_MS = 300

/**
 * Types each of `lines` a letter every `typeDelayMs`, holds it, deletes it a letter every
 * `deleteDelayMs`, and goes on to the next, round and round. One timer per letter and nothing
 * in between (a typing library's animation-frame loop kept a phone's main thread busy for good),
 * and only while the text is on screen and the tab shown: off screen it waits where it was.
 */
export function TypedText({
  lines,
  typeDelayMs,
  deleteDelayMs,
}: {
  lines: readonly string[]
  typeDelayMs: number
  deleteDelayMs: number
}) {
  const ref = useRef<HTMLSpanElement>(null)
  const [shown, setShown] = useState({ line: 0, length: lines[0]?.length ?? 0, deleting: false })
  const [visible, setVisible] = useState(false)

  useEffect(() => {
    const element = ref.current
    if (!element) return
    let inView = false
    const update = () => setVisible(inView && document.visibilityState === 'visible')
    const observer = new IntersectionObserver(([entry]) => {
      inView = Boolean(entry?.isIntersecting)
      update()
    })
    observer.observe(element)
    document.addEventListener('visibilitychange', update)
    return () => {
      observer.disconnect()
      document.removeEventListener('visibilitychange', update)
    }
  }, [])

  useEffect(() => {
    if (!visible) return
    const line = lines[shown.line] ?? ''
    const next = shown.deleting
      ? shown.length > 0
        ? { wait: deleteDelayMs, state: { ...shown, length: shown.length - 1 } }
        : { wait: BETWEEN_MS, state: { line: (shown.line + 1) % lines.length, length: 0, deleting: false } }
      : shown.length < line.length
        ? { wait: typeDelayMs, state: { ...shown, length: shown.length + 1 } }
        : { wait: HOLD_MS, state: { ...shown, deleting: true } }
    const timer = setTimeout(() => setShown(next.state), next.wait)
    return () => clearTimeout(timer)
  }, [visible, shown, lines, typeDelayMs, deleteDelayMs])

  return (
    // The caret is the span's right border, so the element's text is what is typed, and it moves
    // as the span grows: a generated '|' after the text would be a box that moves with every
    // letter, which browsers count as a layout shift (0.006 of CLS on a phone).
    <span ref={ref} className="border-r-2 border-current pr-0.5">
      {(lines[shown.line] ?? '').slice(0, shown.length)}
    </span>
  )
}
