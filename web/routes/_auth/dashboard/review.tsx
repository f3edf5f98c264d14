import { zodResolver } from '@hookform/resolvers/zod'
import { createFileRoute, Link } from '@tanstack/react-router'
import { useState } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import { type ReviewInput, ReviewInputSchema } from '#schemas/review.ts'
import type { z } from '#schemas/zod.ts'
import { FormField } from '#web/components/form-field.tsx'
import { ImageFormField } from '#web/components/image-field.tsx'
import { RatingField } from '#web/components/rating-field.tsx'
import { useAddReview } from '#web/features/reviews/reviews-mutations.ts'
import { showServerFieldErrors } from '#web/lib/form-errors.ts'
import { useSession } from '#web/lib/session.ts'
import { toast } from '#web/lib/toast.ts'

export const Route = createFileRoute('/_auth/dashboard/review')({
  head: () => ({ meta: [{ title: 'Add Review · Toolhaus' }] }),
  component: AddReviewPage,
})

const FIELDS = ['name', 'description', 'img', 'rating'] as const

/** The Add Review form's values as typed (the rating a radio's text until the schema reads it). */
type ReviewFormValues = z.input<typeof ReviewInputSchema>

function AddReviewPage() {
  const session = useSession()
  const { session: initial } = Route.useRouteContext()
  const account = session.status === 'signedIn' ? session : initial
  const prefilledName = account.user.displayName || account.profile.name
  const empty: ReviewFormValues = { name: prefilledName, description: '', img: '', rating: null }

  const [uploading, setUploading] = useState(false)
  const { register, control, handleSubmit, reset, setError, formState } = useForm<
    ReviewFormValues,
    unknown,
    ReviewInput
  >({
    resolver: zodResolver(ReviewInputSchema),
    defaultValues: empty,
  })
  const { errors } = formState
  const rating = Number(useWatch({ control, name: 'rating' }) ?? 0)

  const add = useAddReview()
  const submit = (values: ReviewInput) =>
    add.mutate(values, {
      onSuccess: (result) => {
        if (!result.insertedId) {
          toast.error('Failed to add Tools')
          return
        }
        // The spec's toast text, word for word (section 8 uses it for tools and reviews alike).
        toast.success('Tools added successfully', { description: 'Thank you! Your review is now on the home page.' })
        reset(empty)
      },
      onError: (error) => {
        showServerFieldErrors(error, setError, FIELDS)
        toast.error('Failed to add Tools', { description: error.message })
      },
    })

  return (
    <div>
      <h1 className="text-2xl font-bold">Add Review</h1>
      <p className="mt-1 text-sm text-slate-600">
        Tell other customers how our tools work for you. Your review shows in the{' '}
        <Link to="/" hash="reviews" className="font-medium text-brand-700 underline">
          home page carousel
        </Link>
        .
      </p>
      <form
        noValidate
        aria-label="Add Review"
        onSubmit={handleSubmit((values) => submit(values))}
        className="mt-6 grid gap-5 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6"
      >
        <FormField label="Name" error={errors.name?.message}>
          <input className="field" autoComplete="name" {...register('name')} />
        </FormField>
        <RatingField input={register('rating')} selected={rating} error={errors.rating?.message} optional />
        <FormField label="Description" error={errors.description?.message}>
          <textarea className="field resize-y" rows={5} {...register('description')} />
        </FormField>
        <ImageFormField control={control} name="img" label="Photo" shape="round" onBusyChange={setUploading} />
        <div>
          <button
            type="submit"
            className="btn-primary w-full sm:w-auto"
            disabled={add.isPending || uploading}
            aria-busy={add.isPending}
          >
            {add.isPending ? 'Adding…' : uploading ? 'Uploading photo…' : 'Add Review'}
          </button>
        </div>
      </form>
    </div>
  )
}
