// /api/admin/services/availability: weekly slots and exceptions (docs/api.md "Availability:
// /api/admin/services/availability"), for admins and organization managers.
import { z } from 'zod'

import { parseInput } from '../../../src/lib/http/body'
import { defineEndpoint } from '../../../src/lib/http/endpoint'
import { invalidRequest } from '../../../src/lib/http/errors'
import { json } from '../../../src/lib/http/respond'
import { familyDoc } from '../../../src/lib/openapi/routes'
import { isCalendarDate, TIME_PATTERN } from '../../../src/lib/wall-clock'
import {
  bulkSetSlots,
  createSlot,
  deleteSlot,
  listSlots,
  updateSlot,
} from '../../../src/operations/catalogue/availability'
import {
  createException,
  deleteException,
  updateException,
} from '../../../src/operations/catalogue/availability-exceptions'
import {
  exceptionDateProblem,
  exceptionTimesProblem,
  REASON_MAX,
} from '../../../src/operations/catalogue/rules/exceptions'
import { requireCatalogueManager } from '../../guards'
import { MUTATION_METHODS, notEmpty, readScopedAction, targetId } from './actions'

const PATH = '/admin/services/availability'
const ACTIONS = [
  'create',
  'update',
  'delete',
  'bulkSet',
  'createException',
  'updateException',
  'deleteException',
] as const
// A week of half-hour slots is 336; more is a mistake, not a schedule.
const MAX_SLOTS = 400

const time = z
  .string({ error: 'Expected a time string' })
  .regex(TIME_PATTERN, 'Use HH:MM, 24-hour, from 00:00 to 23:59')
const dayOfWeek = z.int({ error: 'A whole number from 0 (Sunday) to 6 (Saturday)' }).min(0).max(6)
// serviceId is the parent resource: a well-formed id that names no service is 404.
const serviceId = z.string({ error: 'serviceId must be a string' }).min(1)
const startBeforeEnd = (slot: { startTime?: string; endTime?: string }) =>
  !slot.startTime || !slot.endTime || slot.startTime < slot.endTime
const END_AFTER_START = { message: 'The end time must be after the start time', path: ['endTime'] }

const slotTimes = z
  .object({ dayOfWeek, startTime: time, endTime: time, isAvailable: z.boolean().optional() })
  .strict()
  .refine(startBeforeEnd, END_AFTER_START)

export const createSlotBody = z
  .object({
    action: z.literal('create'),
    serviceId,
    dayOfWeek,
    startTime: time,
    endTime: time,
    isAvailable: z.boolean().optional(),
  })
  .strict()
  .refine(startBeforeEnd, END_AFTER_START)

export const updateSlotBody = z
  .object({
    action: z.literal('update'),
    id: targetId,
    dayOfWeek: dayOfWeek.optional(),
    startTime: time.optional(),
    endTime: time.optional(),
    isAvailable: z.boolean().optional(),
  })
  .strict()
  .refine(startBeforeEnd, END_AFTER_START)
  .refine((body) => notEmpty(body), 'Nothing to update: send at least one field')

export const deleteSlotBody = z.object({ action: z.literal('delete'), id: targetId }).strict()

export const bulkSetBody = z
  .object({ action: z.literal('bulkSet'), serviceId, slots: z.array(slotTimes).max(MAX_SLOTS) })
  .strict()

// Exceptions (docs/api.md "Exceptions: days off and extra hours"): the date rule is read when the
// request comes (today moves).
const exceptionDate = z.string({ error: 'Expected a date string' }).superRefine((value, ctx) => {
  const problem = exceptionDateProblem(value)
  if (problem) ctx.addIssue({ code: 'custom', message: problem })
})
const optionalTime = time.nullable().optional()
const reason = z.string({ error: 'Expected a string' }).max(REASON_MAX).nullable().optional()
const timesMakeSense = (
  body: { isAvailable?: boolean; startTime?: string | null; endTime?: string | null },
  ctx: z.RefinementCtx,
) => {
  const problem = exceptionTimesProblem({
    isAvailable: Boolean(body.isAvailable),
    startTime: body.startTime,
    endTime: body.endTime,
  })
  if (problem) ctx.addIssue({ code: 'custom', message: problem.message, path: [problem.path] })
}

export const createExceptionBody = z
  .object({
    action: z.literal('createException'),
    serviceId,
    date: exceptionDate,
    isAvailable: z.boolean({ error: 'isAvailable must be true or false' }),
    startTime: optionalTime,
    endTime: optionalTime,
    reason,
  })
  .strict()
  .superRefine(timesMakeSense)

// Partial: the merged exception is checked by the collection's hook (same rule, same messages).
export const updateExceptionBody = z
  .object({
    action: z.literal('updateException'),
    id: targetId,
    date: exceptionDate.optional(),
    isAvailable: z.boolean().optional(),
    startTime: optionalTime,
    endTime: optionalTime,
    reason,
  })
  .strict()
  .refine((body) => notEmpty(body), 'Nothing to update: send at least one field')

export const deleteExceptionBody = z.object({ action: z.literal('deleteException'), id: targetId }).strict()

const dateFilter = z.string().refine(isCalendarDate, 'A real date as YYYY-MM-DD').optional()
const exceptionRange = z.object({ from: dateFilter, to: dateFilter })

export const availabilityEndpoints = [
  ...defineEndpoint(
    PATH,
    'get',
    async (req) => {
      const scope = await requireCatalogueManager(req)
      const id = req.searchParams.get('serviceId')
      if (!id) throw invalidRequest('serviceId is required', [{ path: 'serviceId', message: 'Expected a service id' }])
      const range = parseInput(exceptionRange, {
        from: req.searchParams.get('from') ?? undefined,
        to: req.searchParams.get('to') ?? undefined,
      })
      return json(await listSlots(req, scope, id, range))
    },
    familyDoc('adminServicesDocs', 'adminServicesAvailability'),
  ),

  ...defineEndpoint(
    PATH,
    [...MUTATION_METHODS],
    async (req) => {
      const { action, body, scope } = await readScopedAction(req, ACTIONS, [
        'update',
        'delete',
        'updateException',
        'deleteException',
      ])
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
        case 'createException': {
          const { action: _action, ...input } = parseInput(createExceptionBody, body)
          return json(await createException(req, scope, input), 201)
        }
        case 'updateException': {
          const { action: _action, id, ...input } = parseInput(updateExceptionBody, body)
          return json(await updateException(req, scope, id, input))
        }
        case 'deleteException':
          return json(await deleteException(req, scope, parseInput(deleteExceptionBody, body).id))
      }
    },
    familyDoc('adminServicesDocs', 'adminServicesAvailability'),
  ),
]
