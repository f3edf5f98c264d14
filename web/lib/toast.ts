import { Toaster, toast } from 'sonner'
import { wantToaster } from './toaster-state'

/**
 * The one way to raise a toast: `import { toast } from '#web/lib/toast.ts'` (statically in a chunk
 * that toasts on an action, or `await import(…)` where the toast is rare). Loading this module mounts
 * the root's toaster, and sonner shows a toast raised before the toaster subscribed as soon as it does.
 */
wantToaster()

/** The root mounts the toaster from here (lazily, once a toast is wanted). */
export { Toaster, toast }
