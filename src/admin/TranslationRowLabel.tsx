'use client'
// A service's translation rows read `fr — Atelier guitare`, not "Translation 01": a
// translator sees each row's language without opening it.
import { useRowLabel } from '@payloadcms/ui'

export function TranslationRowLabel() {
  const { data } = useRowLabel<{ inLanguage?: string | null; title?: string | null }>()
  if (!data?.inLanguage && !data?.title) return <span>New translation</span>
  return <span>{`${data.inLanguage || '?'} — ${data.title || '(no title yet)'}`}</span>
}
