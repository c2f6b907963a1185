'use client'
// An editable JSON field (an organization's metadata) as the panel's own text area: the value
// is the parsed JSON while the text parses, and the field's validate (given `jsonError`, as
// Payload's JSON field gives it) refuses the save while it does not. Replaces Payload's JSON
// editor, which loads Monaco from a CDN (decision in docs/decisions.md).
import { FieldError, TextareaInput, useField } from '@payloadcms/ui'
import type { JSONFieldClientComponent } from 'payload'
import { useCallback, useState } from 'react'

import { usePanelText } from './i18n/usePanelText'

const format = (value: unknown) => (value === undefined || value === null ? '' : JSON.stringify(value, null, 2))

export const JsonTextField: JSONFieldClientComponent = ({ field, path, readOnly, validate }) => {
  const [jsonError, setJsonError] = useState<string>()
  const { t } = usePanelText()
  const checked = useCallback(
    (value: unknown, options: Record<string, unknown>) =>
      typeof validate === 'function'
        ? validate(value as never, { ...options, jsonError, required: field.required } as never)
        : true,
    [validate, jsonError, field.required],
  )
  const {
    value,
    setValue,
    showError,
    disabled,
    path: fieldPath,
  } = useField<unknown>({ potentiallyStalePath: path, validate: checked as never })
  const [text, setText] = useState(() => format(value))

  const onChange = (next: string) => {
    setText(next)
    try {
      setValue(next.trim() ? JSON.parse(next) : null)
      setJsonError(undefined)
    } catch (error) {
      setValue(next)
      setJsonError((error as Error).message)
    }
  }

  return (
    <TextareaInput
      description={field.admin?.description ?? t('json.description')}
      Error={<FieldError message={jsonError} path={fieldPath} showError={showError} />}
      label={field.label ?? field.name}
      onChange={(event) => onChange(event.target.value)}
      path={fieldPath}
      readOnly={readOnly || disabled}
      required={field.required}
      rows={6}
      showError={showError}
      style={{ fontFamily: 'var(--font-mono)' }}
      value={text}
    />
  )
}
