import { zodResolver } from '@hookform/resolvers/zod'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { CONTACT_LIMITS, type ContactFormValues, type ContactInput, ContactInputSchema } from '#schemas/contact.ts'
import { FormField } from '#web/components/form-field.tsx'
import { ApiRequestError } from '#web/lib/api.ts'
import { toast } from '#web/lib/toast.ts'
import { useSendMessage } from './contact-mutations'

const EMPTY: ContactFormValues = { name: '', email: '', subject: '', message: '' }
const FIELDS = ['name', 'email', 'subject', 'message'] as const

/**
 * The home page's contact form. Messages are stored by the API and then e-mailed to the shop.
 * NOTE: the page wraps this section in the `#contact` anchor; pass `id` only where no wrapper
 * carries it, so the id stays unique.
 */
export function ContactSection({ id }: { id?: string }) {
  // The server's reason for a refusal the fields cannot show (the rate limit).
  const [serverError, setServerError] = useState<string | null>(null)
  const { register, handleSubmit, reset, setError, formState } = useForm<ContactFormValues, unknown, ContactInput>({
    resolver: zodResolver(ContactInputSchema),
    // NOTE: no defaultValues: a field registered without one starts from what its element holds,
    // so text typed before the app took over is kept and sent (with `''` it would be wiped).
    mode: 'onTouched',
  })
  const { errors } = formState

  const send = useSendMessage()
  const submit = (values: ContactInput) => {
    setServerError(null)
    send.mutate(values, {
      onSuccess: () => {
        toast.success('Message Successfully sent!')
        reset(EMPTY)
      },
      onError: (err) => {
        // What was typed stays in the form, so the visitor can simply try again.
        toast.error('Failed to send message,Please try again')
        if (!(err instanceof ApiRequestError)) return
        if (err.status === 429) setServerError(err.message)
        for (const field of FIELDS) {
          const message = err.fields[field]
          if (message) setError(field, { type: 'server', message })
        }
      },
    })
  }

  return (
    <section id={id} className="bg-white py-16 sm:py-20" aria-labelledby="contact-title">
      <div className="container-page grid gap-10 lg:grid-cols-5">
        <div className="min-w-0 lg:col-span-2">
          <p className="text-sm font-semibold uppercase tracking-widest text-brand-700">Contact</p>
          <h2 id="contact-title" className="mt-2 text-3xl font-extrabold tracking-tight text-ink sm:text-4xl">
            Contact us
          </h2>
          <p className="mt-3 text-slate-600">
            Need a quote for a bulk order, a custom tool or help with an order? Write to us and our team will reply to
            your e-mail, usually within one working day.
          </p>
        </div>

        <form
          noValidate
          aria-labelledby="contact-title"
          onSubmit={handleSubmit(submit)}
          className="min-w-0 space-y-5 rounded-2xl bg-slate-50 p-5 ring-1 ring-slate-200 sm:p-8 lg:col-span-3"
        >
          <div className="grid gap-5 sm:grid-cols-2">
            <FormField label="Name" error={errors.name?.message}>
              <input type="text" autoComplete="name" className="field" {...register('name')} />
            </FormField>
            <FormField label="E-mail" error={errors.email?.message}>
              <input type="email" autoComplete="email" inputMode="email" className="field" {...register('email')} />
            </FormField>
          </div>
          <FormField label="Subject (optional)" error={errors.subject?.message}>
            <input type="text" className="field" {...register('subject')} />
          </FormField>
          <FormField
            label="Message"
            error={errors.message?.message}
            hint={`${CONTACT_LIMITS.messageMin} to ${CONTACT_LIMITS.messageMax} characters.`}
          >
            <textarea rows={6} className="field resize-y" {...register('message')} />
          </FormField>

          {serverError && (
            <p className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700 ring-1 ring-red-200" role="alert">
              {serverError}
            </p>
          )}

          <button
            type="submit"
            className="btn-primary w-full sm:w-auto"
            disabled={send.isPending}
            aria-busy={send.isPending}
          >
            {send.isPending ? 'Sending…' : 'Send message'}
          </button>
        </form>
      </div>
    </section>
  )
}
