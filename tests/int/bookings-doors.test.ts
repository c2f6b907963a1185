// A booking made or moved through each door (the public endpoint, the admin API, the stock
// route, the Local API the panel uses) leaves the same records: the row, the audit entry, the
// notification, the mail job and the webhook outbox row, alike but for its time and ids.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'

import { stopMailRunner } from '../../src/lib/mail-queue/runner'
import { unseal } from '../../src/lib/mail-queue/seal'
import { ADMIN_BOOKINGS, book, bookableService, customerActor, localDate } from '../helpers/bookings'
import { type Actor, adminActor } from '../helpers/catalogue'
import { sql, startTestApp, type TestApp } from '../helpers/test-app'

let app: TestApp
let admin: Actor
let customer: Actor
let service: { id: string; slug: string }
const day = localDate(16)

beforeAll(async () => {
  app = await startTestApp()
  // The mail jobs stay in the queue to be read here.
  await stopMailRunner(app.payload)
  admin = await adminActor(app)
  customer = await customerActor(app, 'Dora Door')
  service = await bookableService(admin, day, {
    durationMinutes: 45,
    basePrice: '30.00',
    priceType: 'hourly',
    bufferBeforeMinutes: 5,
    bufferAfterMinutes: 10,
  })
  const [hook] = await sql<{ id: string }>(
    app,
    `INSERT INTO webhooks (url, secret, active)
     VALUES ('http://127.0.0.1:9/hook', 'whsec_dGVzdHRlc3R0ZXN0dGVzdHRlc3R0ZXN0', true) RETURNING id`,
  )
  await sql(app, `INSERT INTO webhooks_events ("order", parent_id, value) VALUES (1, $1, '*')`, [hook!.id])
})

afterAll(async () => {
  await app.stop()
})

const TIMED = new Set([
  'id',
  'bookingTime',
  'endTime',
  'startMinute',
  'endMinute',
  'createdAt',
  'updatedAt',
  'timestamp',
])
const TIMED_COLUMNS = new Set([
  'id',
  'booking_time',
  'end_time',
  'start_minute',
  'end_minute',
  'created_at',
  'updated_at',
])

/** `value` without its times and ids (at any depth), its texts' times and the booking's id (`own`) replaced. */
function untimed(value: unknown, own: string, keys = TIMED): unknown {
  if (typeof value === 'string') {
    return value
      .replace(/\b\d{2}:\d{2}\b/g, 'HH:MM')
      .replace(/\b\d{8}T\d{6}Z?\b/g, 'YYYYMMDDTHHMMSS')
      .replaceAll(own, 'BOOKING')
  }
  if (Array.isArray(value)) return value.map((item) => untimed(item, own, keys))
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([key]) => !keys.has(key))
        .map(([key, item]) => [key, untimed(item, own, keys)]),
    )
  }
  return value
}

/** Everything a booking's creation or move wrote, by the action or event it wrote. */
async function recordsOf(id: string, action: string, event: string) {
  const [row] = await sql(app, 'SELECT * FROM bookings WHERE id = $1', [id])
  const audit = await sql(
    app,
    'SELECT action, user_id, target_type, data FROM audit_logs WHERE target_id = $1 AND action = $2',
    [id, action],
  )
  const notices = await sql(
    app,
    'SELECT user_id_id, type, title, body, target_type FROM notifications WHERE target_id = $1 ORDER BY created_at',
    [id],
  )
  const outbox = await sql<{ event: string; status: string; body: unknown }>(
    app,
    'SELECT event, status, body FROM webhook_deliveries WHERE record_key = $1 AND event = $2',
    [`bookings:${id}`, event],
  )
  const jobs = await sql<{ input: { sealed: string }; task_slug: string; queue: string }>(
    app,
    'SELECT input, task_slug, queue FROM payload_jobs WHERE completed_at IS NULL ORDER BY created_at',
  )
  const mails = jobs
    .map((job) => ({
      task: job.task_slug,
      queue: job.queue,
      mail: unseal<Record<string, unknown>>(app.payload.secret, job.input.sealed),
    }))
    // A mail names its booking by the booking's id (a calendar file) or its time (the text).
    .filter(
      (job) =>
        job.mail.to === customer.user.email &&
        [id, String(row!.booking_time)].some((key) => JSON.stringify(job.mail).includes(key)),
    )
  return {
    row: untimed(row, id, TIMED_COLUMNS),
    audit: untimed(audit, id),
    notices: untimed(notices, id),
    mails: untimed(mails, id),
    outbox: untimed(outbox, id),
    counts: { audit: audit.length, notices: notices.length, mails: mails.length, outbox: outbox.length },
  }
}

type Door = (time: string) => Promise<string>

const CREATE_DOORS: Record<string, Door> = {
  'public POST /api/services/bookings': async (bookingTime) => {
    const reply = await book(customer, {
      serviceId: service.id,
      bookingDate: day.date,
      bookingTime,
      customerMessage: 'Ring twice',
    })
    expect(reply.status).toBe(201)
    return reply.body.booking.id as string
  },
  'stock POST /api/bookings': async (bookingTime) => {
    const response = await app.request('/api/bookings', {
      method: 'POST',
      headers: { ...admin.headers, 'content-type': 'application/json' },
      body: JSON.stringify({
        service: service.id,
        customer: customer.user.id,
        bookingDate: day.date,
        bookingTime,
        customerMessage: 'Ring twice',
      }),
    })
    expect(response.status).toBe(201)
    return ((await response.json()) as { doc: { id: string } }).doc.id
  },
  'Local API create (the panel)': async (bookingTime) => {
    const doc = await app.payload.create({
      collection: 'bookings',
      data: {
        service: service.id,
        customer: customer.user.id,
        bookingDate: day.date,
        bookingTime,
        customerMessage: 'Ring twice',
      } as never,
      user: { ...admin.user, collection: 'users' } as never,
      overrideAccess: false,
    })
    return String(doc.id)
  },
}

const CONFIRM_DOORS: Record<string, (id: string) => Promise<void>> = {
  'admin API PATCH /api/admin/services/bookings': async (id) => {
    expect((await admin.send(ADMIN_BOOKINGS, { action: 'confirm', id }, 'PATCH')).status).toBe(200)
  },
  'stock PATCH /api/bookings/:id': async (id) => {
    const response = await app.request(`/api/bookings/${id}`, {
      method: 'PATCH',
      headers: { ...admin.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ status: 'confirmed' }),
    })
    expect(response.status).toBe(200)
  },
  'Local API update (the panel)': async (id) => {
    await app.payload.update({
      collection: 'bookings',
      id,
      data: { status: 'confirmed' } as never,
      user: { ...admin.user, collection: 'users' } as never,
      overrideAccess: false,
    })
  },
}

const times = ['10:00', '11:00', '12:00', '13:00', '14:00', '15:00']

describe('a new booking, whichever door it comes in by', () => {
  const made: Record<string, string> = {}
  const records: Record<string, Awaited<ReturnType<typeof recordsOf>>> = {}

  beforeAll(async () => {
    let i = 0
    for (const [door, create] of Object.entries(CREATE_DOORS)) {
      made[door] = await create(times[i++]!)
      records[door] = await recordsOf(made[door], 'booking.create', 'booking.created')
    }
  })

  it.each(Object.keys(CREATE_DOORS))(
    '%s writes the row, one audit entry, notification, mail job and outbox row',
    (door) => {
      expect(records[door]!.counts).toEqual({ audit: 1, notices: 1, mails: 1, outbox: 1 })
      expect(records[door]!.row).toMatchObject({
        status: 'pending',
        total_price: '2250',
        buffer_before_minutes: '5',
        buffer_after_minutes: '10',
        customer_id: customer.user.id,
      })
    },
  )

  it.each(Object.keys(CREATE_DOORS).slice(1))('%s writes what the public booking writes', (door) => {
    const ours = records['public POST /api/services/bookings']!
    const theirs = records[door]!
    expect(theirs.row).toEqual(ours.row)
    // The audit entry names who acted: the customer on the public door, the admin on the others.
    const actorless = (audit: unknown) =>
      (audit as Array<Record<string, unknown>>).map(({ user_id: _, ...rest }) => rest)
    expect(actorless(theirs.audit)).toEqual(actorless(ours.audit))
    expect(theirs.notices).toEqual(ours.notices)
    expect(theirs.mails).toEqual(ours.mails)
    expect(theirs.outbox).toEqual(ours.outbox)
  })
})

describe('a confirmation, whichever door it comes in by', () => {
  const records: Record<string, Awaited<ReturnType<typeof recordsOf>>> = {}

  beforeAll(async () => {
    let i = 3
    for (const [door, confirm] of Object.entries(CONFIRM_DOORS)) {
      const id = await CREATE_DOORS['public POST /api/services/bookings']!(times[i++]!)
      await confirm(id)
      records[door] = await recordsOf(id, 'booking.confirm', 'booking.confirmed')
    }
  })

  it.each(Object.keys(CONFIRM_DOORS))(
    '%s writes one audit entry, the customer’s notice and mail, one outbox row',
    (door) => {
      expect(records[door]!.counts).toEqual({ audit: 1, notices: 2, mails: 2, outbox: 1 })
      expect(records[door]!.row).toMatchObject({ status: 'confirmed' })
      expect(records[door]!.audit).toEqual([
        expect.objectContaining({
          action: 'booking.confirm',
          user_id: admin.user.id,
          data: expect.objectContaining({ from: 'pending', to: 'confirmed' }),
        }),
      ])
    },
  )

  it.each(Object.keys(CONFIRM_DOORS).slice(1))('%s writes what the admin API writes', (door) => {
    const ours = records['admin API PATCH /api/admin/services/bookings']!
    expect(records[door]).toEqual(ours)
  })
})
