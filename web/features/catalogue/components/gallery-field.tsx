import { useEffect, useId, useRef, useState } from 'react'
import { type Control, Controller, type FieldValues, type Path } from 'react-hook-form'
import { IMAGES_MAX } from '#schemas/tool.ts'
import { StrokeIcon } from '#web/components/stroke-icon.tsx'
import { UploadProgress } from '#web/components/upload-progress.tsx'
import { ApiRequestError } from '#web/lib/api.ts'
import { responsiveImage } from '#web/lib/image-variants.ts'
import { ACCEPTED_IMAGE_TYPES, checkImageFile, isRetriable, uploadImage } from '#web/lib/upload-image.ts'

type GalleryFieldProps = {
  /** The photos' addresses in order, the main one first. */
  value: string[]
  onChange: (images: string[]) => void
  /** The form's own message for the gallery or one of its photos. */
  error?: string
  /** Told when uploads start and end, so the form can hold its submit meanwhile. */
  onBusyChange?: (busy: boolean) => void
}

/** A chosen file on its way up (or refused): shown after the uploaded photos until it lands. */
type Upload = {
  key: number
  file: File
  preview: string | null
  percent: number
  error?: ApiRequestError
  retriable?: boolean
  controller: AbortController
}

const iconButton =
  'inline-flex size-9 items-center justify-center rounded-lg border border-slate-300 bg-white text-slate-700 hover:bg-slate-100 disabled:cursor-not-allowed disabled:opacity-40'

/**
 * A tool's photos (its gallery): several chosen at once, each uploaded with its own progress bar,
 * moved earlier or later with buttons (by keyboard as well as by pointer), removed; the first is
 * the main photo. A refused file shows why, and a failed upload can be retried. The form only ever
 * holds the addresses.
 */
export function GalleryField({ value, onChange, error, onBusyChange }: GalleryFieldProps) {
  const id = useId()
  const [uploads, setUploads] = useState<Upload[]>([])
  const [notice, setNotice] = useState('')
  const nextKey = useRef(0)
  // The latest photos, for uploads that land after other changes.
  const current = useRef(value)
  current.current = value
  const input = useRef<HTMLInputElement>(null)

  const room = IMAGES_MAX - value.length - uploads.length
  const busy = uploads.some((u) => !u.error)
  useEffect(() => onBusyChange?.(busy), [busy, onBusyChange])
  // Leaving the form stops uploads nobody will use, and frees their previews.
  const live = useRef(uploads)
  live.current = uploads
  useEffect(
    () => () => {
      for (const u of live.current) {
        u.controller.abort()
        if (u.preview) URL.revokeObjectURL(u.preview)
      }
    },
    [],
  )

  const update = (key: number, change: Partial<Upload>) =>
    setUploads((all) => all.map((u) => (u.key === key ? { ...u, ...change } : u)))
  const drop = (key: number) =>
    setUploads((all) => {
      const gone = all.find((u) => u.key === key)
      if (gone?.preview) URL.revokeObjectURL(gone.preview)
      return all.filter((u) => u.key !== key)
    })

  const send = (upload: Upload) => {
    const { key, file, controller } = upload
    uploadImage(file, { signal: controller.signal, onProgress: (percent) => update(key, { percent }) }).then(
      (image) => {
        if (controller.signal.aborted) return
        drop(key)
        // The same picture twice is one object, one address: it is in the gallery already.
        if (current.current.includes(image.url)) return setNotice(`${file.name} is already one of the photos.`)
        // Two uploads can land before React renders again: the next one must see this photo.
        const photos = [...current.current, image.url]
        current.current = photos
        onChange(photos)
        setNotice(`Photo ${photos.length} uploaded`)
      },
      (cause: unknown) => {
        if (controller.signal.aborted) return
        const err =
          cause instanceof ApiRequestError
            ? cause
            : new ApiRequestError(0, 'UNKNOWN', 'The upload failed. Please try again.')
        update(key, { error: err, retriable: isRetriable(err) })
      },
    )
  }

  const choose = (files: File[]) => {
    const taken = files.slice(0, Math.max(0, room))
    if (taken.length < files.length)
      setNotice(
        `A tool has at most ${IMAGES_MAX} photos: ${files.length - taken.length} of the files chosen were left out.`,
      )
    const started: Upload[] = taken.map((file) => {
      const refused = checkImageFile(file)
      return {
        key: nextKey.current++,
        file,
        preview: refused ? null : URL.createObjectURL(file),
        percent: 0,
        controller: new AbortController(),
        ...(refused ? { error: refused, retriable: false } : {}),
      }
    })
    setUploads((all) => [...all, ...started])
    for (const upload of started) if (!upload.error) send(upload)
    if (input.current) input.current.value = ''
  }

  const retry = (upload: Upload) => {
    const again = { ...upload, percent: 0, error: undefined, retriable: undefined, controller: new AbortController() }
    update(upload.key, again)
    send(again)
  }

  const move = (from: number, to: number) => {
    const next = [...value]
    const [photo] = next.splice(from, 1)
    next.splice(to, 0, photo!)
    onChange(next)
    setNotice(to === 0 ? `Photo ${from + 1} is now the main photo` : `Photo ${from + 1} moved to position ${to + 1}`)
  }

  const remove = (i: number) => {
    onChange(value.filter((_, k) => k !== i))
    setNotice(`Photo ${i + 1} removed`)
  }

  return (
    <fieldset className="min-w-0">
      <legend className="label">Photos</legend>
      <p className="text-sm text-slate-600" id={`${id}-hint`}>
        Up to {IMAGES_MAX}. The first is the main photo: on the cards and first on the tool’s page. JPEG, PNG, WebP, GIF
        or AVIF, up to 5 MB each.
      </p>
      {(value.length > 0 || uploads.length > 0) && (
        <ol className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-4" data-testid="gallery-photos">
          {value.map((src, i) => (
            <li
              key={src}
              className="min-w-0 rounded-xl border border-slate-200 bg-slate-50 p-2"
              data-testid="gallery-photo"
            >
              <div className="relative">
                <img
                  {...responsiveImage(src, '160px', 320)}
                  alt={`${i + 1} of ${value.length}`}
                  width={160}
                  height={120}
                  className="aspect-[4/3] h-auto w-full rounded-lg bg-slate-100 object-cover"
                  data-testid="image-preview"
                />
                {i === 0 && (
                  <span className="absolute top-1.5 left-1.5 rounded-full bg-ink px-2 py-0.5 text-xs font-semibold text-white">
                    Main photo
                  </span>
                )}
              </div>
              <div className="mt-2 flex justify-between gap-1">
                <button
                  type="button"
                  className={iconButton}
                  aria-label={`Move photo ${i + 1} earlier`}
                  disabled={i === 0}
                  onClick={() => move(i, i - 1)}
                >
                  <StrokeIcon size={18}>
                    <path d="m15 18-6-6 6-6" />
                  </StrokeIcon>
                </button>
                <button
                  type="button"
                  className={iconButton}
                  aria-label={`Move photo ${i + 1} later`}
                  disabled={i === value.length - 1}
                  onClick={() => move(i, i + 1)}
                >
                  <StrokeIcon size={18}>
                    <path d="m9 18 6-6-6-6" />
                  </StrokeIcon>
                </button>
                <button
                  type="button"
                  className={`${iconButton} text-red-700`}
                  aria-label={`Remove photo ${i + 1}`}
                  onClick={() => remove(i)}
                >
                  <StrokeIcon size={18}>
                    <path d="M5 7h14M10 11v6M14 11v6M6 7l1 12h10l1-12M9 7V4h6v3" />
                  </StrokeIcon>
                </button>
              </div>
            </li>
          ))}
          {uploads.map((u) => (
            <li key={u.key} className="min-w-0 rounded-xl border border-slate-200 bg-slate-50 p-2">
              <div className="grid aspect-[4/3] place-items-center overflow-hidden rounded-lg bg-slate-100">
                {u.preview && (
                  <img src={u.preview} alt="" className={`size-full object-cover ${u.error ? '' : 'opacity-60'}`} />
                )}
              </div>
              <p className="mt-1 truncate text-xs text-slate-600">{u.file.name}</p>
              {u.error ? (
                <>
                  <p className="field-error text-xs" role="alert">
                    {u.error.message}
                  </p>
                  <div className="mt-1 flex flex-wrap gap-x-3 text-sm">
                    {u.retriable && (
                      <button type="button" className="font-semibold text-slate-700 underline" onClick={() => retry(u)}>
                        Try again
                      </button>
                    )}
                    <button
                      type="button"
                      className="font-semibold text-slate-700 underline"
                      onClick={() => drop(u.key)}
                    >
                      Dismiss
                    </button>
                  </div>
                </>
              ) : (
                <div className="mt-1 flex items-center gap-2">
                  <UploadProgress label={`Uploading ${u.file.name}`} percent={u.percent} />
                  <button
                    type="button"
                    className="text-xs font-semibold text-slate-700 underline"
                    aria-label={`Cancel uploading ${u.file.name}`}
                    onClick={() => {
                      u.controller.abort()
                      drop(u.key)
                    }}
                  >
                    Cancel
                  </button>
                </div>
              )}
            </li>
          ))}
        </ol>
      )}
      <div className="mt-3">
        {/* The file input inside its label, hidden but focusable: the label looks like a button and shows its focus. */}
        <label className="btn-ghost inline-flex cursor-pointer has-disabled:cursor-not-allowed has-disabled:opacity-50 has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-brand-600">
          {value.length === 0 ? 'Add photos' : 'Add more photos'}
          <input
            ref={input}
            type="file"
            multiple
            accept={ACCEPTED_IMAGE_TYPES.join(',')}
            disabled={room <= 0}
            aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
            aria-invalid={error ? true : undefined}
            className="sr-only"
            onChange={(e) => choose([...(e.target.files ?? [])])}
          />
        </label>
      </div>
      {error && (
        <p id={`${id}-error`} className="field-error" role="alert">
          {error}
        </p>
      )}
      {/* Always present, so screen readers hear what a move, removal or upload did. */}
      <p role="status" className="sr-only">
        {notice}
      </p>
    </fieldset>
  )
}

/** Errors react-hook-form keeps for an array field: on the list, or on one of its photos. */
type GalleryErrors = { message?: string } & ({ message?: string } | undefined)[]

/** The gallery wired to a react-hook-form field holding the photos' addresses. */
export function GalleryFormField<T extends FieldValues>({
  control,
  name,
  onBusyChange,
}: {
  control: Control<T>
  name: Path<T>
  onBusyChange?: (busy: boolean) => void
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const errors = fieldState.error as GalleryErrors | undefined
        const error = errors?.message ?? (Array.isArray(errors) ? errors.find((e) => e?.message)?.message : undefined)
        return (
          <GalleryField
            value={Array.isArray(field.value) ? field.value : []}
            onChange={field.onChange}
            error={error}
            onBusyChange={onBusyChange}
          />
        )
      }}
    />
  )
}
