// Fault 4: SMTP down during sign-up and booking. The requests succeed and their
// rows exist; the mails wait in the jobs queue (sealed: no token in clear anywhere in the
// database or the log) and go out once SMTP is back. A mail whose attempts run out is
// logged and left as a failed job, not retried forever.
// Retries are fast here (MAIL_RETRY_DELAY_MS 250: waits of 0.25, 0.5, 1, 2 and 4 s).
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'

import { book, bookableService, customerActor, localDate } from '../helpers/bookings'
import { type Actor, adminActor } from '../helpers/catalogue'
import { checkInvariants } from '../helpers/invariants'
import { captureLogs } from '../helpers/logs'
import { columnsHolding } from '../helpers/mail-invariants'
import { linkIn, type Mailbox, startMailbox } from '../helpers/mailbox'
import { sql, startTestApp, type TestApp } from '../helpers/test-app'
import { TEST_PASSWORD } from '../helpers/users'

const ATTEMPTS = 5
let app: TestApp
let smtpPort: number
let mailbox: Mailbox | null = null
let logged: string[]
let admin: Actor
const day = localDate(30)

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

async function until<T>(
  what: string,
  probe: () => Promise<T | null | undefined | false>,
  timeoutMs = 30_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = await probe()
    if (value) return value
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await sleep(100)
  }
}

interface JobRow {
  id: string
  total_tried: string
  has_error: boolean
  processing: boolean
}

const mailJobs = () =>
  sql<JobRow>(
    app,
    `SELECT id::text, total_tried::text, has_error, processing FROM payload_jobs WHERE queue = 'mail' ORDER BY created_at`,
  )

interface TryRow {
  total_tried: number
  tries_logged: number
  failed_logged: number
  logged_input_is_jobs: boolean
  errors_logged: number
  /** From the last try's record to the next try: MAIL_RETRY_DELAY_MS × 2^(failures before it). */
  wait_ms: number | null
  wait_expected_ms: number
}

/** Each mail job's tries as its log (payload_jobs_log) records them, in one snapshot. */
const tries = () =>
  sql<TryRow>(
    app,
    `SELECT j.total_tried::int, count(l.id)::int AS tries_logged, count(l.id) FILTER (WHERE l.state = 'failed')::int AS failed_logged,
       coalesce(bool_and(l.input = j.input), false) AS logged_input_is_jobs, count(l.error->>'message')::int AS errors_logged,
       (extract(epoch FROM j.wait_until - max(l.completed_at)) * 1000)::int AS wait_ms, (250 * 2 ^ (count(l.id) - 1))::int AS wait_expected_ms
     FROM payload_jobs j LEFT JOIN payload_jobs_log l ON l._parent_id = j.id
     WHERE j.queue = 'mail' GROUP BY j.id ORDER BY j.created_at`,
  )

function signUp(email: string) {
  return app.request('/api/auth/sign-up/email', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: TEST_PASSWORD }),
  })
}

beforeAll(async () => {
  // A port where nothing listens: SMTP is down from the start. The mailbox comes back on it.
  const probe = await startMailbox()
  smtpPort = probe.port
  await probe.stop()
  Object.assign(process.env, {
    SMTP_HOST: '127.0.0.1',
    SMTP_PORT: String(smtpPort),
    SMTP_SECURE: 'false',
    MAIL_RETRY_ATTEMPTS: String(ATTEMPTS),
    MAIL_RETRY_DELAY_MS: '250',
  })
  app = await startTestApp()
  logged = captureLogs(app.payload)
  admin = await adminActor(app)
})

afterAll(async () => {
  await mailbox?.stop()
  await app.stop()
})

describe('fault 4: SMTP down during sign-up and booking', () => {
  it('sign-up and booking succeed, the mails wait sealed, and go out once SMTP is back', async () => {
    const email = `smtp-down-${Date.now()}@example.test`
    const signedUp = await signUp(email)
    expect(signedUp.status).toBe(200)
    expect(await sql(app, 'SELECT 1 FROM users WHERE email = $1', [email])).toHaveLength(1)

    const service = await bookableService(admin, day)
    const customer = await customerActor(app, 'Dora Down')
    const booked = await book(customer, { serviceId: service.id, bookingDate: day.date, bookingTime: '10:00' })
    expect(booked.status).toBe(201)
    expect(await sql(app, 'SELECT status FROM bookings WHERE id = $1', [booked.body.booking.id])).toEqual([
      { status: 'pending' },
    ])

    // Both mails were tried against the dead server and wait for their retry.
    const waiting = await until('two failed first attempts', async () => {
      const jobs = await mailJobs()
      return jobs.length === 2 && jobs.every((job) => Number(job.total_tried) >= 1 && !job.has_error) && jobs
    })
    expect(waiting).toHaveLength(2)
    // Every try is in the job's log with its error and the sealed input; the next waits the
    // backoff (250 ms doubled per failure) counted from that try's record.
    for (const job of await tries()) {
      expect(job).toEqual({
        ...job,
        tries_logged: job.total_tried,
        failed_logged: job.total_tried,
        logged_input_is_jobs: true,
        errors_logged: job.total_tried,
        wait_ms: job.wait_expected_ms,
      })
    }
    // What is at rest while SMTP is down, kept for the token search below.
    await sql(app, 'CREATE TABLE smtp_down_jobs AS SELECT * FROM payload_jobs')
    await sql(app, 'CREATE TABLE smtp_down_job_log AS SELECT * FROM payload_jobs_log')
    expect(await checkInvariants(app)).toEqual([])

    mailbox = await startMailbox({ port: smtpPort })
    const verification = await mailbox.waitFor(
      (mail) => mail.to.includes(email) && /verify/i.test(mail.subject),
      20_000,
    )
    const receipt = await mailbox.waitFor(
      (mail) => mail.to.includes(customer.user.email) && mail.subject === 'Booking received: Piano lesson',
      20_000,
    )
    expect(receipt.text).toContain(`${day.date} at 10:00`)

    // The token travelled only in the mail: not in the queued job, its log, nor anywhere else.
    const token = linkIn(verification).searchParams.get('token')!
    expect(token.length).toBeGreaterThan(20)
    expect(await columnsHolding(app, token)).toEqual([])
    expect(logged.filter((line) => line.includes(token))).toEqual([])
    await sql(app, 'DROP TABLE smtp_down_jobs, smtp_down_job_log')

    // The late link still works; sent jobs leave nothing behind.
    const verified = await app.request(`/api/auth/verify-email?token=${encodeURIComponent(token)}`)
    expect(verified.status).toBe(200)
    await until('the sent jobs deleted', async () => (await mailJobs()).length === 0)
    expect(mailbox.to(email)).toHaveLength(1)
    expect(await checkInvariants(app)).toEqual([])
  })

  it('a mail whose attempts run out is logged and left as a failed job, not retried forever', async () => {
    await mailbox?.stop()
    mailbox = null
    const email = `smtp-gone-${Date.now()}@example.test`
    expect((await signUp(email)).status).toBe(200)

    const [failed] = await until('the job to give up', async () => {
      const jobs = await mailJobs()
      return jobs.length === 1 && jobs[0]!.has_error && jobs
    })
    // The first try and ATTEMPTS retries.
    expect(failed).toMatchObject({ total_tried: String(ATTEMPTS + 1), has_error: true, processing: false })
    expect(await tries()).toEqual([
      expect.objectContaining({
        total_tried: ATTEMPTS + 1,
        failed_logged: ATTEMPTS + 1,
        logged_input_is_jobs: true,
        errors_logged: ATTEMPTS + 1,
      }),
    ])
    const [kept] = await sql<{ message: string }>(
      app,
      `SELECT error->>'message' AS message FROM payload_jobs WHERE id = $1`,
      [failed!.id],
    )
    expect(kept!.message).toMatch(/ECONNREFUSED/)
    expect(logged.some((line) => /max retries reached/.test(line))).toBe(true)

    // SMTP back: the runner leaves a failed job alone.
    mailbox = await startMailbox({ port: smtpPort })
    await app.request('/api/auth/sign-up/email', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: `after-${email}`, password: TEST_PASSWORD }),
    })
    await mailbox.waitFor((mail) => mail.to.includes(`after-${email}`), 20_000)
    const left = await until('the sent job deleted', async () => {
      const jobs = await mailJobs()
      return jobs.length === 1 && jobs
    })
    expect(mailbox.to(email)).toEqual([])
    expect(left).toEqual([expect.objectContaining({ id: failed!.id, has_error: true })])
    expect(await checkInvariants(app)).toEqual([])
  })
})
