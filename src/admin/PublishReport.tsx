'use client'
// "Publish" on the transparency page: POST /api/admin/transparency-reports for the period shown.
import { Button } from '@payloadcms/ui'

import { usePanelText } from './i18n/usePanelText'
import { usePanelPost } from './usePanelPost'

export function PublishReport({ from, to }: { from: string; to: string }) {
  const { busy, outcome, post } = usePanelPost()
  const { t } = usePanelText()
  // Unawaited from the button (React ignores a handler's result): usePanelPost's post catches its own failures.
  const publish = () =>
    post<{ report: { id: string } }>('/api/admin/transparency-reports', { from, to }, (answer) =>
      t('publish.done', { url: `/api/transparency-reports/${answer.report.id}` }),
    )
  return (
    <div data-testid="publish-report">
      <Button buttonStyle="primary" disabled={busy} onClick={() => void publish()} type="button">
        {t('publish.button')}
      </Button>
      {outcome && <p role="status">{outcome.message}</p>}
    </div>
  )
}
