// Mail through the jobs queue, SMTP up: the booking emails (docs/decisions.md "Booking emails") from
// every path, only for what was committed, sent jobs deleted, and the queue closed to HTTP.
// The runner's own batches: a burst goes in several, each mail once; a job left
// `processing` by a runner that died mid-send goes again, one whose log says it was sent
// does not. SMTP down (failed tries, backoff, giving up): tests/int/fault-smtp-down.test.ts.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'

import { wakeMailRunner } from '../../src/lib/mail-queue/runner'
import { seal } from '../../src/lib/mail-queue/seal'
import { ADMIN_BOOKINGS, book, bookableService, customerActor, localDate } from '../helpers/bookings'
import { type Actor, adminActor, anonymous, call, citizenActor } from '../helpers/catalogue'
import { checkInvariants } from '../helpers/invariants'
import { type Mail, type Mailbox, startMailbox } from '../helpers/mailbox'
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
const mailTo = (email: string, subject: string): Promise<Mail> =>
  mailbox.waitFor((mail) => mail.to.includes(email) && mail.subject === subject, 10_000)

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

    expect(
      (await admin.send(ADMIN_BOOKINGS, { action: 'respond', id, providerResponse: 'See you there' }, 'PATCH')).status,
    ).toBe(200)
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
    const moved = await call(app, 'PATCH', `/api/bookings/${made.body.booking.id}`, {
      headers: admin.headers,
      body: { status: 'cancelled_by_provider' },
    })
    expect(moved.status).toBe(200)
    const cancelled = await mailTo(customer.user.email, 'Booking cancelled: Piano lesson')
    expect(cancelled.text).toContain('was cancelled')
  })

  it('a refused booking mails nothing: the rolled-back transaction takes its job with it', async () => {
    const first = await customerActor(app)
    const second = await customerActor(app)
    expect((await book(first, { serviceId: service.id, bookingDate: day.date, bookingTime: '11:00' })).status).toBe(201)
    expect((await book(second, { serviceId: service.id, bookingDate: day.date, bookingTime: '11:00' })).status).toBe(
      409,
    )
    expect((await book(second, { serviceId: service.id, bookingDate: day.date, bookingTime: '12:00' })).status).toBe(
      201,
    )
    await mailTo(second.user.email, 'Booking received: Piano lesson')
    await drained()
    expect(subjects(second.user.email)).toEqual(['Booking received: Piano lesson'])
  })
})

describe('the queue itself', () => {
  it('a burst of bookings: every "received" mail once, in batches of ten, nothing left behind', async () => {
    const burst = await bookableService(admin, day)
    const customer = await customerActor(app, 'Bea Burst')
    // 24 bookings at once (three dates of the service's weekday, eight hours each): three batches.
    const times = [47, 54, 61].flatMap((days) =>
      ['09:00', '10:00', '11:00', '12:00', '13:00', '14:00', '15:00', '16:00'].map((bookingTime) => ({
        bookingDate: localDate(days).date,
        bookingTime,
      })),
    )
    const made = await Promise.all(times.map((time) => book(customer, { serviceId: burst.id, ...time })))
    expect(made.map((reply) => reply.status)).toEqual(times.map(() => 201))
    const deadline = Date.now() + 20_000
    while (subjects(customer.user.email).length < times.length && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 100))
    await drained()
    const received = mailbox.to(customer.user.email)
    expect(received.map((mail) => mail.subject)).toEqual(times.map(() => 'Booking received: Piano lesson'))
    // Each booking's mail, none twice.
    expect(new Set(received.map((mail) => /on (\S+) at (\S+)\./.exec(mail.text)?.slice(1).join(' '))).size).toBe(
      times.length,
    )
    expect(await sql(app, 'SELECT id FROM payload_jobs_log')).toEqual([])
  })

  it('a job left `processing` by a runner that died mid-send is sent; one whose log says sent is not sent again', async () => {
    const queue = async (to: string, processing: boolean) =>
      (
        await sql<{ id: string }>(
          app,
          `INSERT INTO payload_jobs (input, task_slug, queue, processing) VALUES ($1, 'send-mail', 'mail', $2) RETURNING id::text`,
          [
            { sealed: seal(app.payload.secret, { to, subject: 'Left behind', text: 'A mail a runner had started.' }) },
            processing,
          ],
        )
      )[0]!.id
    const stuck = await queue('stuck@example.test', true)
    const sent = await queue('sent-already@example.test', false)
    // Payload's runner logged the send, then died before completing the job.
    await sql(
      app,
      `INSERT INTO payload_jobs_log (_order, _parent_id, id, executed_at, completed_at, task_slug, task_i_d, input, output, state)
                    SELECT 1, id, 'b0c1d2e3f4a5b6c7d8e9f0a1', now(), now(), 'send-mail', '1', input, '{}', 'succeeded' FROM payload_jobs WHERE id = $1`,
      [sent],
    )
    wakeMailRunner(app.payload)
    await mailTo('stuck@example.test', 'Left behind')
    await drained()
    expect(await sql(app, 'SELECT id FROM payload_jobs WHERE id = ANY($1::uuid[])', [[stuck, sent]])).toEqual([])
    expect(mailbox.to('stuck@example.test')).toHaveLength(1)
    expect(mailbox.to('sent-already@example.test')).toEqual([])
  })

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
