'use client'
// The watched-words page's forms: add and remove words, try a text against the list in force
// (`test`), and the limits for new members; each calls /api/admin/moderation/* like any client and
// shows the answer's own message on a refusal.
import { Button } from '@payloadcms/ui'
import { useRouter } from 'next/navigation'
import { type FormEvent, useState } from 'react'

import { WATCHED_EFFECTS, type WatchedEffect } from '../../domain/watched-words'
import type { ModerationSettings, WatchedWord } from '../operations/moderation/word-list'
import type { PanelKey } from './i18n/index'
import { usePanelText } from './i18n/usePanelText'

const WORDS = '/api/admin/moderation/watched-words'
const SETTINGS = '/api/admin/moderation/settings'

const SETTING_LABELS = {
  newMemberDays: 'words.newMemberDays',
  newMemberDailyItems: 'words.newMemberDailyItems',
  newMemberMaxLinks: 'words.newMemberMaxLinks',
  newMemberFirstApproved: 'words.newMemberFirstApproved',
} as const satisfies Record<keyof ModerationSettings, PanelKey>

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

async function send(
  method: string,
  path: string,
  body: unknown,
  unreachable: string,
): Promise<{ ok: boolean; answer: Answer }> {
  try {
    const response = await fetch(path, {
      method,
      credentials: 'include',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
    return { ok: response.ok, answer: ((await response.json().catch(() => ({}))) ?? {}) as Answer }
  } catch {
    return { ok: false, answer: { message: unreachable } }
  }
}

export function WatchedWordsEditor(props: {
  words: WatchedWord[]
  total: number
  settings: ModerationSettings
  locales: string[]
}) {
  const router = useRouter()
  const { t } = usePanelText()
  const [message, setMessage] = useState<string | null>(null)
  const [matches, setMatches] = useState<{ text: string; found: Match[] } | null>(null)
  const effectLabel = (effect: string) =>
    (WATCHED_EFFECTS as readonly string[]).includes(effect) ? t(`effect.${effect as WatchedEffect}`) : effect
  const call = (method: string, path: string, body: unknown) => send(method, path, body, t('post.unreachable'))
  // The template is split before it is filled, so a tested text that happens to contain a placeholder stays as typed.
  const matchLine = (text: string, found: Match) => {
    const [before = '', after = ''] = t('words.match').split('{{pattern}}')
    const fill = (part: string) =>
      part.replace(/\{\{(text|effect)\}\}/g, (_, name: string) =>
        name === 'text' ? text.slice(found.start, found.end) : effectLabel(found.effect),
      )
    return (
      <>
        {fill(before)}
        <strong>{found.pattern}</strong>
        {fill(after)}
      </>
    )
  }

  const answered = (ok: boolean, answer: { message?: string }, done: string) => {
    setMessage(ok ? done : (answer.message ?? t('words.refused')))
    if (ok) router.refresh()
  }

  const add = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    const replacement = String(form.get('replacement') ?? '')
    const { ok, answer } = await call('POST', WORDS, {
      action: 'create',
      pattern: String(form.get('pattern') ?? ''),
      effect: String(form.get('effect')),
      locale: form.get('locale') ? String(form.get('locale')) : null,
      ...(replacement ? { replacement } : {}),
    })
    answered(ok, answer, t('words.added'))
  }
  const remove = async (id: string) => {
    const { ok, answer } = await call('POST', WORDS, { action: 'delete', id })
    answered(ok, answer, t('words.removed'))
  }
  const test = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    const text = String(form.get('text') ?? '')
    const { ok, answer } = await call('POST', WORDS, {
      action: 'test',
      text,
      ...(form.get('locale') ? { locale: String(form.get('locale')) } : {}),
    })
    if (ok) setMatches({ text, found: answer.matches ?? [] })
    else setMessage(answer.message ?? t('words.refused'))
  }
  const saveSettings = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    const body = Object.fromEntries(Object.keys(SETTING_LABELS).map((key) => [key, Number(form.get(key))]))
    const { ok, answer } = await call('PATCH', SETTINGS, body)
    answered(ok, answer, t('words.saved'))
  }

  return (
    <div style={{ display: 'grid', gap: 'calc(var(--base) * 2)' }}>
      {message && <p role="status">{message}</p>}
      <section aria-labelledby="words-list">
        <h2 id="words-list">{t('words.list', { count: props.total })}</h2>
        <table style={{ width: '100%' }}>
          <thead>
            <tr>
              <th align="left">{t('words.pattern')}</th>
              <th align="left">{t('words.language')}</th>
              <th align="left">{t('words.effect')}</th>
              <th align="left">{t('words.replacement')}</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {props.words.map((word) => (
              <tr key={word.id}>
                <td>{word.pattern}</td>
                <td>{word.locale ?? t('words.everyLanguage')}</td>
                <td>{effectLabel(word.effect)}</td>
                <td>{word.effect === 'censor' ? (word.replacement ?? '***') : ''}</td>
                <td>
                  <Button buttonStyle="secondary" size="small" onClick={() => void remove(word.id)} type="button">
                    {t('words.remove')}
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <form onSubmit={(event) => void add(event)} style={{ display: 'flex', gap: 'var(--base)', flexWrap: 'wrap' }}>
          <input
            name="pattern"
            placeholder={t('words.patternPlaceholder')}
            required
            maxLength={100}
            aria-label={t('words.pattern')}
          />
          <select name="locale" aria-label={t('words.language')} defaultValue="">
            <option value="">{t('words.everyLanguage')}</option>
            {props.locales.map((code) => (
              <option key={code} value={code}>
                {code}
              </option>
            ))}
          </select>
          <select name="effect" aria-label={t('words.effect')} defaultValue="flag">
            {WATCHED_EFFECTS.map((effect) => (
              <option key={effect} value={effect}>
                {effectLabel(effect)}
              </option>
            ))}
          </select>
          <input
            name="replacement"
            placeholder={t('words.replacementPlaceholder')}
            maxLength={100}
            aria-label={t('words.replacement')}
          />
          <Button buttonStyle="primary" type="submit">
            {t('words.add')}
          </Button>
        </form>
      </section>
      <section aria-labelledby="words-test">
        <h2 id="words-test">{t('words.testHeading')}</h2>
        <form onSubmit={(event) => void test(event)} style={{ display: 'grid', gap: 'var(--base)' }}>
          <textarea name="text" rows={4} aria-label={t('words.textToTest')} />
          <select name="locale" aria-label={t('words.textLanguage')} defaultValue="">
            <option value="">{t('words.anyLanguage')}</option>
            {props.locales.map((code) => (
              <option key={code} value={code}>
                {code}
              </option>
            ))}
          </select>
          <Button buttonStyle="secondary" type="submit">
            {t('words.test')}
          </Button>
        </form>
        {matches && (
          <ul data-testid="watched-word-matches">
            {matches.found.length === 0 && <li>{t('words.noMatch')}</li>}
            {matches.found.map((found) => (
              <li key={`${found.start}-${found.pattern}`}>{matchLine(matches.text, found)}</li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="new-members">
        <h2 id="new-members">{t('words.newMembers')}</h2>
        <form onSubmit={(event) => void saveSettings(event)} style={{ display: 'grid', gap: 'var(--base)' }}>
          {(Object.keys(SETTING_LABELS) as Array<keyof ModerationSettings>).map((key) => (
            <label key={key}>
              {t(SETTING_LABELS[key])}{' '}
              <input name={key} type="number" min={0} max={1000} step={1} defaultValue={props.settings[key]} />
            </label>
          ))}
          <Button buttonStyle="primary" type="submit">
            {t('words.save')}
          </Button>
        </form>
      </section>
    </div>
  )
}
