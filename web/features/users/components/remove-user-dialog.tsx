import type { UserProfile } from '#schemas/user.ts'
import { Modal } from '#web/components/modal.tsx'
import { toast } from '#web/lib/toast.ts'
import { useRemoveUser } from '../users-mutations'

/** Asks before an admin removes `user` (open while it is set): they are signed out and blocked until restored. */
export function RemoveUserDialog({ user, onClose }: { user?: UserProfile; onClose: () => void }) {
  const remove = useRemoveUser()
  const confirm = (email: string) =>
    remove.mutate(email, {
      onSuccess: () => {
        toast.success('User removed', { description: 'They are signed out and cannot sign in until you restore them.' })
        onClose()
      },
      onError: (error) => toast.error(error.message),
    })
  return (
    <Modal
      open={Boolean(user)}
      onClose={onClose}
      busy={remove.isPending}
      size="sm"
      title={`Remove ${user?.email ?? ''}?`}
      description="They are signed out at once and cannot sign in again until you restore them. Their orders stay on record."
    >
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <button type="button" className="btn-ghost" data-autofocus onClick={onClose} disabled={remove.isPending}>
          Keep user
        </button>
        <button
          type="button"
          className="btn bg-red-700 text-white hover:bg-red-800"
          disabled={remove.isPending}
          onClick={() => user && confirm(user.email)}
        >
          {remove.isPending ? 'Removing…' : 'Remove User'}
        </button>
      </div>
    </Modal>
  )
}
