// "Translation coverage" in the navigation, for admins (the content team's view).
import type { ServerProps } from 'payload'

import { hasRole } from '../../domain/permissions'
import { panelText } from './i18n/index'

export function CoverageNavLink({ i18n, payload, user }: ServerProps) {
  if (!hasRole(user, 'admin')) return null
  return (
    <a className="nav__link" href={`${payload.config.routes.admin}/translations`} id="nav-translation-coverage">
      <span className="nav__link-label">{panelText(i18n?.language).t('nav.coverage')}</span>
    </a>
  )
}
