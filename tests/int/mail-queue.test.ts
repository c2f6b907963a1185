// Mail through the jobs queue (issue 11), SMTP up: the booking emails (decision 44) from
// every path, only for what was committed, sent jobs deleted, and the queue closed to HTTP.
// SMTP down: tests/int/fault-smtp-down.test.ts.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'

import { adminActor, anonymous, call, citizenActor, type Actor } from '../helpers/catalogue'
import { ADMIN_BOOKINGS, bookableService, book, customerActor, localDate } from '../helpers/bookings'
import { checkInvariants } from '../helpers/invariants'
import { startMailbox, type Mail, type Mailbox } from '../helpers/mailbox'
import { sql, startTestApp, type TestApp } from '../helpers/test-app'

let app: TestApp
let mailbox: Mailbox
let admin: Actor
let service: { id: string; slug: string }
const day = localDate(40)

const subjects = (email: string) => mailbox.to(email).map((mail) => mail.subject)
/** Resolves once every queued mail is sent (a sent job is deleted after SMTP took the mail). */
async function drained(): Promise<void> {
  const deadline = Date.now() + 10_000
  while ((await sql(app, `SELECT 1 FROM payload_jobs WHERE queue = 'mail'`)).length) {
    if (Date.now() > deadline) throw new Error('the mail queue did not drain')
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}
const mailTo = (email: string, subject: string): Promise<Mail> => mailbox.waitFor((mail) => mail.to.includes(email) && mail.subject === subject, 10_000)

beforeAll(async () => {
  mailbox = await startMailbox()
  Object.assign(process.env, mailbox.env)
  app = await startTestApp()
  admin = await adminActor(app)
  service = await bookableService(admin, day)
})

afterAll(async () => {
  await app.stop()
  await mailbox.stop()
})

describe('booking emails to the customer', () => {
  it('"received" when the booking is made, one per status move, none for a reply', async () => {
    const customer = await customerActor(app, 'Mia Mail')
    const made = await book(customer, { serviceId: service.id, bookingDate: day.date, bookingTime: '09:00' })
    expect(made.status).toBe(201)
    const id = made.body.booking.id
    const received = await mailTo(customer.user.email, 'Booking received: Piano lesson')
    expect(received.text).toContain(`Piano lesson on ${day.date} at 09:00`)

    expect((await admin.send(ADMIN_BOOKINGS, { action: 'respond', id, providerResponse: 'See you there' }, 'PATCH')).status).toBe(200)
    expect((await admin.send(ADMIN_BOOKINGS, { action: 'confirm', id }, 'PATCH')).status).toBe(200)
    const confirmed = await mailTo(customer.user.email, 'Booking confirmed: Piano lesson')
    expect(confirmed.text).toContain(`Your booking of Piano lesson on ${day.date} at 09:00 was confirmed.`)
    await drained()
    expect(subjects(customer.user.email)).toEqual(['Booking received: Piano lesson', 'Booking confirmed: Piano lesson'])
  })

  it('a move through the stock route (the admin panel) mails too, found by the runner without a wake-up', async () => {
    const customer = await customerActor(app)
    const made = await book(customer, { serviceId: service.id, bookingDate: day.date, bookingTime: '10:00' })
    await mailTo(customer.user.email, 'Booking received: Piano lesson')
    const moved = await call(app, 'PATCH', `/api/bookings/${made.body.booking.id}`, { headers: admin.headers, body: { status: 'cancelled_by_provider' } })
    expect(moved.status).toBe(200)
    const cancelled = await mailTo(customer.user.email, 'Booking cancelled: Piano lesson')
    expect(cancelled.text).toContain('was cancelled')
  })

  it('a refused booking mails nothing: the rolled-back transaction takes its job with it', async () => {
    const first = await customerActor(app)
    const second = await customerActor(app)
    expect((await book(first, { serviceId: service.id, bookingDate: day.date, bookingTime: '11:00' })).status).toBe(201)
    expect((await book(second, { serviceId: service.id, bookingDate: day.date, bookingTime: '11:00' })).status).toBe(409)
    expect((await book(second, { serviceId: service.id, bookingDate: day.date, bookingTime: '12:00' })).status).toBe(201)
    await mailTo(second.user.email, 'Booking received: Piano lesson')
    await drained()
    expect(subjects(second.user.email)).toEqual(['Booking received: Piano lesson'])
  })
})

describe('the queue itself', () => {
  it('keeps nothing of a sent mail, and every invariant holds', async () => {
    await drained()
    expect(await sql(app, 'SELECT id FROM payload_jobs_log')).toEqual([])
    expect(await checkInvariants(app)).toEqual([])
  })

  it('is closed to HTTP: no route lists jobs or runs the queue, for any caller', async () => {
    const citizen = await citizenActor(app)
    for (const who of [admin, citizen, anonymous(app)]) {
      for (const path of ['/api/payload-jobs', '/api/payload-jobs/run', '/api/payload-jobs/handle-schedules']) {
        expect({ path, status: (await who.get(path)).status }).toEqual({ path, status: 404 })
      }
    }
  })
})
