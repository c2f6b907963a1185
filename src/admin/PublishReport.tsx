'use client'
// "Publish" on the transparency page: POST /api/admin/transparency-reports for the period shown.
import { Button } from '@payloadcms/ui'
import { useState } from 'react'

export function PublishReport({ from, to }: { from: string; to: string }) {
  const [busy, setBusy] = useState(false)
  const [message, setMessage] = useState<string | null>(null)
  const publish = async () => {
    setBusy(true)
    try {
      const response = await fetch('/api/admin/transparency-reports', {
        method: 'POST',
        credentials: 'include',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ from, to }),
      })
      const answer = (await response.json().catch(() => ({}))) as { report?: { id: string }; message?: string }
      setMessage(response.ok ? `Published: /api/transparency-reports/${answer.report!.id}` : (answer.message ?? `Failed (${response.status})`))
    } catch {
      setMessage('The server could not be reached')
    } finally {
      setBusy(false)
    }
  }
  return (
    <div data-testid="publish-report">
      <Button buttonStyle="primary" disabled={busy} onClick={publish} type="button">
        Publish this report
      </Button>
      {message && <p role="status">{message}</p>}
    </div>
  )
}
