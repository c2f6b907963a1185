'use client'
// A service's `rating` ({average, count}, computed from its published reviews) in words:
// "4.5 ★ from 2 reviews", "no reviews yet". It replaces the JSON editor Payload renders for
// a json field, which loads Monaco from a CDN (decision in docs/decisions.md).
import { FieldDescription, FieldLabel, useField } from '@payloadcms/ui'
import type { JSONFieldClientComponent } from 'payload'

import { usePanelText } from './i18n/usePanelText'
import { ratingText } from './ratingText'

export const RatingField: JSONFieldClientComponent = ({ field, path }) => {
  const { value } = useField<unknown>({ potentiallyStalePath: path })
  const { language, t } = usePanelText()
  return (
    <div className="field-type" style={{ marginBottom: 'var(--base)' }}>
      <FieldLabel label={field.label ?? t('rating.label')} path={path} />
      <p data-testid="rating-field" style={{ margin: 0 }}>
        {ratingText(value, language)}
      </p>
      <FieldDescription description={field.admin?.description} path={path} />
    </div>
  )
}
