// A member's role in an organization, shared by the routes that manage members and invitations.
import { z } from 'zod'

import { MEMBERSHIP_ROLES } from '../../collections/Memberships'
import type { OrgRole } from '../../src/lib/auth/organization-rows'

const ROLE_CHOICE = `one of ${MEMBERSHIP_ROLES.join(', ')}`
// Better Auth sends a role, a list of roles, or their comma-separated form. A member has one
// role here: a list (or comma form) naming one role is that role; naming several is refused.
export const orgRoleField = z
  .union([z.string().max(100), z.array(z.string().max(20)).max(10)], {
    error: `role must be ${ROLE_CHOICE}, or a list holding one of them`,
  })
  .transform((value, ctx) => {
    const roles = [
      ...new Set((Array.isArray(value) ? value : value.split(',')).map((role) => role.trim()).filter(Boolean)),
    ]
    if (roles.length > 1) {
      ctx.addIssue({
        code: 'custom',
        message: `a member has one role: give ${ROLE_CHOICE}, not ${roles.length} (${roles.join(', ')})`,
      })
      return z.NEVER
    }
    if (roles.length === 0 || !(MEMBERSHIP_ROLES as readonly string[]).includes(roles[0]!)) {
      ctx.addIssue({ code: 'custom', message: `role must be ${ROLE_CHOICE}` })
      return z.NEVER
    }
    return roles[0] as OrgRole
  })
  .meta({
    description: `The role, ${ROLE_CHOICE}; a list (or comma-separated form) naming one role is that role, naming several is refused (one role per member)`,
  })
