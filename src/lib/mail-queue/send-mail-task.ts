// Outgoing mail is a Payload job: queued in the transaction of the change that
// causes it, sent by the runner (./runner.ts) after commit, retried with exponential backoff
// while SMTP is down. After the last attempt the job stays in payload_jobs with `hasError`
// (the runner logs "max retries reached"): visible, not retried forever, its input still sealed.
// The task is Payload's (its config, retries and handler, so `payload.jobs.run` would send it
// alike); the runner (send-batch.ts) calls its handler and applies its retries itself.
import type { JobsConfig, PayloadRequest, TaskConfig } from 'payload'

import { settings } from '../settings'
import { unseal } from './seal'

export const SEND_MAIL_TASK = 'send-mail'
/** The queue mail jobs wait in; the runner drains this one only. */
export const MAIL_QUEUE = 'mail'

/** A file sent with the mail, as text (sealed with the rest of the mail while it waits). */
export interface MailAttachment {
  filename: string
  contentType: string
  content: string
}

/**
 * A check a mail names, run as the mail is about to leave: false drops it, as no longer
 * true (a booking reminder whose booking was cancelled after it was queued). Defined by the
 * layers above and handed in by the composition root (`jobsConfig`), as their tasks are.
 */
export type MailCondition = (req: PayloadRequest, key: string) => Promise<boolean>

export interface OutgoingMail {
  to: string
  subject: string
  text: string
  attachments?: MailAttachment[]
  /** Extra message headers (e.g. List-Unsubscribe). */
  headers?: Record<string, string>
  /** Sent only if the named condition still holds for `key` when the mail leaves. */
  onlyIf?: { condition: string; key: string }
}

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/\n/g, '<br>')

function sendMailTask(conditions: Record<string, MailCondition>): TaskConfig {
  const { retryAttempts, retryDelayMs } = settings().mail
  return {
    slug: SEND_MAIL_TASK,
    // The mail itself, sealed (./seal.ts): never a token, address or text in clear at rest.
    inputSchema: [{ name: 'sealed', type: 'text', required: true }],
    retries: { attempts: retryAttempts, backoff: { type: 'exponential', delay: retryDelayMs } },
    handler: async ({ input, req }) => {
      const mail = unseal<OutgoingMail>(req.payload.secret, (input as { sealed: string }).sealed)
      if (mail.onlyIf) {
        const holds = conditions[mail.onlyIf.condition]
        // A condition nobody registered is a deployment mistake: the job fails and stays visible.
        if (!holds) throw new Error(`mail queue: unknown mail condition "${mail.onlyIf.condition}"`)
        if (!(await holds(req, mail.onlyIf.key))) return { output: {} }
      }
      await req.payload.sendEmail({
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: `<p>${escapeHtml(mail.text)}</p>`,
        ...(mail.attachments?.length ? { attachments: mail.attachments } : {}),
        ...(mail.headers ? { headers: mail.headers } : {}),
      })
      return { output: {} }
    },
  }
}

/**
 * The jobs part of payload.config: sending mail (with the conditions mails may name), and the
 * tasks of the layers above (`payload.config.ts` hands both in). Nobody reaches the queue
 * over HTTP: the collection has no REST routes at all (Payload's own `/api/payload-jobs/run`
 * would let any signed-in user start a run, answering in a shape of its own), its access is
 * closed and it is hidden in the panel (Payload's defaults), and the Local API's access
 * checks say no as well. Completed jobs are deleted (Payload's default), so a sent mail
 * leaves nothing behind.
 */
export function jobsConfig(
  otherTasks: TaskConfig[] = [],
  mailConditions: Record<string, MailCondition> = {},
): JobsConfig {
  const nobody = () => false
  return {
    tasks: [sendMailTask(mailConditions), ...otherTasks],
    access: { run: nobody, queue: nobody, cancel: nobody },
    deleteJobOnComplete: true,
    jobsCollectionOverrides: ({ defaultJobsCollection }) => ({ ...defaultJobsCollection, endpoints: false }),
  }
}
