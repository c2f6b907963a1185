'use client'
// "New webhook" above the webhooks list (Settings › Webhooks): POST /api/admin/webhooks
// {action: create}, the endpoint apps use, so the URL is checked by the same rules (https, no
// private address) and the audit entry is written. Its answer carries the signing secret,
// shown here once (docs/decisions.md "Webhook secrets are stored as they are, hidden": it is
// never shown again); rotate it from the API if lost.
import { Button, useConfig } from '@payloadcms/ui'
import { useRouter } from 'next/navigation'
import { type CSSProperties, useState } from 'react'

import { ALL_EVENTS, WEBHOOK_EVENTS } from '../../domain/webhooks'
import { usePanelText } from './i18n/usePanelText'
import { usePanelPost } from './usePanelPost'

interface Created {
  webhook: { id: string; url: string }
  secret: string
}

const input: CSSProperties = { width: '100%', height: 40 }

export function NewWebhook() {
  const { config } = useConfig()
  const router = useRouter()
  const { busy, outcome, post } = usePanelPost()
  const { t } = usePanelText()
  const [url, setUrl] = useState('')
  const [description, setDescription] = useState('')
  const [all, setAll] = useState(true)
  const [events, setEvents] = useState<string[]>([])
  const [created, setCreated] = useState<Created | null>(null)

  // Unawaited from the button (React ignores a handler's result): usePanelPost's post catches its own failures.
  const create = async () => {
    setCreated(null)
    const body = {
      action: 'create',
      url: url.trim(),
      events: all ? [ALL_EVENTS] : events,
      ...(description.trim() ? { description: description.trim() } : {}),
    }
    let answer: Created | null = null
    if (
      await post<Created>(
        '/api/admin/webhooks',
        body,
        (done) => ((answer = done), t('webhook.created', { url: done.webhook.url })),
      )
    ) {
      setCreated(answer)
      setUrl('')
      setDescription('')
      router.refresh()
    }
  }
  const toggle = (event: string) =>
    setEvents(events.includes(event) ? events.filter((name) => name !== event) : [...events, event])

  return (
    // The list's own gutters: beforeList sits outside them.
    <section
      data-testid="new-webhook"
      className="gutter--left gutter--right"
      style={{ margin: 'var(--base) 0 calc(var(--base) * 2)' }}
    >
      <h3 style={{ marginBottom: 'calc(var(--base) / 2)' }}>{t('webhook.new')}</h3>
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 'var(--base)', alignItems: 'flex-end' }}>
        <div style={{ flex: '2 1 320px' }}>
          <label className="field-label" htmlFor="webhook-url">
            {t('webhook.url')}
          </label>
          <input
            id="webhook-url"
            placeholder="https://app.example/hooks"
            value={url}
            onChange={(event) => setUrl(event.target.value)}
            style={input}
          />
        </div>
        <div style={{ flex: '1 1 200px' }}>
          <label className="field-label" htmlFor="webhook-description">
            {t('webhook.description')}
          </label>
          <input
            id="webhook-description"
            maxLength={500}
            value={description}
            onChange={(event) => setDescription(event.target.value)}
            style={input}
          />
        </div>
        <Button
          buttonStyle="primary"
          margin={false}
          disabled={busy || !url.trim() || (!all && events.length === 0)}
          onClick={() => void create()}
          type="button"
        >
          {t('webhook.create')}
        </Button>
      </div>
      <fieldset style={{ border: 0, padding: 0, margin: 'calc(var(--base) / 2) 0' }}>
        <label>
          <input type="checkbox" checked={all} onChange={() => setAll(!all)} /> {t('webhook.every')}
        </label>
        {!all && (
          <div
            style={{
              display: 'grid',
              gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))',
              gap: 4,
              marginTop: 4,
            }}
          >
            {WEBHOOK_EVENTS.map((event) => (
              <label key={event}>
                <input type="checkbox" checked={events.includes(event)} onChange={() => toggle(event)} /> {event}
              </label>
            ))}
          </div>
        )}
      </fieldset>
      {outcome && !outcome.ok && <p role="alert">{outcome.message}</p>}
      {created && (
        <div role="status" style={{ padding: 'var(--base)', background: 'var(--theme-success-50)', borderRadius: 4 }}>
          <p style={{ margin: 0 }}>
            {t('webhook.secret')} <code data-testid="webhook-secret">{created.secret}</code>
          </p>
          <p style={{ margin: 0 }}>
            <a href={`${config.routes.admin}/collections/webhooks/${created.webhook.id}`}>{t('webhook.open')}</a>{' '}
            {t('webhook.openRest')}
          </p>
        </div>
      )}
    </section>
  )
}
