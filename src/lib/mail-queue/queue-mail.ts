// The one way the application sends mail: a job in the caller's transaction (`req`), so the
// mail exists exactly when the change it reports was committed, and an SMTP outage costs a
// delay, never the mail or the request. The runner is woken after the commit.
// The job is one prepared INSERT of the row Payload's `jobs.queue()` would write (its
// db.create: input, task, queue; the table's defaults for the rest), without queue()'s
// read-back of the row: one round trip fewer in every mailing use case, a booking among them
// (issue 10). The runner (runner.ts) sends it by Payload's rules in prepared statements of its own
// (send-batch.ts, issue 35).
import type { PayloadRequest } from 'payload'

import { runIn, statement } from '../prepared'
import { afterCommit } from '../transaction'
import { wakeMailRunner } from './runner'
import { seal } from './seal'
import { MAIL_QUEUE, SEND_MAIL_TASK, type OutgoingMail } from './send-mail-task'

const QUEUE_MAIL = statement('queue-mail', 'INSERT INTO payload_jobs (input, task_slug, queue, created_at, updated_at) VALUES ($1, $2, $3, $4, $4)')

export async function queueMail(req: PayloadRequest, mail: OutgoingMail): Promise<void> {
  await runIn(req, QUEUE_MAIL, [{ sealed: seal(req.payload.secret, mail) }, SEND_MAIL_TASK, MAIL_QUEUE, new Date()])
  const { payload } = req
  afterCommit(req, () => wakeMailRunner(payload))
}
