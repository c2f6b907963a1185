// On a held item's page, for staff: why the service held it (the watched words met, or one of a new
// member's first items), read from the record the watched-words hook keeps beside the item.
import type { UIFieldServerProps } from 'payload'

import { isStaff } from '../../../domain/permissions'
import { panelText } from '../../../src/admin/i18n/index'
import { heldFor } from '../../../src/operations/moderation/holds'

export async function HeldFor(props: UIFieldServerProps & { postType: string }) {
  const { id, postType, req } = props
  if (!id || !isStaff(req.user)) return null
  const held = await heldFor(req, postType, String(id))
  if (!held) return null
  const { t } = panelText(req.i18n.language)
  return (
    <div className="field-type" data-testid="held-for" style={{ marginBottom: 'var(--base)' }}>
      <strong>{t(held.heldAs === 'pending_review' ? 'held.waiting' : 'held.byService')}</strong>
      <p style={{ margin: 0 }}>
        {held.words.length ? t('held.words', { words: held.words.join(', ') }) : t('held.firstItem')}
      </p>
    </div>
  )
}
