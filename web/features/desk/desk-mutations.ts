import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { OrderStatusChange } from '../../../worker/schemas/booking'
import { api, unwrap } from '../../lib/api'
import { bookingQueries } from '../bookings/bookings-queries'
import { toolQueries } from '../tools/tools-queries'
import { deskQueries } from './desk-queries'

/** After any move of an order: the desk, the overview, every order view; stock when it came back. */
function useOrderRefresh() {
  const queryClient = useQueryClient()
  return (stockChanged: boolean) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: deskQueries.all() }),
      queryClient.invalidateQueries({ queryKey: bookingQueries.all() }),
      ...(stockChanged ? [queryClient.invalidateQueries({ queryKey: toolQueries.all() })] : []),
    ])
}

/** An admin moves a paid order forward: processing, shipped (carrier, tracking number), delivered. */
export function useChangeOrderStatus(id: string) {
  const refresh = useOrderRefresh()
  return useMutation({
    mutationFn: (change: OrderStatusChange) => unwrap(api.booking[':id'].status.$post({ param: { id }, json: change })),
    onSettled: () => refresh(false),
  })
}

/** An admin refunds a paid or processing order in full (its stock goes back). */
export function useRefundOrder(id: string) {
  const refresh = useOrderRefresh()
  return useMutation({
    mutationFn: (reason: string) => unwrap(api.booking[':id'].refund.$post({ param: { id }, json: reason ? { reason } : {} })),
    onSettled: () => refresh(true),
  })
}

/** The customer or an admin cancels an unpaid order (its stock goes back). */
export function useCancelOrder() {
  const refresh = useOrderRefresh()
  return useMutation({
    mutationFn: (id: string) => unwrap(api.booking[':id'].cancel.$post({ param: { id } })),
    onSettled: () => refresh(true),
  })
}

/** An admin lets a removed user back in. */
export function useRestoreUser() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (email: string) => unwrap(api.user[':email'].restore.$post({ param: { email } })),
    onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: ['users'] }), queryClient.invalidateQueries({ queryKey: deskQueries.all() })]),
  })
}

/** An admin deletes a review (the home carousel too). */
export function useDeleteReview() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => unwrap(api.review[':id'].$delete({ param: { id } })),
    onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: ['reviews'], refetchType: 'all' }), queryClient.invalidateQueries({ queryKey: deskQueries.all() })]),
  })
}
