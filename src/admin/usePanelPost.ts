'use client'
// What every panel action that posts to one of our endpoints shares (moderate a comment,
// approve or reject an item, the moderation desk's actions, publish a transparency report):
// the panel calls the very endpoint apps use, with the session cookie, so it runs the same
// checks, notifications and audit entries, and shows the answer's own message on a refusal.
import { useState } from 'react'

import { usePanelText } from './i18n/usePanelText'

export type PostOutcome = { ok: boolean; message: string } | null

export function usePanelPost() {
  const [busy, setBusy] = useState(false)
  const [outcome, setOutcome] = useState<PostOutcome>(null)
  const { t } = usePanelText()

  /**
   * Posts `body` as JSON to `path`. On success the outcome's message is `done(answer)`; on a
   * refusal the answer's `message` (else `${failed} (<status>)`). Resolves to whether it succeeded.
   */
  const post = async <Answer>(
    path: string,
    body: unknown,
    done: (answer: Answer) => string,
    failed = t('post.failed'),
  ): Promise<boolean> => {
    setBusy(true)
    setOutcome(null)
    try {
      const response = await fetch(path, {
        method: 'POST',
        credentials: 'include',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })
      const answer = (await response.json().catch(() => ({}))) as Answer & { message?: string }
      setOutcome(
        response.ok
          ? { ok: true, message: done(answer) }
          : { ok: false, message: answer.message ?? `${failed} (${response.status})` },
      )
      return response.ok
    } catch {
      setOutcome({ ok: false, message: t('post.unreachable') })
      return false
    } finally {
      setBusy(false)
    }
  }

  return { busy, outcome, post }
}
