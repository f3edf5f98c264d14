/** The write answers of the spec (MongoDB's shapes), used by every write route. */
export type Inserted = { acknowledged: true; insertedId: string }
export type Modified = { acknowledged: true; modifiedCount: number }
export type Deleted = { acknowledged: true; deletedCount: number }
