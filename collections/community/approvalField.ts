// The approval box on an item's page in the panel: Approve / Reject
// (./components/ApprovalDecision.tsx, which calls POST /api/admin/approve) for a type with an
// `approval` entry in the registry, shown only while the item is `pending_review` and only to
// someone the endpoint would let decide it: a holder of the type's approval permission
// (admins for places and articles, moderators too for classifieds), not its own author.
// The endpoint checks all of it again; the condition only spares people a button that would
// answer 403.
import type { UIField } from 'payload'

import type { ContentType, ContentTypeName } from '../../domain/content-types'
import { hasPermission } from '../../domain/permissions'
import { idOf } from '../../hooks/community/context'

export function approvalField(name: ContentTypeName, type: ContentType): UIField[] {
  const approval = type.approval
  if (!approval) return []
  return [
    {
      name: 'approval',
      type: 'ui',
      admin: {
        position: 'sidebar',
        disableListColumn: true,
        condition: (data, _siblingData, { user }) =>
          data?.[type.statusField] === 'pending_review' &&
          hasPermission(user, approval.permission) &&
          idOf(data?.[type.authorField]) !== (user ? String(user.id) : null),
        components: {
          Field: {
            path: '/collections/community/components/ApprovalDecision#ApprovalDecision',
            clientProps: { postType: name },
          },
        },
      },
    },
  ]
}
