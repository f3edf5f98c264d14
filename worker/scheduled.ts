/** Cron work: later issues add expiry of unpaid bookings here. */
export async function runScheduled(_env: Env, _now: number): Promise<void> {}
