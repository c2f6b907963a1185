// Booking reminders, exactly once with any number of instances (docs/decisions.md "Reminders are claimed,
// not scheduled"): a sweep claims due bookings and queues their mails in one transaction, and a mail whose
// booking was cancelled meanwhile is dropped by its `booking-confirmed` condition.
import { createLocalReq, type Payload, type PayloadRequest } from 'payload'

import { writeAudit } from '../../../hooks/shared/audit'
import type { BackgroundWorker } from '../../lib/background-workers'
import type { MailCondition } from '../../lib/mail-queue/send-mail-task'
import { type PollingLoop, startPollingLoop } from '../../lib/polling-loop'
import { run, runIn, statement } from '../../lib/prepared'
import { settings } from '../../lib/settings'
import { inTransaction } from '../../lib/transaction'
import { nowWallClockMinute } from '../../lib/wall-clock'
import { queueNoticeMail } from '../notifications/notice-mail'

/** Bookings claimed per sweep; a sweep that fills it runs again at once. */
const BATCH = 100

// The partial index bookings_reminder_due_idx (start_minute WHERE confirmed AND not reminded)
// holds exactly the candidates.
const CLAIM_DUE = statement(
  'claim-due-reminders',
  `WITH due AS (
     SELECT id FROM bookings
     WHERE status = 'confirmed' AND reminder_queued_at IS NULL AND start_minute >= $1 AND start_minute <= $2
     ORDER BY start_minute LIMIT ${BATCH}
     FOR UPDATE SKIP LOCKED
   )
   UPDATE bookings b SET reminder_queued_at = $3 FROM due
   WHERE b.id = due.id AND b.status = 'confirmed' AND b.reminder_queued_at IS NULL
   RETURNING b.id, b.booking_date, b.booking_time, b.customer_id,
     (SELECT coalesce(nullif(s.title, ''), s.slug) FROM service_listings s WHERE s.id = b.service_id) AS service_title,
     (SELECT u.email FROM users u WHERE u.id = b.customer_id) AS customer_email`,
)

interface Claimed {
  id: string
  booking_date: string
  booking_time: string
  customer_id: string
  service_title: string | null
  customer_email: string | null
}

/** The mail condition of a reminder: its booking is still confirmed when the mail leaves. */
export const BOOKING_CONFIRMED = 'booking-confirmed'

const STILL_CONFIRMED = statement(
  'booking-still-confirmed',
  `SELECT 1 FROM bookings WHERE id = $1 AND status = 'confirmed'`,
)
const STILL_CONFIRMED_AT = statement(
  'booking-still-confirmed-at',
  `SELECT 1 FROM bookings WHERE id = $1 AND status = 'confirmed' AND booking_date = $2 AND booking_time = $3`,
)

/** A reminder's key: the booking and the start it reminds of, so a moved booking's old reminder is dropped. */
export const reminderKey = (id: string, date: string, time: string) => `${id} ${date} ${time}`

// A key of the booking's id alone (queued before keys named the start) checks the status only.
const stillConfirmed: MailCondition = async (req, key) => {
  const [id, date, time] = key.split(' ')
  const { rows } =
    date && time
      ? await run(req.payload, STILL_CONFIRMED_AT, [id, date, time])
      : await run(req.payload, STILL_CONFIRMED, [id])
  return rows.length > 0
}

/** The conditions the reminders' mails name, for the mail queue (`jobsConfig` in payload.config.ts). */
export const reminderMailConditions: Record<string, MailCondition> = { [BOOKING_CONFIRMED]: stillConfirmed }

/** One sweep: claims the confirmed bookings starting within the next `hours` and queues their reminders. */
export async function queueDueReminders(
  req: PayloadRequest,
  hours: number,
  now = nowWallClockMinute(),
): Promise<number> {
  return inTransaction(req, async () => {
    const { rows } = await runIn<Claimed>(req, CLAIM_DUE, [now, now + hours * 60, new Date()])
    for (const booking of rows) {
      const service = booking.service_title ?? 'your booking'
      const when = `${booking.booking_date} at ${booking.booking_time}`
      if (booking.customer_email) {
        await queueNoticeMail(req, {
          recipient: { userId: String(booking.customer_id), type: 'booking', inInbox: false },
          to: booking.customer_email,
          subject: `Reminder: ${service} on ${when}`,
          text: `A reminder of your confirmed booking of ${service} on ${when}.`,
          onlyIf: {
            condition: BOOKING_CONFIRMED,
            key: reminderKey(String(booking.id), booking.booking_date, booking.booking_time),
          },
        })
      }
      await writeAudit(req, {
        action: 'booking.reminder',
        targetType: 'bookings',
        targetId: String(booking.id),
        userId: null,
        data: { bookingDate: booking.booking_date, bookingTime: booking.booking_time },
      })
    }
    return rows.length
  })
}

const sweepers = new WeakMap<Payload, PollingLoop>()

/** Each instance sweeps every BOOKING_REMINDER_SWEEP_SECONDS (and once at start); none when reminders are off. */
export function startReminderSweeper(payload: Payload): void {
  const { reminderHours, reminderSweepSeconds } = settings().bookings
  if (reminderHours === 0) return
  const loop = startPollingLoop({
    intervalMs: reminderSweepSeconds * 1000,
    round: async (stopping) => {
      const req = await createLocalReq({}, payload)
      while (!stopping() && (await queueDueReminders(req, reminderHours)) === BATCH);
    },
    onOutage: (err) => payload.logger.warn({ err, msg: 'booking reminders: sweep failed; retrying on the next tick' }),
  })
  sweepers.set(payload, {
    wake: loop.wake,
    stop: async () => {
      sweepers.delete(payload)
      await loop.stop()
    },
  })
}

export async function stopReminderSweeper(payload: Payload): Promise<void> {
  await sweepers.get(payload)?.stop()
}

export const reminderSweeper: BackgroundWorker = { start: startReminderSweeper, stop: stopReminderSweeper }
