import { zodResolver } from '@hookform/resolvers/zod'
import { useForm, useWatch } from 'react-hook-form'
import { REVIEW_BODY_MAX, REVIEW_TITLE_MAX, type ToolReviewInput, ToolReviewInputSchema } from '#schemas/tool-review.ts'
import type { z } from '#schemas/zod.ts'
import { FormField } from '#web/components/form-field.tsx'
import { RatingField } from '#web/components/rating-field.tsx'
import { ApiRequestError } from '#web/lib/api-error.ts'
import { showServerFieldErrors } from '#web/lib/form-errors.ts'
import { toast } from '#web/lib/toast.ts'
import { useReviewTool } from '../tool-reviews-mutations'

type Values = z.input<typeof ToolReviewInputSchema>
const FIELDS = ['rating', 'title', 'body'] as const

/** The review of one tool of a delivered order: 1 to 5 stars, a title if wanted, the review. */
export function ToolReviewForm({ toolId, toolName, onDone }: { toolId: string; toolName: string; onDone: () => void }) {
  const { register, control, handleSubmit, setError, formState } = useForm<Values, unknown, ToolReviewInput>({
    resolver: zodResolver(ToolReviewInputSchema),
    defaultValues: { rating: undefined, title: '', body: '' },
  })
  const { errors } = formState
  const selected = Number(useWatch({ control, name: 'rating' }) ?? 0)
  const review = useReviewTool(toolId)

  const submit = (values: ToolReviewInput) =>
    review.mutate(values, {
      onSuccess: () => {
        toast.success('Thank you for your review', { description: `It is on the page of ${toolName} now.` })
        onDone()
      },
      onError: (error) => {
        if (error instanceof ApiRequestError && error.code === 'ALREADY_REVIEWED') {
          toast.info(error.message)
          onDone()
          return
        }
        showServerFieldErrors(error, setError, FIELDS)
        toast.error('Your review was not saved', { description: error.message })
      },
    })

  return (
    <form
      noValidate
      aria-label={`Review ${toolName}`}
      onSubmit={handleSubmit(submit)}
      className="mt-3 grid gap-4 rounded-xl bg-slate-50 p-4 ring-1 ring-slate-200"
    >
      <RatingField input={register('rating')} selected={selected} error={errors.rating?.message} />
      <FormField label="Title (optional)" error={errors.title?.message}>
        <input className="field" maxLength={REVIEW_TITLE_MAX} {...register('title')} />
      </FormField>
      <FormField label="Your review" error={errors.body?.message}>
        <textarea className="field resize-y" rows={4} maxLength={REVIEW_BODY_MAX} {...register('body')} />
      </FormField>
      <div className="flex flex-col-reverse gap-3 sm:flex-row">
        <button type="button" className="btn-ghost" onClick={onDone} disabled={review.isPending}>
          Cancel
        </button>
        <button type="submit" className="btn-primary" disabled={review.isPending} aria-busy={review.isPending}>
          {review.isPending ? 'Sending…' : 'Submit review'}
        </button>
      </div>
    </form>
  )
}
