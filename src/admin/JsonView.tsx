'use client'
// A read-only JSON field (an audit entry's data, a queue row's reasons, a published report's
// figures) as formatted text in the panel's own styles, instead of Payload's JSON editor,
// which loads Monaco from a CDN (decision in docs/decisions.md).
import { FieldDescription, FieldLabel, useField } from '@payloadcms/ui'
import type { JSONFieldClientComponent } from 'payload'

export const JsonView: JSONFieldClientComponent = ({ field, path }) => {
  const { value } = useField<unknown>({ potentiallyStalePath: path })
  return (
    <div className="field-type" style={{ marginBottom: 'var(--base)' }}>
      <FieldLabel label={field.label ?? field.name} path={path} />
      <pre
        data-testid="json-view"
        style={{
          margin: 0,
          padding: 'calc(var(--base) / 2)',
          background: 'var(--theme-elevation-50)',
          border: '1px solid var(--theme-elevation-150)',
          borderRadius: 'var(--style-radius-s)',
          fontFamily: 'var(--font-mono)',
          fontSize: '13px',
          whiteSpace: 'pre-wrap',
          overflowWrap: 'anywhere',
        }}
      >
        {value === undefined || value === null ? '–' : JSON.stringify(value, null, 2)}
      </pre>
      <FieldDescription description={field.admin?.description} path={path} />
    </div>
  )
}
