/** An upload's progress bar: the percent sent, then "Processing" once all of it is sent. */
export function UploadProgress({ label, percent }: { label: string; percent: number }) {
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      aria-valuetext={percent < 100 ? `${percent}%` : 'Processing'}
      className="h-2 min-w-0 flex-1 overflow-hidden rounded-full bg-slate-200"
    >
      <div
        className="h-full rounded-full bg-brand-500 transition-[width] duration-150"
        style={{ width: `${percent}%` }}
      />
    </div>
  )
}
