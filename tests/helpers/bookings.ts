// Booking fixtures: dates on the server's wall clock (the test process is the server), an
// active service with a slot on that date's weekday, and calls to the booking endpoints.
import { addDays, dayOfWeek, wallClockToday } from '../../src/lib/wall-clock'
import { type Actor, actor, adminActor, call, makeService, makeSlot, type Reply } from './catalogue'
import { startTestApp, type TestApp } from './test-app'
import { authHeaders, createUser } from './users'

export const PUBLIC_BOOKINGS = '/api/services/bookings'
export const ADMIN_BOOKINGS = '/api/admin/services/bookings'

/** The server's wall-clock date `days` from today, as YYYY-MM-DD, with its weekday (0 = Sunday). */
export function localDate(days: number): { date: string; dayOfWeek: number } {
  const date = addDays(wallClockToday(), days)
  return { date, dayOfWeek: dayOfWeek(date) }
}

/** An active service (60 minutes, 25.00 EUR unless told) with a 09:00–17:00 slot on the weekday of `date`. */
export async function bookableService(
  admin: Actor,
  date: { dayOfWeek: number },
  fields: Record<string, unknown> = {},
  slot: Record<string, unknown> = {},
): Promise<{ id: string; slug: string }> {
  const service = await makeService(admin, {
    status: 'active',
    durationMinutes: 60,
    basePrice: '25.00',
    priceType: 'fixed',
    translations: [{ inLanguage: 'en', title: 'Piano lesson' }],
    inLanguage: 'en',
    ...fields,
  })
  await makeSlot(admin, service.id, { dayOfWeek: date.dayOfWeek, startTime: '09:00', endTime: '17:00', ...slot })
  return service
}

export async function customerActor(app: TestApp, name?: string): Promise<Actor> {
  const user = await createUser(app, { name })
  return actor(app, user, await authHeaders(app, user))
}

/** A test app with an admin and one customer: the setup of the suites that book as that customer. */
export async function startBookingApp(): Promise<{ app: TestApp; admin: Actor; customer: Actor }> {
  const app = await startTestApp()
  return { app, admin: await adminActor(app), customer: await customerActor(app) }
}

export function book(customer: Actor, body: Record<string, unknown>): Promise<Reply> {
  return customer.send(PUBLIC_BOOKINGS, body)
}

export function rawBook(
  app: TestApp,
  headers: Record<string, string>,
  raw: string,
  contentType = 'application/json',
): Promise<Reply> {
  return call(app, 'POST', PUBLIC_BOOKINGS, { headers: { ...headers, 'content-type': contentType }, raw })
}
