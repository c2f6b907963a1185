'use client'
// The moderation desk's search box (src/admin/ModerationDesk.tsx): GET /api/search with the staff member's
// session, so it finds what they may read (every community item for moderators, everything for admins),
// over every type or one of them, a page at a time.
import { Button } from '@payloadcms/ui'
import { type FormEvent, useState } from 'react'

import { usePanelText } from './i18n/usePanelText'

interface Result {
  type: string
  id: string
  title: string
  snippet: string
  createdAt: string
}

interface Answer {
  results: Result[]
  total: number
  page: number
  totalPages: number
  message?: string
}

interface Props {
  /** Every searchable type → the panel page of its collection, or null where the viewer's panel lacks it. */
  links: Record<string, string | null>
}

const PER_PAGE = 20

export function DeskSearch({ links }: Props) {
  const { t, plural } = usePanelText()
  const [q, setQ] = useState('')
  const [type, setType] = useState('')
  const [answer, setAnswer] = useState<Answer | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  const run = async (page: number) => {
    if (!q.trim()) return
    setBusy(true)
    setError(null)
    try {
      const params = new URLSearchParams({
        q,
        page: String(page),
        perPage: String(PER_PAGE),
        ...(type ? { type } : {}),
      })
      const response = await fetch(`/api/search?${params}`, { credentials: 'include' })
      const body = (await response.json().catch(() => ({}))) as Answer
      if (response.ok) setAnswer(body)
      else setError(body.message ?? t('desk.searchFailed', { status: response.status }))
    } catch {
      setError(t('desk.searchUnreachable'))
    } finally {
      setBusy(false)
    }
  }

  // Unawaited from the form (React ignores a handler's result): run catches its own failures.
  const submit = (event: FormEvent) => {
    event.preventDefault()
    void run(1)
  }

  return (
    <div style={{ flex: '1 1 100%' }} data-testid="desk-search">
      <h2>{t('desk.searchHeading')}</h2>
      <form onSubmit={submit} style={{ display: 'flex', gap: 8, alignItems: 'center', marginBottom: 12 }}>
        <input
          aria-label={t('desk.search')}
          type="search"
          placeholder={t('desk.searchPlaceholder')}
          value={q}
          maxLength={200}
          onChange={(event) => setQ(event.target.value)}
          style={{ flex: '1 1 auto' }}
        />
        <select aria-label={t('desk.searchType')} value={type} onChange={(event) => setType(event.target.value)}>
          <option value="">{t('desk.everyType')}</option>
          {Object.keys(links).map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </select>
        <Button buttonStyle="secondary" size="small" disabled={busy} type="submit" margin={false}>
          {t('desk.search')}
        </Button>
      </form>
      {error && <p role="alert">{error}</p>}
      {answer && (
        <>
          <p role="status">
            {plural('desk.found', answer.total)}
            {answer.totalPages > 1 ? t('desk.foundPage', { page: answer.page, pages: answer.totalPages }) : ''}
          </p>
          <table className="desk">
            <tbody>
              {answer.results.map((result) => {
                const base = links[result.type]
                return (
                  <tr key={`${result.type}:${result.id}`} data-testid="search-row">
                    <td>
                      {base ? <a href={`${base}/${result.id}`}>{result.title || result.id}</a> : result.title}
                      <div style={{ opacity: 0.7 }}>
                        {result.type}, {result.createdAt.slice(0, 10)}
                      </div>
                    </td>
                    {/* The API escapes the snippet's text; its only markup is <mark>. */}
                    <td dangerouslySetInnerHTML={{ __html: result.snippet }} />
                  </tr>
                )
              })}
            </tbody>
          </table>
          {answer.totalPages > 1 && (
            <div style={{ display: 'flex', gap: 8 }}>
              <Button
                buttonStyle="secondary"
                size="small"
                disabled={busy || answer.page <= 1}
                onClick={() => void run(answer.page - 1)}
                type="button"
                margin={false}
              >
                {t('desk.previous')}
              </Button>
              <Button
                buttonStyle="secondary"
                size="small"
                disabled={busy || answer.page >= answer.totalPages}
                onClick={() => void run(answer.page + 1)}
                type="button"
                margin={false}
              >
                {t('desk.next')}
              </Button>
            </div>
          )}
        </>
      )}
    </div>
  )
}
