// "Watched words" in the navigation, for admins.
import type { ServerProps } from 'payload'

import { hasRole } from '../../domain/permissions'
import { panelText } from './i18n/index'

export function WatchedWordsNavLink({ i18n, payload, user }: ServerProps) {
  if (!hasRole(user, 'admin')) return null
  return (
    <a className="nav__link" href={`${payload.config.routes.admin}/watched-words`} id="nav-watched-words">
      <span className="nav__link-label">{panelText(i18n?.language).t('nav.watchedWords')}</span>
    </a>
  )
}
