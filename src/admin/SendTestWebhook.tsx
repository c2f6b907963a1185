'use client'
// "Send test" on a webhook's page: POST /api/admin/webhooks {action: test}, the endpoint apps
// use, so the panel queues the same `webhook.test` delivery. It then follows that delivery
// (GET /api/admin/webhooks?id=) until its first attempt is over and says how it went; the
// delivery log below shows it from the next load of the page.
import { Button, useDocumentInfo } from '@payloadcms/ui'
import { useState } from 'react'

import { usePanelPost } from './usePanelPost'

interface Delivery {
  id: string
  status: 'pending' | 'succeeded' | 'failed'
  attempts: number
  responseStatus: number | null
  durationMs: number | null
  nextAttemptAt: string | null
}

const FOLLOW_MS = 30_000
const POLL_MS = 500

function outcomeText(delivery: Delivery): string {
  const answer = delivery.responseStatus ? `HTTP ${delivery.responseStatus}` : 'no answer'
  if (delivery.status === 'succeeded')
    return `Delivered: ${answer}${delivery.durationMs != null ? ` in ${delivery.durationMs} ms` : ''}. Reload the page to see it in the deliveries below.`
  if (delivery.status === 'failed') return `Failed: ${answer}. See the deliveries below.`
  return `Attempt ${delivery.attempts} failed (${answer}); retried ${delivery.nextAttemptAt ? `at ${new Date(delivery.nextAttemptAt).toLocaleTimeString()}` : 'soon'}.`
}

async function firstAttempt(webhookId: string, deliveryId: string): Promise<Delivery | null> {
  for (const until = Date.now() + FOLLOW_MS; Date.now() < until;) {
    const response = await fetch(`/api/admin/webhooks?id=${webhookId}`, { credentials: 'include' })
    if (!response.ok) return null
    const { deliveries } = (await response.json()) as { deliveries: Delivery[] }
    const delivery = deliveries.find((item) => item.id === deliveryId)
    // Claiming counts the attempt; its outcome (and duration) is written when it is over.
    if (delivery && (delivery.status !== 'pending' || (delivery.attempts > 0 && delivery.durationMs != null)))
      return delivery
    await new Promise((resolve) => setTimeout(resolve, POLL_MS))
  }
  return null
}

export function SendTestWebhook() {
  const { id } = useDocumentInfo()
  const { busy, outcome, post } = usePanelPost()
  const [result, setResult] = useState<string | null>(null)
  if (!id) return null
  // Unawaited from the button (React ignores a handler's result): the post catches its own failures, and a poll
  // that fails leaves the post's message shown.
  const sendTest = async () => {
    setResult(null)
    let deliveryId = ''
    const queued = await post<{ deliveryId: string }>(
      '/api/admin/webhooks',
      { action: 'test', id },
      (answer) => ((deliveryId = answer.deliveryId), 'Test event queued…'),
    )
    if (!queued) return
    const delivery = await firstAttempt(String(id), deliveryId)
    setResult(delivery ? outcomeText(delivery) : 'Not attempted yet: see the deliveries below later.')
  }
  return (
    <div data-testid="send-test-webhook" style={{ marginBottom: 'var(--base)' }}>
      <Button buttonStyle="secondary" disabled={busy} onClick={() => void sendTest()} type="button" size="medium">
        Send test
      </Button>
      {(result || outcome) && <p role="status">{result ?? outcome!.message}</p>}
    </div>
  )
}
