'use client'
// One action of the moderation desk (src/admin/ModerationDesk.tsx): a reason and a button that
// posts to the very endpoint apps use (moderate, dismiss, decide an appeal), so the panel runs
// the same checks, notifications and audit entries; the answer's message is shown as it comes,
// and the desk reloads on success.
import { Button } from '@payloadcms/ui'
import { useRouter } from 'next/navigation'
import { useState } from 'react'

import { usePanelText } from './i18n/usePanelText'
import { usePanelPost } from './usePanelPost'

interface Props {
  /** e.g. `/api/admin/moderation/dismiss` */
  path: string
  body: Record<string, string>
  label: string
  done: string
  testId: string
}

export function DeskAction({ path, body, label, done, testId }: Props) {
  const router = useRouter()
  const { t } = usePanelText()
  const [reason, setReason] = useState('')
  const { busy, outcome, post } = usePanelPost()

  // Unawaited from the button (React ignores a handler's result): usePanelPost's post catches its own failures.
  const submit = async () => {
    if (await post(path, { ...body, reason }, () => done)) router.refresh()
  }

  return (
    <span data-testid={testId} style={{ display: 'inline-flex', gap: 8, alignItems: 'center', marginRight: 12 }}>
      <input
        aria-label={t('desk.reasonFor', { action: label })}
        placeholder={t('desk.reasonPlaceholder')}
        value={reason}
        onChange={(event) => setReason(event.target.value)}
      />
      <Button
        buttonStyle="secondary"
        size="small"
        disabled={busy}
        onClick={() => void submit()}
        type="button"
        margin={false}
      >
        {label}
      </Button>
      {outcome && <span role="status">{outcome.message}</span>}
    </span>
  )
}
