// GET                 /api/admin/organizations?q&page&perPage → {organizations,…}
// GET                 /api/admin/organizations?id=… → {organization} (with members)
// POST|PATCH|DELETE   /api/admin/organizations {action: create|update|add-member|set-role|remove-member|delete, …}
// docs/api.md "Admin organizations: /api/admin/organizations", with the admin API's envelope
// (endpoints/admin/services/actions.ts).
import { z } from 'zod'

import { MEMBERSHIP_ROLES } from '../../collections/Memberships'
import { parseInput } from '../../src/lib/http/body'
import { defineEndpoint } from '../../src/lib/http/endpoint'
import { invalidRequest } from '../../src/lib/http/errors'
import { parsePagination } from '../../src/lib/http/pagination'
import { json } from '../../src/lib/http/respond'
import { familyDoc } from '../../src/lib/openapi/routes'
import { SLUG_HINT, SLUG_MAX, SLUG_PATTERN } from '../../src/operations/catalogue/rules/slug'
import {
  addMember,
  createOrganization,
  deleteOrganization,
  getOrganization,
  listOrganizations,
  removeMember,
  setMemberRole,
  updateOrganization,
} from '../../src/operations/organizations/admin-organizations'
import { requireAdmin } from '../guards'
import { MUTATION_METHODS, notEmpty, readAction, targetId, uuid } from './services/actions'

const PATH = '/admin/organizations'
export const ORGANIZATION_ACTIONS = ['create', 'update', 'add-member', 'set-role', 'remove-member', 'delete'] as const

const name = z.string().trim().min(1).max(200)
const slug = z.string().max(SLUG_MAX).regex(SLUG_PATTERN, `Not URL-friendly: use ${SLUG_HINT}`)
const role = z.enum(MEMBERSHIP_ROLES)

export const organizationBodies = {
  create: z.object({ action: z.literal('create'), name, slug, ownerId: uuid('ownerId') }).strict(),
  update: z
    .object({ action: z.literal('update'), id: targetId, name: name.optional(), slug: slug.optional() })
    .strict()
    .refine((body) => notEmpty(body), 'Nothing to update: send name or slug'),
  'add-member': z.object({ action: z.literal('add-member'), id: targetId, userId: uuid('userId'), role }).strict(),
  'set-role': z.object({ action: z.literal('set-role'), id: targetId, userId: uuid('userId'), role }).strict(),
  'remove-member': z.object({ action: z.literal('remove-member'), id: targetId, userId: uuid('userId') }).strict(),
  delete: z.object({ action: z.literal('delete'), id: targetId }).strict(),
}

export const adminOrganizationsEndpoints = [
  ...defineEndpoint(
    PATH,
    'get',
    async (req) => {
      requireAdmin(req)
      const params = req.searchParams
      const id = params.get('id')
      if (id !== null) {
        if (id === '') throw invalidRequest('id is empty', [{ path: 'id', message: 'Expected an organization id' }])
        return json(await getOrganization(req, id))
      }
      return json(await listOrganizations(req, params.get('q') || undefined, parsePagination(params)))
    },
    familyDoc('adminOrganizationDocs', 'adminOrganizations'),
  ),

  ...defineEndpoint(
    PATH,
    [...MUTATION_METHODS],
    async (req) => {
      const { action, body } = await readAction(
        req,
        ORGANIZATION_ACTIONS,
        ORGANIZATION_ACTIONS.filter((a) => a !== 'create'),
      )
      switch (action) {
        case 'create': {
          const { name, slug, ownerId } = parseInput(organizationBodies.create, body)
          return json(await createOrganization(req, { name, slug, ownerId }), 201)
        }
        case 'update': {
          const { id, name, slug } = parseInput(organizationBodies.update, body)
          return json(
            await updateOrganization(
              req,
              id,
              Object.fromEntries(Object.entries({ name, slug }).filter(([, v]) => v !== undefined)),
            ),
          )
        }
        case 'add-member': {
          const input = parseInput(organizationBodies['add-member'], body)
          return json(await addMember(req, input.id, input.userId, input.role))
        }
        case 'set-role': {
          const input = parseInput(organizationBodies['set-role'], body)
          return json(await setMemberRole(req, input.id, input.userId, input.role))
        }
        case 'remove-member': {
          const input = parseInput(organizationBodies['remove-member'], body)
          return json(await removeMember(req, input.id, input.userId))
        }
        default: {
          const { id } = parseInput(organizationBodies.delete, body)
          return json(await deleteOrganization(req, id))
        }
      }
    },
    familyDoc('adminOrganizationDocs', 'adminOrganizations'),
  ),
]
