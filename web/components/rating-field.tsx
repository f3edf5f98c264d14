import { useId } from 'react'
import type { UseFormRegisterReturn } from 'react-hook-form'

const STAR = 'M10 1.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L10 14.9l-5.2 2.7 1-5.8L1.5 7.7l5.9-.9L10 1.5z'

/**
 * 1 to 5 stars as a native radio group (the site-wide Add Review form, a buyer's review of a
 * tool): arrow keys move between stars, each star's label names the count.
 */
export function RatingField({
  input,
  selected,
  error,
  optional = false,
}: {
  /** `register('rating')` of the form. */
  input: UseFormRegisterReturn
  /** The stars chosen so far (0 for none). */
  selected: number
  error?: string | undefined
  optional?: boolean
}) {
  const errorId = `${useId()}-rating-error`
  return (
    <fieldset aria-describedby={error ? errorId : undefined}>
      <legend className="label">
        Rating {optional && <span className="font-normal text-slate-500">(optional)</span>}
      </legend>
      <div className="flex gap-1">
        {[1, 2, 3, 4, 5].map((n) => (
          <label
            key={n}
            className="relative rounded-md p-1 text-slate-400 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600 [&:has(~label:hover)]:text-brand-500 hover:text-brand-500"
          >
            {/* The real radio covers the star, so a click or tap lands on it. */}
            <input
              type="radio"
              value={String(n)}
              className="absolute inset-0 size-full cursor-pointer appearance-none opacity-0"
              {...input}
            />
            <svg
              width="32"
              height="32"
              viewBox="0 0 20 20"
              aria-hidden="true"
              className={n <= selected ? 'text-amber-500' : undefined}
            >
              <path fill="currentColor" d={STAR} />
            </svg>
            <span className="sr-only">{n === 1 ? '1 star' : `${n} stars`}</span>
          </label>
        ))}
      </div>
      {error && (
        <p id={errorId} className="field-error" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  )
}
