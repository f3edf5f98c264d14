const STAR = 'M10 1.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L10 14.9l-5.2 2.7 1-5.8L1.5 7.7l5.9-.9L10 1.5z'

/**
 * A rating as five stars, filled to the tenth (4.3 fills four and a third); one label for screen
 * readers ("4.3 out of 5 stars"), the stars themselves hidden from them.
 */
export function Stars({ rating, size = 20 }: { rating: number; size?: number }) {
  const label = `${rating} out of 5 stars`
  return (
    <span className="inline-flex items-center" role="img" aria-label={label} title={label}>
      {[0, 1, 2, 3, 4].map((i) => {
        const fill = Math.max(0, Math.min(1, rating - i))
        return (
          <span key={i} className="relative inline-block" style={{ width: size, height: size }} aria-hidden="true">
            <svg
              width={size}
              height={size}
              viewBox="0 0 20 20"
              className="absolute inset-0 text-slate-300"
              aria-hidden="true"
            >
              <path fill="currentColor" d={STAR} />
            </svg>
            <span className="absolute inset-y-0 left-0 overflow-hidden" style={{ width: `${fill * 100}%` }}>
              <svg width={size} height={size} viewBox="0 0 20 20" className="text-amber-500" aria-hidden="true">
                <path fill="currentColor" d={STAR} />
              </svg>
            </span>
          </span>
        )
      })}
    </span>
  )
}
