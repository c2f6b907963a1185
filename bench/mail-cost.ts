// `npx tsx bench/mail-cost.ts [count] > /dev/null`: the mail runner's CPU per mail,
// alone. An embedded PostgreSQL, the server's mail runner stopped; `count` booking "received"
// mails queued as a booking queues them, then sent by the runner's own batches
// (send-batch.ts, 10 at a time, as a run sends them) with Payload's logger at the server's
// level (the bench's server has no SMTP_HOST: a mail is "sent" to the log, as there; with
// SMTP_HOST set, through nodemailer to it; MAIL_COST_LOG_LEVEL=warn leaves the log line out:
// the runner's own share). Printed on stderr: CPU ms per mail (user + system of this process).
import os from 'node:os'

import { runWithOwnPayload } from './own-payload'

const COUNT = Number(process.argv[2] ?? 1000)
const BATCH = 10

runWithOwnPayload('mail-cost', {}, async (payload) => {
  const { stopMailRunner } = await import('../src/lib/mail-queue/runner')
  const { sendMailBatch } = await import('../src/lib/mail-queue/send-batch')
  const { seal } = await import('../src/lib/mail-queue/seal')
  const { MAIL_QUEUE, SEND_MAIL_TASK } = await import('../src/lib/mail-queue/send-mail-task')
  await stopMailRunner(payload)
  if (process.env.MAIL_COST_LOG_LEVEL) payload.logger.level = process.env.MAIL_COST_LOG_LEVEL
  const pool = payload.db.pool
  const queue = async (n: number) => {
    const mail = {
      to: 'customer@example.test',
      subject: 'Booking received: Bench service',
      text: 'We received your booking of Bench service on 2031-01-01 at 10:00.',
    }
    const inputs = Array.from({ length: n }, () => JSON.stringify({ sealed: seal(payload.secret, mail) }))
    await pool.query(
      `INSERT INTO payload_jobs (input, task_slug, queue, created_at, updated_at) SELECT i::jsonb, $2, $3, now(), now() FROM unnest($1::text[]) i`,
      [inputs, SEND_MAIL_TASK, MAIL_QUEUE],
    )
  }
  const drain = async () => {
    const client = await pool.connect()
    try {
      while ((await sendMailBatch(payload, client as never, BATCH)) > 0);
    } finally {
      client.release()
    }
  }
  await queue(200)
  await drain() // warm-up
  await queue(COUNT)
  const cpu = process.cpuUsage()
  await drain()
  const used = process.cpuUsage(cpu)
  process.stderr.write(
    `${COUNT} mails in batches of ${BATCH}: CPU ${((used.user + used.system) / 1000 / COUNT).toFixed(3)} ms per mail, load ${os
      .loadavg()
      .map((v) => v.toFixed(2))
      .join(' ')}\n`,
  )
})
