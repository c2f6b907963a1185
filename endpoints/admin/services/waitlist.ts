// GET /api/admin/services/waitlist?serviceId= → {entries}: who waits for the service's starts to come, in order
// (docs/api.md "Waitlist"), for admins and the service's managers.
import { defineRoute } from '../../../src/lib/http/endpoint'
import { invalidRequest } from '../../../src/lib/http/errors'
import { json } from '../../../src/lib/http/respond'
import { familyDoc } from '../../../src/lib/openapi/routes'
import { serviceWaitlist } from '../../../src/operations/bookings/waitlist'
import { requireCatalogueManager } from '../../guards'

export const ADMIN_WAITLIST_PATH = '/admin/services/waitlist'

export const adminWaitlistEndpoints = defineRoute({
  path: ADMIN_WAITLIST_PATH,
  methods: 'get',
  handler: async (req) => {
    const scope = await requireCatalogueManager(req)
    const id = req.searchParams.get('serviceId')
    if (!id) throw invalidRequest('serviceId is required', [{ path: 'serviceId', message: 'Expected a service id' }])
    return json(await serviceWaitlist(req, scope, id))
  },
  doc: familyDoc('waitlistDocs', 'adminServicesWaitlist'),
})
