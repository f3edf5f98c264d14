import { type Ref, useCallback, useEffect, useRef, useState } from 'react'
import { type Control, Controller, type FieldValues, type Path } from 'react-hook-form'
import { ApiRequestError } from '#web/lib/api.ts'
import { ACCEPTED_IMAGE_TYPES, checkImageFile, isRetriable, uploadImage } from '#web/lib/upload-image.ts'
import { FormField } from './form-field'
import { UploadProgress } from './upload-progress'

type ImageFieldProps = {
  label: string
  /** The uploaded image's address (`/api/images/<key>` or an https URL), '' when none. */
  value: string
  /** Called with the new address once an upload succeeds, or '' when the photo is removed. */
  onChange: (url: string) => void
  onBlur?: () => void
  name?: string
  /** The form's own message for this field (e.g. 'Photo is Required'). */
  error?: string
  hint?: string
  /** Goes to the file input, so react-hook-form can focus the field on an error. */
  ref?: Ref<HTMLInputElement>
  /** Told when an upload starts and ends, so the form can hold its submit meanwhile. */
  onBusyChange?: (busy: boolean) => void
  /** A round preview suits a person's photo; a square one a product's. */
  shape?: 'square' | 'round'
  disabled?: boolean
}

type Upload =
  | { status: 'idle' }
  | { status: 'uploading'; file: File; preview: string; percent: number }
  | { status: 'failed'; file: File; preview: string | null; error: ApiRequestError; retriable: boolean }

const DEFAULT_HINT = 'JPEG, PNG, WebP, GIF or AVIF, up to 5 MB.'

/**
 * The one image field of the app (tools, reviews, the profile photo): the file is checked,
 * previewed at once and uploaded on choice with a real progress bar; a refusal shows the
 * server's message, and a failed upload can be retried. The form only ever holds the address.
 */
export function ImageField({
  label,
  value,
  onChange,
  onBlur,
  name,
  error,
  hint = DEFAULT_HINT,
  ref,
  onBusyChange,
  shape = 'square',
  disabled,
}: ImageFieldProps) {
  const [upload, setUpload] = useState<Upload>({ status: 'idle' })
  const [uploadedUrl, setUploadedUrl] = useState<string | null>(null)
  const inputRef = useRef<HTMLInputElement | null>(null)
  const controllerRef = useRef<AbortController | null>(null)

  const setInputRef = useCallback(
    (node: HTMLInputElement | null) => {
      inputRef.current = node
      if (typeof ref === 'function') ref(node)
      else if (ref) ref.current = node
    },
    [ref],
  )

  const clearInput = () => {
    if (inputRef.current) inputRef.current.value = ''
  }

  const start = (file: File) => {
    controllerRef.current?.abort()
    const refused = checkImageFile(file)
    if (refused) {
      clearInput()
      setUpload({ status: 'failed', file, preview: null, error: refused, retriable: false })
      return
    }
    const controller = new AbortController()
    controllerRef.current = controller
    setUpload({ status: 'uploading', file, preview: URL.createObjectURL(file), percent: 0 })
    uploadImage(file, {
      signal: controller.signal,
      onProgress: (percent) => setUpload((u) => (u.status === 'uploading' && u.file === file ? { ...u, percent } : u)),
    }).then(
      (image) => {
        if (controller.signal.aborted) return
        setUpload({ status: 'idle' })
        setUploadedUrl(image.url)
        onChange(image.url)
      },
      (cause: unknown) => {
        if (controller.signal.aborted) return
        const err =
          cause instanceof ApiRequestError
            ? cause
            : new ApiRequestError(0, 'UNKNOWN', 'The upload failed. Please try again.')
        setUpload((u) => ({
          status: 'failed',
          file,
          preview: u.status === 'uploading' ? u.preview : null,
          error: err,
          retriable: isRetriable(err),
        }))
      },
    )
  }

  const cancel = () => {
    controllerRef.current?.abort()
    clearInput()
    setUpload({ status: 'idle' })
  }

  const remove = () => {
    clearInput()
    setUpload({ status: 'idle' })
    onChange('')
  }

  // The local preview lives as long as it is shown.
  const preview = upload.status === 'idle' ? null : upload.preview
  useEffect(() => (preview ? () => URL.revokeObjectURL(preview) : undefined), [preview])

  const busy = upload.status === 'uploading'
  useEffect(() => onBusyChange?.(busy), [busy, onBusyChange])

  // Leaving the page stops an upload nobody will use.
  useEffect(() => () => controllerRef.current?.abort(), [])

  // A form reset empties the value: forget the chosen file too.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the value or the upload changes, not when clearInput is recreated
  useEffect(() => {
    if (!value && upload.status === 'idle') clearInput()
  }, [value, upload.status])

  const shown = preview ?? (value || null)
  // A refusal of the chosen file comes first: it is what the user just did.
  const message = upload.status === 'failed' ? upload.error.message : error
  const justUploaded = upload.status === 'idle' && Boolean(value) && value === uploadedUrl
  const rounded = shape === 'round' ? 'rounded-full' : 'rounded-xl'

  return (
    <div className="flex items-start gap-4">
      <div
        className={`grid size-20 shrink-0 place-items-center overflow-hidden bg-slate-100 ring-1 ring-slate-200 sm:size-24 ${rounded}`}
      >
        {shown ? (
          <img
            src={shown}
            alt={`${label} preview`}
            className={`size-full object-cover ${busy ? 'opacity-60' : ''}`}
            data-testid="image-preview"
          />
        ) : (
          <svg
            width="32"
            height="32"
            viewBox="0 0 24 24"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.75"
            strokeLinecap="round"
            strokeLinejoin="round"
            aria-hidden="true"
            className="text-slate-400"
          >
            <rect x="3" y="4" width="18" height="16" rx="2" />
            <circle cx="9" cy="10" r="2" />
            <path d="m21 16-5-5-9 9" />
          </svg>
        )}
      </div>

      <div className="min-w-0 flex-1">
        <FormField label={label} error={message} hint={hint}>
          <input
            ref={setInputRef}
            type="file"
            name={name}
            accept={ACCEPTED_IMAGE_TYPES.join(',')}
            disabled={disabled}
            onBlur={onBlur}
            onChange={(e) => {
              const file = e.target.files?.[0]
              if (file) start(file)
            }}
            className="block w-full min-w-0 text-sm text-slate-700 file:mr-3 file:cursor-pointer file:rounded-lg file:border-0 file:bg-ink file:px-3 file:py-2 file:text-sm file:font-semibold file:text-white hover:file:bg-slate-700 disabled:opacity-60"
          />
        </FormField>

        <div className="mt-2 text-sm">
          {upload.status === 'uploading' && (
            <div className="flex items-center gap-3">
              <UploadProgress label={`Uploading ${label.toLowerCase()}`} percent={upload.percent} />
              <span className="w-20 shrink-0 tabular-nums text-slate-600" aria-hidden="true">
                {upload.percent < 100 ? `${upload.percent}%` : 'Processing…'}
              </span>
              <button
                type="button"
                className="shrink-0 font-semibold text-slate-700 underline hover:text-ink"
                onClick={cancel}
              >
                Cancel
              </button>
            </div>
          )}
          {upload.status === 'failed' && upload.retriable && (
            <button type="button" className="btn-ghost px-3 py-1.5" onClick={() => start(upload.file)}>
              Try again
            </button>
          )}
          {/* Always present, so screen readers announce the start and end of an upload. */}
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <p role="status" className={justUploaded ? 'font-medium text-emerald-700' : 'sr-only'}>
              {upload.status === 'uploading' ? `Uploading ${upload.file.name}` : justUploaded ? 'Photo uploaded' : ''}
            </p>
            {upload.status !== 'uploading' && value && (
              <button
                type="button"
                className="font-semibold text-slate-700 underline hover:text-ink"
                onClick={remove}
                disabled={disabled}
              >
                Remove photo
              </button>
            )}
          </div>
        </div>
      </div>
    </div>
  )
}

/** The image field wired to a react-hook-form field (the form holds the uploaded address). */
export function ImageFormField<T extends FieldValues>({
  control,
  name,
  ...props
}: { control: Control<T>; name: Path<T> } & Pick<ImageFieldProps, 'label' | 'shape' | 'hint' | 'onBusyChange'>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <ImageField
          {...props}
          name={field.name}
          value={typeof field.value === 'string' ? field.value : ''}
          onChange={field.onChange}
          onBlur={field.onBlur}
          ref={field.ref}
          error={fieldState.error?.message}
        />
      )}
    />
  )
}
