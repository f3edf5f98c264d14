import { useEffect, useState } from 'react'

const twelveHour = new Intl.DateTimeFormat('en-US', {
  hour: 'numeric',
  minute: '2-digit',
  second: '2-digit',
  hour12: true,
})

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
      {now ? twelveHour.format(now) : ''}
    </time>
  )
}
