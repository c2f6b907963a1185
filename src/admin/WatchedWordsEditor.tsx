'use client'
// The watched-words page's forms: add and remove words, try a text against the list in force
// (`test`), and the limits for new members; each calls /api/admin/moderation/* like any client and
// shows the answer's own message on a refusal.
import { Button } from '@payloadcms/ui'
import { useRouter } from 'next/navigation'
import { type FormEvent, useState } from 'react'

import { WATCHED_EFFECTS } from '../../domain/watched-words'
import type { ModerationSettings, WatchedWord } from '../operations/moderation/word-list'

const WORDS = '/api/admin/moderation/watched-words'
const SETTINGS = '/api/admin/moderation/settings'

const EFFECT_LABELS: Record<(typeof WATCHED_EFFECTS)[number], string> = {
  block: 'Block',
  require_approval: 'Require approval',
  flag: 'Flag',
  censor: 'Censor',
}
const SETTING_LABELS: Record<keyof ModerationSettings, string> = {
  newMemberDays: 'New member for (days, 0: off)',
  newMemberDailyItems: 'Items per 24 hours (0: no cap)',
  newMemberMaxLinks: 'Links in one text (0: no cap)',
  newMemberFirstApproved: 'First items held for approval',
}

interface Match {
  pattern: string
  effect: string
  start: number
  end: number
}

interface Answer {
  message?: string
  matches?: Match[]
}

async function send(method: string, path: string, body: unknown): Promise<{ ok: boolean; answer: Answer }> {
  try {
    const response = await fetch(path, {
      method,
      credentials: 'include',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
    return { ok: response.ok, answer: ((await response.json().catch(() => ({}))) ?? {}) as Answer }
  } catch {
    return { ok: false, answer: { message: 'The server could not be reached' } }
  }
}

export function WatchedWordsEditor(props: {
  words: WatchedWord[]
  total: number
  settings: ModerationSettings
  locales: string[]
}) {
  const router = useRouter()
  const [message, setMessage] = useState<string | null>(null)
  const [matches, setMatches] = useState<{ text: string; found: Match[] } | null>(null)

  const answered = (ok: boolean, answer: { message?: string }, done: string) => {
    setMessage(ok ? done : (answer.message ?? 'Refused'))
    if (ok) router.refresh()
  }

  const add = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    const replacement = String(form.get('replacement') ?? '')
    const { ok, answer } = await send('POST', WORDS, {
      action: 'create',
      pattern: String(form.get('pattern') ?? ''),
      effect: String(form.get('effect')),
      locale: form.get('locale') ? String(form.get('locale')) : null,
      ...(replacement ? { replacement } : {}),
    })
    answered(ok, answer, 'Word added')
  }
  const remove = async (id: string) => {
    const { ok, answer } = await send('POST', WORDS, { action: 'delete', id })
    answered(ok, answer, 'Word removed')
  }
  const test = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    const text = String(form.get('text') ?? '')
    const { ok, answer } = await send('POST', WORDS, {
      action: 'test',
      text,
      ...(form.get('locale') ? { locale: String(form.get('locale')) } : {}),
    })
    if (ok) setMatches({ text, found: answer.matches ?? [] })
    else setMessage(answer.message ?? 'Refused')
  }
  const saveSettings = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    const body = Object.fromEntries(Object.keys(SETTING_LABELS).map((key) => [key, Number(form.get(key))]))
    const { ok, answer } = await send('PATCH', SETTINGS, body)
    answered(ok, answer, 'Settings saved')
  }

  return (
    <div style={{ display: 'grid', gap: 'calc(var(--base) * 2)' }}>
      {message && <p role="status">{message}</p>}
      <section aria-labelledby="words-list">
        <h2 id="words-list">The list ({props.total})</h2>
        <table style={{ width: '100%' }}>
          <thead>
            <tr>
              <th align="left">Pattern</th>
              <th align="left">Language</th>
              <th align="left">Effect</th>
              <th align="left">Replacement</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {props.words.map((word) => (
              <tr key={word.id}>
                <td>{word.pattern}</td>
                <td>{word.locale ?? 'every language'}</td>
                <td>{EFFECT_LABELS[word.effect]}</td>
                <td>{word.effect === 'censor' ? (word.replacement ?? '***') : ''}</td>
                <td>
                  <Button buttonStyle="secondary" size="small" onClick={() => void remove(word.id)} type="button">
                    Remove
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <form onSubmit={(event) => void add(event)} style={{ display: 'flex', gap: 'var(--base)', flexWrap: 'wrap' }}>
          <input name="pattern" placeholder="word, phrase or pat*ern" required maxLength={100} aria-label="Pattern" />
          <select name="locale" aria-label="Language" defaultValue="">
            <option value="">every language</option>
            {props.locales.map((code) => (
              <option key={code} value={code}>
                {code}
              </option>
            ))}
          </select>
          <select name="effect" aria-label="Effect" defaultValue="flag">
            {WATCHED_EFFECTS.map((effect) => (
              <option key={effect} value={effect}>
                {EFFECT_LABELS[effect]}
              </option>
            ))}
          </select>
          <input name="replacement" placeholder="replacement (censor)" maxLength={100} aria-label="Replacement" />
          <Button buttonStyle="primary" type="submit">
            Add
          </Button>
        </form>
      </section>
      <section aria-labelledby="words-test">
        <h2 id="words-test">Test a text</h2>
        <form onSubmit={(event) => void test(event)} style={{ display: 'grid', gap: 'var(--base)' }}>
          <textarea name="text" rows={4} aria-label="Text to test" />
          <select name="locale" aria-label="Language of the text" defaultValue="">
            <option value="">any language</option>
            {props.locales.map((code) => (
              <option key={code} value={code}>
                {code}
              </option>
            ))}
          </select>
          <Button buttonStyle="secondary" type="submit">
            Test
          </Button>
        </form>
        {matches && (
          <ul data-testid="watched-word-matches">
            {matches.found.length === 0 && <li>No watched word meets this text.</li>}
            {matches.found.map((found) => (
              <li key={`${found.start}-${found.pattern}`}>
                “{matches.text.slice(found.start, found.end)}” meets <strong>{found.pattern}</strong> (
                {EFFECT_LABELS[found.effect as keyof typeof EFFECT_LABELS] ?? found.effect})
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="new-members">
        <h2 id="new-members">New members</h2>
        <form onSubmit={(event) => void saveSettings(event)} style={{ display: 'grid', gap: 'var(--base)' }}>
          {(Object.keys(SETTING_LABELS) as Array<keyof ModerationSettings>).map((key) => (
            <label key={key}>
              {SETTING_LABELS[key]}{' '}
              <input name={key} type="number" min={0} max={1000} step={1} defaultValue={props.settings[key]} />
            </label>
          ))}
          <Button buttonStyle="primary" type="submit">
            Save
          </Button>
        </form>
      </section>
    </div>
  )
}
