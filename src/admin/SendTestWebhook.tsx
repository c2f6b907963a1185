'use client'
// "Send test" on a webhook's page: POST /api/admin/webhooks {action: test}, the endpoint apps
// use, so the panel queues the same `webhook.test` delivery (it appears in the delivery log).
import { Button, useDocumentInfo } from '@payloadcms/ui'

import { usePanelPost } from './usePanelPost'

export function SendTestWebhook() {
  const { id } = useDocumentInfo()
  const { busy, outcome, post } = usePanelPost()
  if (!id) return null
  const sendTest = () => post('/api/admin/webhooks', { action: 'test', id }, () => 'Test event queued: see the deliveries below')
  return (
    <div data-testid="send-test-webhook">
      <Button buttonStyle="secondary" disabled={busy} onClick={sendTest} type="button" size="medium">
        Send test
      </Button>
      {outcome && <p role="status">{outcome.message}</p>}
    </div>
  )
}
