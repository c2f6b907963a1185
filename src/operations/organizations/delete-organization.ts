import type { PayloadRequest } from 'payload'

import { isUuid } from '../../../domain/ids'
import { writeAudit } from '../../../hooks/shared/audit'
import { apiError, notFound } from '../../lib/http/errors'
import { execute, sql } from '../../lib/sql'
import { inTransaction } from '../../lib/transaction'

export const organizationHasServices = () => apiError('organization_has_services')

export interface DeletedOrganization {
  id: string
  name: string
  slug: string
}

/**
 * Deletes an organization whichever door asks (its owner through Better Auth's route, an admin through the
 * admin API): refused while a service belongs to it, sessions lose it as their active organization, its
 * memberships and invitations go with it, audited `organization.delete`.
 */
export function removeOrganization(req: PayloadRequest, id: string): Promise<DeletedOrganization> {
  return inTransaction(req, async () => {
    const rows = isUuid(id)
      ? await execute(req, sql`SELECT id, name, slug FROM organizations WHERE id = ${id} FOR UPDATE`)
      : []
    const row = rows[0]
    if (!row) throw notFound('Organization not found')
    const services = await execute(req, sql`SELECT 1 FROM service_listings WHERE organization_id = ${id} LIMIT 1`)
    if (services.length > 0) throw organizationHasServices()
    await execute(req, sql`UPDATE sessions SET active_organization_id = NULL WHERE active_organization_id = ${id}`)
    for (const collection of ['invitations', 'memberships'] as const) {
      await req.payload.delete({
        collection,
        where: { organization: { equals: id } },
        overrideAccess: true,
        context: { skipAudit: true },
        req,
      })
    }
    await req.payload.delete({
      collection: 'organizations',
      id,
      overrideAccess: true,
      context: { skipAudit: true },
      req,
    })
    const deleted = { id, name: String(row.name), slug: String(row.slug) }
    await writeAudit(req, {
      action: 'organization.delete',
      targetType: 'organizations',
      targetId: id,
      data: { name: deleted.name, slug: deleted.slug },
    })
    return deleted
  })
}
