'use client'
// "Approve" / "Reject" on the page of a place, an article or a classified waiting for
// approval, shown by the collection factory's `approval` field only to whoever
// holds the type's approval permission (collections/community/approvalField.ts). It posts to
// the very endpoint apps use (POST /api/admin/approve), so the panel runs the same checks,
// notification, decision record and audit entry; the answer's message is shown as it comes.
import { Button, useDocumentInfo } from '@payloadcms/ui'
import { useState } from 'react'

import { usePanelPost } from '../../../src/admin/usePanelPost'

type Decision = 'approve' | 'reject'

interface Props {
  /** The registry name the endpoint takes (`places`, `articles`, `classifieds`). */
  postType: string
}

const DONE: Record<Decision, string> = {
  approve: 'Approved; its author has been notified.',
  reject: 'Rejected; its author has been notified with your reason.',
}

export function ApprovalDecision({ postType }: Props) {
  const { id } = useDocumentInfo()
  const [reason, setReason] = useState('')
  const { busy, outcome, post } = usePanelPost()

  if (!id) return null

  // Unawaited from the button (React ignores a handler's result): usePanelPost's post catches its own failures.
  const decide = async (decision: Decision) => {
    const decided = await post(
      '/api/admin/approve',
      { postType, postId: String(id), decision, reason },
      () => DONE[decision],
      'The decision failed',
    )
    // The form shows the new status (and this box goes away with it).
    if (decided) window.setTimeout(() => window.location.reload(), 800)
  }

  return (
    <div
      className="field-type"
      data-testid="approval-decision"
      style={{ borderTop: '1px solid var(--theme-elevation-150)', paddingTop: 16 }}
    >
      <label className="field-label" htmlFor="approval-reason">
        Waiting for approval
      </label>
      <textarea
        id="approval-reason"
        name="approvalReason"
        rows={3}
        style={{ width: '100%' }}
        placeholder="Message to the author: optional to approve, required to reject (at least 5 characters)"
        value={reason}
        onChange={(event) => setReason(event.target.value)}
      />
      <div style={{ display: 'flex', gap: 8 }}>
        <Button
          buttonStyle="primary"
          disabled={busy}
          onClick={() => void decide('approve')}
          type="button"
          margin={false}
        >
          Approve
        </Button>
        <Button
          buttonStyle="secondary"
          disabled={busy}
          onClick={() => void decide('reject')}
          type="button"
          margin={false}
        >
          Reject
        </Button>
      </div>
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
