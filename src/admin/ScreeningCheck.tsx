'use client'
// "Check" above the screening list: POST /api/admin/moderation/screening {action: test}, the rule sign-up applies,
// so an admin sees which entries an address or IP meets before anyone signs up with it.
import { Button } from '@payloadcms/ui'
import { useState } from 'react'

import type { PanelText } from './i18n/index'
import { usePanelText } from './i18n/usePanelText'
import { usePanelPost } from './usePanelPost'

interface TestAnswer {
  effect: 'block' | 'require_approval' | null
  matches: Array<{ kind: string; value: string; effect: string }>
}

const verdict = (t: PanelText['t'], answer: TestAnswer) =>
  answer.effect === null
    ? t('screening.noEntry')
    : t(answer.effect === 'block' ? 'screening.blocked' : 'screening.held', {
        entries: answer.matches.map((entry) => `${entry.kind} ${entry.value} (${entry.effect})`).join(', '),
      })

export function ScreeningCheck() {
  const [email, setEmail] = useState('')
  const [ip, setIp] = useState('')
  const { t } = usePanelText()
  const { busy, outcome, post } = usePanelPost()
  // Unawaited from the button (React ignores a handler's result): the post reports its own failures.
  const check = () =>
    void post<TestAnswer>(
      '/api/admin/moderation/screening',
      { action: 'test', ...(email ? { email } : {}), ...(ip ? { ip } : {}) },
      (answer) => verdict(t, answer),
    )
  return (
    <div style={{ display: 'flex', gap: 12, alignItems: 'flex-end', flexWrap: 'wrap', marginBottom: 24 }}>
      <label>
        {t('screening.email')} <input type="email" value={email} onChange={(event) => setEmail(event.target.value)} />
      </label>
      <label>
        {t('screening.ip')} <input value={ip} onChange={(event) => setIp(event.target.value)} />
      </label>
      <Button buttonStyle="secondary" disabled={busy || (!email && !ip)} onClick={check}>
        {t('screening.check')}
      </Button>
      {outcome && <p role="status">{outcome.message}</p>}
    </div>
  )
}
