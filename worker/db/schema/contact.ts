// Messages from the contact form (features/contact).
import { index, sqliteTable, text } from 'drizzle-orm/sqlite-core'
import { createdAt } from './columns'

export const contactMessages = sqliteTable(
  'contact_messages',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    subject: text('subject').notNull().default(''),
    message: text('message').notNull(),
    /** A hash of the sender's address, for the rate limit; never the address itself. */
    clientKey: text('client_key').notNull(),
    emailStatus: text('email_status', { enum: ['pending', 'sent', 'failed'] })
      .notNull()
      .default('pending'),
    emailError: text('email_error'),
    createdAt: createdAt(),
  },
  (t) => [index('contact_created_idx').on(t.createdAt), index('contact_client_idx').on(t.clientKey, t.createdAt)],
)
