// GET                 /api/admin/services/availability?serviceId=… → {slots} (by day, then start)
// POST|PATCH|DELETE   /api/admin/services/availability {action: create|update|delete|bulkSet, …}
// Admins, and organization managers for their organizations' services (decision 114).
import { z } from 'zod'

import { parseInput } from '../../../src/lib/http/body'
import { defineEndpoint } from '../../../src/lib/http/endpoint'
import { invalidRequest } from '../../../src/lib/http/errors'
import { requireCatalogueManager } from '../../guards'
import { json } from '../../../src/lib/http/respond'
import { bulkSetSlots, createSlot, deleteSlot, listSlots, updateSlot } from '../../../src/operations/catalogue/availability'
import { TIME_PATTERN } from '../../../src/lib/wall-clock'
import { MUTATION_METHODS, notEmpty, readScopedAction, targetId } from './actions'

const PATH = '/admin/services/availability'
const ACTIONS = ['create', 'update', 'delete', 'bulkSet'] as const
// A week of half-hour slots is 336; more is a mistake, not a schedule.
const MAX_SLOTS = 400

const time = z.string({ error: 'Expected a time string' }).regex(TIME_PATTERN, 'Use HH:MM, 24-hour, from 00:00 to 23:59')
const dayOfWeek = z.int({ error: 'A whole number from 0 (Sunday) to 6 (Saturday)' }).min(0).max(6)
// serviceId is the parent resource: a well-formed id that names no service is 404.
const serviceId = z.string({ error: 'serviceId must be a string' }).min(1)
const startBeforeEnd = (slot: { startTime?: string; endTime?: string }) => !slot.startTime || !slot.endTime || slot.startTime < slot.endTime
const END_AFTER_START = { message: 'The end time must be after the start time', path: ['endTime'] }

const slotTimes = z.object({ dayOfWeek, startTime: time, endTime: time, isAvailable: z.boolean().optional() }).strict().refine(startBeforeEnd, END_AFTER_START)

export const createSlotBody = z
  .object({ action: z.literal('create'), serviceId, dayOfWeek, startTime: time, endTime: time, isAvailable: z.boolean().optional() })
  .strict()
  .refine(startBeforeEnd, END_AFTER_START)

export const updateSlotBody = z
  .object({ action: z.literal('update'), id: targetId, dayOfWeek: dayOfWeek.optional(), startTime: time.optional(), endTime: time.optional(), isAvailable: z.boolean().optional() })
  .strict()
  .refine(startBeforeEnd, END_AFTER_START)
  .refine((body) => notEmpty(body), 'Nothing to update: send at least one field')

export const deleteSlotBody = z.object({ action: z.literal('delete'), id: targetId }).strict()

export const bulkSetBody = z.object({ action: z.literal('bulkSet'), serviceId, slots: z.array(slotTimes).max(MAX_SLOTS) }).strict()

export const availabilityEndpoints = [
  ...defineEndpoint(PATH, 'get', async (req) => {
    const scope = await requireCatalogueManager(req)
    const id = req.searchParams.get('serviceId')
    if (!id) throw invalidRequest('serviceId is required', [{ path: 'serviceId', message: 'Expected a service id' }])
    return json(await listSlots(req, scope, id))
  }),

  ...defineEndpoint(PATH, [...MUTATION_METHODS], async (req) => {
    const { action, body, scope } = await readScopedAction(req, ACTIONS, ['update', 'delete'])
    switch (action) {
      case 'create': {
        const { action: _action, ...input } = parseInput(createSlotBody, body)
        return json(await createSlot(req, scope, input), 201)
      }
      case 'update': {
        const { action: _action, id, ...input } = parseInput(updateSlotBody, body)
        return json(await updateSlot(req, scope, id, input))
      }
      case 'delete':
        return json(await deleteSlot(req, scope, parseInput(deleteSlotBody, body).id))
      case 'bulkSet': {
        const input = parseInput(bulkSetBody, body)
        return json(await bulkSetSlots(req, scope, input.serviceId, input.slots))
      }
    }
  }),
]
