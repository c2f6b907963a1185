'use client'
// "Moderate" on a published comment's page in the admin panel. It posts to the very endpoint
// apps use (POST /api/admin/moderate), so the panel runs the same checks, notification and
// audit entry; the answer's message is shown as it comes.
import { Button, useDocumentInfo } from '@payloadcms/ui'
import { useState } from 'react'

type Outcome = { ok: boolean; message: string } | null

export function ModerateComment() {
  const { id } = useDocumentInfo()
  const [reason, setReason] = useState('')
  const [busy, setBusy] = useState(false)
  const [outcome, setOutcome] = useState<Outcome>(null)

  if (!id) return null

  const submit = async () => {
    setBusy(true)
    setOutcome(null)
    try {
      const response = await fetch('/api/admin/moderate', {
        method: 'POST',
        credentials: 'include',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ postType: 'blogComments', postId: String(id), reason }),
      })
      const body = (await response.json().catch(() => ({}))) as { message?: string }
      if (response.ok) {
        setOutcome({ ok: true, message: 'Comment moderated; its author has been notified.' })
        // The form shows the new status (and this box goes away with it).
        window.setTimeout(() => window.location.reload(), 800)
      } else {
        setOutcome({ ok: false, message: body.message ?? `Moderation failed (${response.status})` })
      }
    } catch {
      setOutcome({ ok: false, message: 'The server could not be reached' })
    } finally {
      setBusy(false)
    }
  }

  return (
    <div className="field-type" data-testid="moderate-comment" style={{ borderTop: '1px solid var(--theme-elevation-150)', paddingTop: 16 }}>
      <label className="field-label" htmlFor="moderation-reason">
        Moderate this comment
      </label>
      <textarea
        id="moderation-reason"
        name="moderationReason"
        rows={3}
        style={{ width: '100%' }}
        placeholder="Reason, sent to the author (at least 5 characters)"
        value={reason}
        onChange={(event) => setReason(event.target.value)}
      />
      <Button buttonStyle="secondary" disabled={busy} onClick={submit} type="button">
        {busy ? 'Moderating…' : 'Moderate'}
      </Button>
      {outcome && (
        <p role={outcome.ok ? 'status' : 'alert'} style={{ color: outcome.ok ? 'var(--theme-success-500)' : 'var(--theme-error-500)' }}>
          {outcome.message}
        </p>
      )}
    </div>
  )
}
