'use client'
// The panel's words (./index.ts) in the language of the signed-in person's panel, for client components.
import { useTranslation } from '@payloadcms/ui'
import { useMemo } from 'react'

import { type PanelText, panelText } from './index'

export function usePanelText(): PanelText {
  const { i18n } = useTranslation()
  return useMemo(() => panelText(i18n.language), [i18n.language])
}
