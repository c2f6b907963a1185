// Waking a Payload instance's webhook delivery worker after a commit that queued deliveries:
// the worker (src/operations/webhooks/deliver.ts) registers its wake-up here, the outbox
// (hooks/shared/webhookEvents.ts) calls it, neither knowing the other. No worker (a script):
// nothing to wake, the server's worker finds the rows on its next poll.
import type { Payload } from 'payload'

const wakers = new WeakMap<Payload, () => void>()

export function registerWebhookWaker(payload: Payload, wake: () => void): void {
  wakers.set(payload, wake)
}

export function forgetWebhookWaker(payload: Payload): void {
  wakers.delete(payload)
}

export function wakeWebhookWorker(payload: Payload): void {
  wakers.get(payload)?.()
}
