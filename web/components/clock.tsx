import { useEffect, useState } from 'react'

const twelveHour = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', second: '2-digit', hour12: true })

/** The navbar's 12-hour clock; ticks every second. */
export function Clock() {
  const [now, setNow] = useState(() => new Date())
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 1000)
    return () => clearInterval(timer)
  }, [])
  return (
    <time dateTime={now.toISOString()} className="font-mono text-sm tabular-nums text-slate-300" data-testid="clock" suppressHydrationWarning>
      {twelveHour.format(now)}
    </time>
  )
}
