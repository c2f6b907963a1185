// "Watched words" in the navigation, for admins.
import type { ServerProps } from 'payload'

import { hasRole } from '../../domain/permissions'

export function WatchedWordsNavLink({ payload, user }: ServerProps) {
  if (!hasRole(user, 'admin')) return null
  return (
    <a className="nav__link" href={`${payload.config.routes.admin}/watched-words`} id="nav-watched-words">
      <span className="nav__link-label">Watched words</span>
    </a>
  )
}
