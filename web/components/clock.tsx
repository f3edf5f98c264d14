import { useEffect, useState } from 'react'
import { twoDigits } from '#schemas/number-text.ts'

/** "4:05:09 PM" in the reader's time zone; by hand, so that a page's first Intl object (100 ms and more) is not the clock's. */
const twelveHour = (time: Date) =>
  `${time.getHours() % 12 || 12}:${twoDigits(time.getMinutes())}:${twoDigits(time.getSeconds())} ${time.getHours() < 12 ? 'AM' : 'PM'}`

/**
 * The navbar's 12-hour clock; ticks every second. It shows the reader's own time, which the server
 * cannot know, so the server renders an empty slot of the clock's width and the browser fills it.
 */
export function Clock() {
  const [now, setNow] = useState<Date>()
  useEffect(() => {
    setNow(new Date())
    const timer = setInterval(() => setNow(new Date()), 1000)
    return () => clearInterval(timer)
  }, [])
  return (
    <time
      dateTime={now?.toISOString()}
      className="inline-block min-w-[11ch] font-mono text-sm tabular-nums text-slate-300"
      data-testid="clock"
    >
      {now ? twelveHour(now) : ''}
    </time>
  )
}
