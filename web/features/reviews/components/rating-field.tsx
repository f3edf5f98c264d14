import { type Control, type UseFormRegister, useWatch } from 'react-hook-form'
import type { z } from 'zod'
import type { ReviewInput, ReviewInputSchema } from '#schemas/review.ts'

/** The Add Review form's values as typed (the rating a radio's text until the schema reads it). */
export type ReviewFormValues = z.input<typeof ReviewInputSchema>

/** 1 to 5 stars as a native radio group: arrow keys move between stars, the label names the count. */
export function RatingField({
  control,
  register,
  error,
}: {
  control: Control<ReviewFormValues, unknown, ReviewInput>
  register: UseFormRegister<ReviewFormValues>
  error?: string
}) {
  const selected = Number(useWatch({ control, name: 'rating' }) ?? 0)
  return (
    <fieldset aria-describedby={error ? 'rating-error' : undefined}>
      <legend className="label">
        Rating <span className="font-normal text-slate-500">(optional)</span>
      </legend>
      <div className="flex gap-1">
        {[1, 2, 3, 4, 5].map((n) => (
          <label
            key={n}
            className="relative rounded-md p-1 text-slate-300 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600 [&:has(~label:hover)]:text-brand-500 hover:text-brand-500"
          >
            {/* The real radio covers the star, so a click or tap lands on it. */}
            <input
              type="radio"
              value={String(n)}
              className="absolute inset-0 size-full cursor-pointer appearance-none opacity-0"
              {...register('rating')}
            />
            <svg
              width="32"
              height="32"
              viewBox="0 0 20 20"
              aria-hidden="true"
              className={n <= selected ? 'text-brand-500' : undefined}
            >
              <path
                fill="currentColor"
                d="M10 1.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L10 14.9l-5.2 2.7 1-5.8L1.5 7.7l5.9-.9L10 1.5z"
              />
            </svg>
            <span className="sr-only">{n === 1 ? '1 star' : `${n} stars`}</span>
          </label>
        ))}
      </div>
      {error && (
        <p id="rating-error" className="field-error" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  )
}
