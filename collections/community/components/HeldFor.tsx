// On a held item's page, for staff: why the service held it (the watched words met, or one of a new
// member's first items), read from the record the watched-words hook keeps beside the item.
import type { UIFieldServerProps } from 'payload'

import { isStaff } from '../../../domain/permissions'
import { heldFor } from '../../../src/operations/moderation/holds'

export async function HeldFor(props: UIFieldServerProps & { postType: string }) {
  const { id, postType, req } = props
  if (!id || !isStaff(req.user)) return null
  const held = await heldFor(req, postType, String(id))
  if (!held) return null
  return (
    <div className="field-type" data-testid="held-for" style={{ marginBottom: 'var(--base)' }}>
      <strong>{held.heldAs === 'pending_review' ? 'Waiting for approval' : 'Held by the service'}</strong>
      <p style={{ margin: 0 }}>
        {held.words.length
          ? `Watched words met: ${held.words.join(', ')}`
          : "One of a new member's first items, held for approval"}
      </p>
    </div>
  )
}
