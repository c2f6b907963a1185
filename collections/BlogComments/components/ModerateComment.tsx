'use client'
// "Moderate" on a published comment's page in the admin panel. It posts to the very endpoint
// apps use (POST /api/admin/moderate), so the panel runs the same checks, notification and
// audit entry; the answer's message is shown as it comes.
import { Button, useDocumentInfo } from '@payloadcms/ui'
import { useState } from 'react'

import { usePanelPost } from '../../../src/admin/usePanelPost'

export function ModerateComment() {
  const { id } = useDocumentInfo()
  const [reason, setReason] = useState('')
  const { busy, outcome, post } = usePanelPost()

  if (!id) return null

  // Unawaited from the button (React ignores a handler's result): usePanelPost's post catches its own failures.
  const submit = async () => {
    const moderated = await post(
      '/api/admin/moderate',
      { postType: 'blogComments', postId: String(id), reason },
      () => 'Comment moderated; its author has been notified.',
      'Moderation failed',
    )
    // The form shows the new status (and this box goes away with it).
    if (moderated) window.setTimeout(() => window.location.reload(), 800)
  }

  return (
    <div
      className="field-type"
      data-testid="moderate-comment"
      style={{ borderTop: '1px solid var(--theme-elevation-150)', paddingTop: 16 }}
    >
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
      <Button buttonStyle="secondary" disabled={busy} onClick={() => void submit()} type="button">
        {busy ? 'Moderating…' : 'Moderate'}
      </Button>
      {outcome && (
        <p
          role={outcome.ok ? 'status' : 'alert'}
          style={{ color: outcome.ok ? 'var(--theme-success-500)' : 'var(--theme-error-500)' }}
        >
          {outcome.message}
        </p>
      )}
    </div>
  )
}
