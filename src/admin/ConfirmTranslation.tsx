'use client'
// "Still correct" beside an outdated item of the coverage view: POST /api/admin/services/translations/confirm, the
// endpoint apps use (same checks, same audit entry); the view reloads once it is current.
import { Button } from '@payloadcms/ui'
import { useRouter } from 'next/navigation'

import { usePanelText } from './i18n/usePanelText'
import { usePanelPost } from './usePanelPost'

export function ConfirmTranslation({ type, id, lang }: { type: string; id: string; lang: string }) {
  const router = useRouter()
  const { t } = usePanelText()
  const { busy, outcome, post } = usePanelPost()
  // Unawaited from the button (React ignores a handler's result): usePanelPost's post catches its own failures.
  const confirm = async () => {
    if (await post('/api/admin/services/translations/confirm', { type, id, lang }, () => t('coverage.confirmed')))
      router.refresh()
  }
  return (
    <span data-testid="confirm-translation">
      <Button buttonStyle="secondary" size="small" margin={false} disabled={busy} onClick={() => void confirm()}>
        {t('coverage.confirm')}
      </Button>
      {outcome && <span role="status"> {outcome.message}</span>}
    </span>
  )
}
