// Digests (docs/api.md "Notification settings"): during DIGEST_HOUR each instance sweeps the members with a
// type set to `daily` (and on Mondays `weekly`), a keyset page at a time; a page's members are claimed for
// the period (their notification_digests row, so any number of instances send each digest once), and
// each claimed member with unread items of those types since their last digest gets one mail, in the
// transaction of the claim. Nothing new: the period is claimed, nothing is sent.
import { createLocalReq, type Payload, type PayloadRequest } from 'payload'

import { NOTIFICATION_TYPES, type NotificationType } from '../../../domain/notification-types'
import type { BackgroundWorker } from '../../lib/background-workers'
import { queueMail } from '../../lib/mail-queue/queue-mail'
import { type PollingLoop, startPollingLoop } from '../../lib/polling-loop'
import { runIn, statement } from '../../lib/prepared'
import { settings } from '../../lib/settings'
import { inTransaction } from '../../lib/transaction'
import { digestTexts } from './digest-texts'
import { unsubscribeHeaders, unsubscribeUrl } from './unsubscribe-token'

export type Cadence = 'daily' | 'weekly'

/** Members per page (one claim, one read of their items, one of their addresses). */
export const DIGEST_PAGE = 500

const PERIOD_DAYS: Record<Cadence, number> = { daily: 1, weekly: 7 }

// The primary key (user_id, type) is walked in order: a page stops after its last member.
const MEMBERS = statement(
  'digest-members',
  `SELECT user_id FROM notification_settings
   WHERE email = $1 AND ($2::uuid IS NULL OR user_id > $2::uuid)
   GROUP BY user_id ORDER BY user_id LIMIT $3`,
)

// A member whose row already names this period is someone else's (or an earlier sweep's) to send.
const CLAIM = statement(
  'digest-claim',
  `INSERT INTO notification_digests AS d (user_id, cadence, period, sent_at)
   SELECT unnest($1::uuid[]), $2, $3, $4
   ON CONFLICT (user_id, cadence) DO UPDATE
   SET period = EXCLUDED.period, previous_sent_at = d.sent_at, sent_at = EXCLUDED.sent_at
   WHERE d.period <> EXCLUDED.period
   RETURNING user_id, previous_sent_at`,
)

// Unread, of a type the member digests at this cadence, after their last digest and up to this claim.
const ITEMS = statement(
  'digest-items',
  `SELECT c.user_id, n.type, n.title, n.created_at
   FROM unnest($1::uuid[], $2::timestamptz[]) AS c(user_id, since)
   JOIN notifications n ON n.user_id_id = c.user_id AND n.read_at IS NULL
     AND n.created_at > c.since AND n.created_at <= $4
   JOIN notification_settings s ON s.user_id = c.user_id AND s.type = n.type::text AND s.email = $3
   ORDER BY c.user_id, n.created_at`,
)

const RECIPIENTS = statement(
  'digest-recipients',
  `SELECT u.id, u.email, p.locale FROM users u LEFT JOIN profiles p ON p.user_id = u.id
   WHERE u.id = ANY($1::uuid[]) AND u.email IS NOT NULL AND NOT coalesce(u.banned, false)`,
)

interface Item {
  user_id: string
  type: NotificationType
  title: string
  created_at: Date
}

const pad = (n: number) => String(n).padStart(2, '0')

/** The period `now` falls in on the server's clock: its day, or its week's Monday. */
export function periodOf(cadence: Cadence, now: Date): string {
  const day = new Date(now.getFullYear(), now.getMonth(), now.getDate())
  if (cadence === 'weekly') day.setDate(day.getDate() - ((day.getDay() + 6) % 7))
  return `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`
}

/** The cadences due at `now`: daily in DIGEST_HOUR, weekly too on a Monday. */
export function dueCadences(now: Date, hour = settings().digests.hour): Cadence[] {
  if (now.getHours() !== hour) return []
  return now.getDay() === 1 ? ['daily', 'weekly'] : ['daily']
}

function digestMail(
  secret: string,
  cadence: Cadence,
  email: string,
  locale: string | null,
  userId: string,
  items: Item[],
) {
  const texts = digestTexts(locale)
  const types = NOTIFICATION_TYPES.filter((type) => items.some((item) => item.type === type))
  const sections = types.map((type) => {
    const lines = items.filter((item) => item.type === type).map((item) => `- ${item.title}`)
    return `${texts.types[type]}\n${lines.join('\n')}\n${texts.unsubscribe}: ${unsubscribeUrl(secret, userId, type)}`
  })
  return {
    to: email,
    subject: `${texts[cadence]}: ${texts.countText(items.length)}`,
    text: `${texts.countText(items.length)}\n\n${sections.join('\n\n')}`,
    // One type per token: the header names the digest's first type, each section links its own.
    headers: unsubscribeHeaders(secret, userId, types[0]!),
  }
}

/** Claims and mails one page of members; the number of digests queued. */
async function sendPage(req: PayloadRequest, cadence: Cadence, memberIds: string[], now: Date): Promise<number> {
  return inTransaction(req, async () => {
    const claimed = (
      await runIn<{ user_id: string; previous_sent_at: Date | null }>(req, CLAIM, [
        memberIds,
        cadence,
        periodOf(cadence, now),
        now,
      ])
    ).rows
    if (claimed.length === 0) return 0
    const floor = new Date(now.getTime() - PERIOD_DAYS[cadence] * 86_400_000)
    const since = claimed.map((row) => row.previous_sent_at ?? floor)
    const items = (await runIn<Item>(req, ITEMS, [claimed.map((row) => row.user_id), since, cadence, now])).rows
    if (items.length === 0) return 0
    const byMember = new Map<string, Item[]>()
    for (const item of items) byMember.set(item.user_id, [...(byMember.get(item.user_id) ?? []), item])
    const recipients = (
      await runIn<{ id: string; email: string; locale: string | null }>(req, RECIPIENTS, [[...byMember.keys()]])
    ).rows
    for (const recipient of recipients) {
      const mail = digestMail(
        req.payload.secret,
        cadence,
        recipient.email,
        recipient.locale,
        String(recipient.id),
        byMember.get(String(recipient.id))!,
      )
      await queueMail(req, mail)
    }
    return recipients.length
  })
}

/** Every digest due at `now` (the sweep's round; a test calls it with the time it needs). */
export async function sendDigests(
  payload: Payload,
  now = new Date(),
  stopping: () => boolean = () => false,
): Promise<number> {
  const req = await createLocalReq({}, payload)
  let sent = 0
  for (const cadence of dueCadences(now)) {
    let after: string | null = null
    while (!stopping()) {
      const page: string[] = (await runIn<{ user_id: string }>(req, MEMBERS, [cadence, after, DIGEST_PAGE])).rows.map(
        (row) => String(row.user_id),
      )
      if (page.length === 0) break
      sent += await sendPage(req, cadence, page, now)
      after = page[page.length - 1]!
      if (page.length < DIGEST_PAGE) break
    }
  }
  return sent
}

const sweepers = new WeakMap<Payload, PollingLoop>()

export function startDigestSweeper(payload: Payload): void {
  const loop = startPollingLoop({
    intervalMs: settings().digests.sweepSeconds * 1000,
    round: async (stopping) => {
      await sendDigests(payload, new Date(), stopping)
    },
    onOutage: (err) => payload.logger.warn({ err, msg: 'digests: sweep failed; retrying on the next tick' }),
  })
  sweepers.set(payload, loop)
}

export async function stopDigestSweeper(payload: Payload): Promise<void> {
  const loop = sweepers.get(payload)
  sweepers.delete(payload)
  await loop?.stop()
}

export const digestSweeper: BackgroundWorker = { start: startDigestSweeper, stop: stopDigestSweeper }
