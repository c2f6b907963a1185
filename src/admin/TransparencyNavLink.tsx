// "Transparency report" in the navigation, for admins.
import type { ServerProps } from 'payload'

import { hasRole } from '../../domain/permissions'

export function TransparencyNavLink({ payload, user }: ServerProps) {
  if (!hasRole(user, 'admin')) return null
  return (
    <a className="nav__link" href={`${payload.config.routes.admin}/transparency`} id="nav-transparency">
      <span className="nav__link-label">Transparency report</span>
    </a>
  )
}
