'use client'
// "Send test" on a webhook's page: POST /api/admin/webhooks {action: test}, the endpoint apps
// use, so the panel queues the same `webhook.test` delivery. It then follows that delivery
// (GET /api/admin/webhooks?id=) until its first attempt is over and says how it went; the
// delivery log below shows it from the next load of the page.
import { Button, useDocumentInfo } from '@payloadcms/ui'
import { useState } from 'react'

import { type PanelText } from './i18n/index'
import { usePanelText } from './i18n/usePanelText'
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

function outcomeText(delivery: Delivery, { language, t }: PanelText): string {
  const answer = delivery.responseStatus ? `HTTP ${delivery.responseStatus}` : t('webhook.noAnswer')
  if (delivery.status === 'succeeded') {
    const duration = delivery.durationMs != null ? t('webhook.inMs', { ms: delivery.durationMs }) : ''
    return t('webhook.delivered', { answer, duration })
  }
  if (delivery.status === 'failed') return t('webhook.failed', { answer })
  const when = delivery.nextAttemptAt
    ? t('webhook.retryAt', { time: new Date(delivery.nextAttemptAt).toLocaleTimeString(language) })
    : t('webhook.retrySoon')
  return t('webhook.retry', { count: delivery.attempts, answer, when })
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
  const text = usePanelText()
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
      (answer) => ((deliveryId = answer.deliveryId), text.t('webhook.queued')),
    )
    if (!queued) return
    const delivery = await firstAttempt(String(id), deliveryId)
    setResult(delivery ? outcomeText(delivery, text) : text.t('webhook.notAttempted'))
  }
  return (
    <div data-testid="send-test-webhook" style={{ marginBottom: 'var(--base)' }}>
      <Button buttonStyle="secondary" disabled={busy} onClick={() => void sendTest()} type="button" size="medium">
        {text.t('webhook.sendTest')}
      </Button>
      {(result || outcome) && <p role="status">{result ?? outcome!.message}</p>}
    </div>
  )
}
