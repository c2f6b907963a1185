'use client'
// A service's translation rows read `fr — Atelier guitare`, not "Translation 01": a
// translator sees each row's language without opening it.
import { useRowLabel } from '@payloadcms/ui'

import { usePanelText } from './i18n/usePanelText'

export function TranslationRowLabel() {
  const { t } = usePanelText()
  const { data } = useRowLabel<{ inLanguage?: string | null; title?: string | null }>()
  if (!data?.inLanguage && !data?.title) return <span>{t('row.new')}</span>
  return <span>{`${data.inLanguage || '?'} — ${data.title || t('row.noTitle')}`}</span>
}
