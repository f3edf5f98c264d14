import { useEffect, useState } from 'react'

/** How long after `load` the page counts as settled. */
const SETTLE_MS = 1500

/**
 * Calls `callback` once the page has fired `load` and had a quiet moment since: the time to fetch
 * and run code the first screen does not need. @returns a function that cancels the call.
 */
export function whenPageSettled(callback: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined
  const wait = () => {
    timer = setTimeout(callback, SETTLE_MS)
  }
  if (document.readyState === 'complete') wait()
  else window.addEventListener('load', wait, { once: true })
  return () => {
    window.removeEventListener('load', wait)
    clearTimeout(timer)
  }
}

/** True once the page has settled (`whenPageSettled`): the hero's typing waits for it. */
export function usePageSettled(): boolean {
  const [settled, setSettled] = useState(false)
  useEffect(() => whenPageSettled(() => setSettled(true)), [])
  return settled
}
