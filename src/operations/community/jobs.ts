// Community jobs on Payload's queue (docs/api.md "Classified expiry"): the classifieds' expiry task,
// queued and run on the `community` queue by a timer in every server process
// (startCommunityJobs). The task is idempotent per classified (one UPDATE … RETURNING), so
// two processes on one database never expire or notify one classified twice.
import { createLocalReq, type Payload, type TaskConfig } from 'payload'

import type { BackgroundWorker } from '../../lib/background-workers'
import { expireClassifieds } from './expire-classifieds'

export const EXPIRE_CLASSIFIEDS_TASK = 'expire-classifieds'
export const COMMUNITY_QUEUE = 'community'
/** How often expired classifieds are looked for. */
const EVERY_MS = 60_000

export function expireClassifiedsTask(): TaskConfig {
  return {
    slug: EXPIRE_CLASSIFIEDS_TASK,
    retries: 2,
    handler: async ({ req }) => {
      const expired = await expireClassifieds(req)
      return { output: { expired: expired.length } }
    },
  }
}

/** Queues one expiry run and runs the community queue: what the timer does, and tests call. */
export async function runCommunityJobs(payload: Payload): Promise<void> {
  const req = await createLocalReq({}, payload)
  await payload.jobs.queue({ task: EXPIRE_CLASSIFIEDS_TASK as never, input: {} as never, queue: COMMUNITY_QUEUE, req })
  await payload.jobs.run({ queue: COMMUNITY_QUEUE, limit: 10 })
}

const timers = new WeakMap<Payload, NodeJS.Timeout>()

export function startCommunityJobs(payload: Payload): void {
  if (timers.has(payload)) return
  const timer = setInterval(() => {
    runCommunityJobs(payload).catch((err) => payload.logger.error({ err, msg: 'community jobs run failed' }))
  }, EVERY_MS)
  timer.unref()
  timers.set(payload, timer)
}

export function stopCommunityJobs(payload: Payload): void {
  clearInterval(timers.get(payload))
  timers.delete(payload)
}

export const communityJobs: BackgroundWorker = { start: startCommunityJobs, stop: stopCommunityJobs }
