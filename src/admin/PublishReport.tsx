'use client'
// "Publish" on the transparency page: POST /api/admin/transparency-reports for the period shown.
import { Button } from '@payloadcms/ui'

import { usePanelPost } from './usePanelPost'

export function PublishReport({ from, to }: { from: string; to: string }) {
  const { busy, outcome, post } = usePanelPost()
  // Unawaited from the button (React ignores a handler's result): usePanelPost's post catches its own failures.
  const publish = () =>
    post<{ report: { id: string } }>(
      '/api/admin/transparency-reports',
      { from, to },
      (answer) => `Published: /api/transparency-reports/${answer.report.id}`,
    )
  return (
    <div data-testid="publish-report">
      <Button buttonStyle="primary" disabled={busy} onClick={() => void publish()} type="button">
        Publish this report
      </Button>
      {outcome && <p role="status">{outcome.message}</p>}
    </div>
  )
}
