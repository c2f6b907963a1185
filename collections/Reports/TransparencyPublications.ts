import type { CollectionConfig } from 'payload'

import { isAdmin } from '../../access/isAdmin'
import { nobody } from '../../access/nobody'
import { TRANSPARENCY_PUBLICATIONS } from '../../domain/reports'

// Published transparency reports (DSA Art. 15/24): the figures as computed when published,
// frozen. The public reads them through GET /api/transparency-reports (endpoints/reports);
// the stock route is the admins' (it names who published).
export const TransparencyPublications: CollectionConfig<typeof TRANSPARENCY_PUBLICATIONS> = {
  slug: TRANSPARENCY_PUBLICATIONS,
  admin: { useAsTitle: 'periodFrom', defaultColumns: ['periodFrom', 'periodTo', 'createdAt'] },
  access: { read: isAdmin, create: nobody, update: nobody, delete: nobody },
  defaultSort: '-createdAt',
  fields: [
    { name: 'periodFrom', type: 'text', required: true },
    { name: 'periodTo', type: 'text', required: true },
    // Shown as text: Payload's JSON editor loads Monaco from a CDN.
    { name: 'figures', type: 'json', required: true, admin: { components: { Field: '/src/admin/JsonView#JsonView' } } },
    { name: 'publishedBy', type: 'relationship', relationTo: 'users', maxDepth: 0 },
  ],
}
