import { useEffect, useState } from 'react'

/** How long after `load` the page counts as settled. */
const SETTLE_MS = 1500

/**
 * True once the page has fired `load` and had a quiet moment since: the time to fetch code the
 * first screen does not need (the hero's typing), keeping it off the critical path.
 */
export function usePageSettled(): boolean {
  const [settled, setSettled] = useState(false)
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined
    const wait = () => {
      timer = setTimeout(() => setSettled(true), SETTLE_MS)
    }
    if (document.readyState === 'complete') wait()
    else window.addEventListener('load', wait, { once: true })
    return () => {
      window.removeEventListener('load', wait)
      clearTimeout(timer)
    }
  }, [])
  return settled
}
