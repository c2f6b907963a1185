// The OpenAPI description of /api/admin/organizations (docs/api.md "Admin organizations:
// /api/admin/organizations"), from the bodies the endpoint parses.
import { z } from 'zod'

import { MEMBERSHIP_ROLES } from '../../collections/Memberships'
import { id, pageFields, paginationQuery, timestamp } from '../../src/lib/openapi/common'
import { familyDocs, type PathDocs } from '../../src/lib/openapi/routes'
import { organizationBodies } from './organizations'
import { actions, byId, ENVELOPE, read } from './services/openapi'

const TAG = 'Admin: organizations'

const summary = {
  id,
  name: z.string(),
  slug: z.string(),
  memberCount: z.int().min(0),
  serviceCount: z.int().min(0),
  createdAt: timestamp,
}
const member = z.object({
  userId: id,
  email: z.string(),
  name: z.string().nullable(),
  role: z.enum(MEMBERSHIP_ROLES),
  createdAt: timestamp,
})
const organization = z.object({ ...summary, members: z.array(member) }).meta({ id: 'AdminOrganization' })
const list = z.object({ organizations: z.array(z.object(summary)), ...pageFields })

export const adminOrganizationDocs = familyDocs((): PathDocs => ({
  adminOrganizations: {
    get: read(
      TAG,
      'Every organization (newest first; `q` in name or slug), or one with its members (?id=)',
      z.object({ id: byId, q: z.string().optional(), ...paginationQuery }),
      z.union([list, z.object({ organization })]),
      {
        404: '`not_found`: no organization with that id',
      },
    ),
    ...actions(
      TAG,
      'create (name, slug, ownerId) → 201 {organization}; update, add-member, set-role, remove-member → {organization}; delete → {success, id}',
      z.union(Object.values(organizationBodies)),
      {
        '200': {
          description: 'update, add-member, set-role, remove-member, delete',
          schema: z.union([z.object({ organization }), z.object({ success: z.literal(true), id })]),
        },
        '201': { description: 'create', schema: z.object({ organization }) },
      },
      {
        400: `${ENVELOPE}; a \`userId\` or \`ownerId\` naming no user is \`invalid_request\``,
        404: '`not_found`: no such organization, or (set-role, remove-member) the user is not a member',
        409: '`slug_taken`, `already_member`, `last_owner` (the organization would lose its last owner), `organization_has_services` (delete while it owns services)',
      },
    ),
  },
}))
