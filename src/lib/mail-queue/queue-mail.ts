// The one way the application sends mail: a job in the caller's transaction (`req`), so the
// mail exists exactly when the change it reports was committed, and an SMTP outage costs a
// delay, never the mail or the request. The runner is woken after the commit.
import type { PayloadRequest } from 'payload'

import { afterCommit } from '../transaction'
import { wakeMailRunner } from './runner'
import { seal } from './seal'
import { MAIL_QUEUE, SEND_MAIL_TASK, type OutgoingMail } from './send-mail-task'

export async function queueMail(req: PayloadRequest, mail: OutgoingMail): Promise<void> {
  // Payload's queue() writes the job with db.create and this `req`: in its transaction.
  await req.payload.jobs.queue({ task: SEND_MAIL_TASK, queue: MAIL_QUEUE, input: { sealed: seal(req.payload.secret, mail) }, req } as never)
  const { payload } = req
  afterCommit(req, () => wakeMailRunner(payload))
}
