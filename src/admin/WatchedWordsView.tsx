// /admin/watched-words, for admins: the watched words and the limits for new members (docs/moderation.md
// "5. Watched words and new members"), read by the same operations as the admin API, edited through it
// (./WatchedWordsEditor.tsx) so the same checks and audit entries apply.
import type { AdminViewServerProps } from 'payload'

import { hasRole } from '../../domain/permissions'
import { settings } from '../lib/settings'
import { listWatchedWords, readModerationSettings } from '../operations/moderation/watched-words'
import { panelText } from './i18n/index'
import { PanelPage } from './PanelPage'
import { WatchedWordsEditor } from './WatchedWordsEditor'

export async function WatchedWordsView(props: AdminViewServerProps) {
  const { req } = props.initPageResult
  const { user } = req
  const { t } = panelText(req.i18n.language)
  const admin = hasRole(user, 'admin')
  const [list, current] = admin
    ? await Promise.all([listWatchedWords(req, { page: 1, perPage: 100 }), readModerationSettings(req)])
    : [null, null]
  return (
    <PanelPage view={props}>
      <h1>{t('nav.watchedWords')}</h1>
      {list && current ? (
        <WatchedWordsEditor
          words={list.words}
          total={list.total}
          settings={current.settings}
          locales={settings().locales}
        />
      ) : (
        <p role="alert">{t('words.adminsOnly')}</p>
      )}
    </PanelPage>
  )
}
