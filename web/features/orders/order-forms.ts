import { OrderStatusChangeSchema, TRACKING_MAX } from '#schemas/order.ts'
import { requiredText } from '#schemas/text.ts'
import { z } from '#schemas/zod.ts'

// The Ship dialog validates with the API's own schema (worker/schemas/order.ts), so its limits
// and messages are the server's.

/**
 * NOTE: the one message of its own: the API's "trackingNumber is Required to mark an order
 * shipped" names a JSON key; a person is asked for the number. It belongs beside
 * OrderStatusChangeSchema in worker/schemas/order.ts, which this part of the work does not touch.
 */
const TRACKING_REQUIRED = 'Enter the tracking number the carrier gave you.'

/** The Ship dialog: carrier (optional) and tracking number (required to mark an order shipped). */
export const ShipFormSchema = z.object({
  carrier: OrderStatusChangeSchema.shape.carrier,
  // Required, and text of only white space or invisible characters is none, as on the server.
  trackingNumber: requiredText(
    TRACKING_REQUIRED,
    TRACKING_MAX,
    `trackingNumber must be at most ${TRACKING_MAX} characters`,
  ),
})
export type ShipFormValues = z.input<typeof ShipFormSchema>
export type ShipForm = z.output<typeof ShipFormSchema>
