// The OpenAPI description of the community content types' stock routes, generated from the registry and
// each type's collection config, so a twelfth type documents itself (docs/api.md "Community content").
import type { Field, FieldAccess } from 'payload'
import { z } from 'zod'
import type { ZodOpenApiOperationObject, ZodOpenApiPathsObject } from 'zod-openapi'

import { COMMUNITY_CONTENT } from '../../collections/community/contentCollection'
import { fixedAfterCreate } from '../../collections/community/fields'
import { COMMUNITY_CONTENT_COLLECTIONS } from '../../collections/community/index'
import { CONTENT_TYPES, type ContentType, type ContentTypeName } from '../../domain/content-types'
import { id, json, SESSION, timestamp } from '../../src/lib/openapi/common'
import { doc, idPath, listEnvelope, NOT_FOUND, stockQuery } from '../stock-paths'
import { errors } from './openapi'

const TAG = 'Community'

type DataField = Extract<Field, { name: string }> & { type: string; required?: boolean; defaultValue?: unknown }

// `_status`: Payload's publication state of a type with drafts (docs/api.md "Drafts"), described on its own.
const PAYLOAD_FIELDS = new Set(['id', 'createdAt', 'updatedAt', '_status'])
const PUBLICATION = z
  .enum(['draft', 'published'])
  .meta({ description: 'Payload’s publication state: `draft` while the item was never published' })

/** Every field that holds data, through the presentational ones (row, collapsible). */
function dataFields(fields: readonly Field[]): DataField[] {
  return fields.flatMap((field) => {
    // Payload adds id and the timestamps to the config it sanitizes (doc() has them).
    if (field.type === 'ui' || ('name' in field && PAYLOAD_FIELDS.has(field.name))) return []
    if ('name' in field && field.name) return [field as DataField]
    if ('fields' in field && Array.isArray(field.fields)) return dataFields(field.fields)
    throw new Error(
      `OpenAPI: a community content field of type ${field.type} is not described (endpoints/community/openapi-content.ts)`,
    )
  })
}

const selectValues = (field: DataField): [string, ...string[]] =>
  (field as { options: Array<string | { value: string }> }).options.map((option) =>
    typeof option === 'string' ? option : option.value,
  ) as [string, ...string[]]

const relationTargets = (field: DataField): string | string[] => (field as { relationTo: string | string[] }).relationTo

/** A relationship or upload as read: an id, or the document at `depth` ≥ 1 (open: its own fields). */
function readReference(field: DataField): z.ZodType {
  const targets = relationTargets(field)
  const value = z.union([id, z.looseObject({ id })])
  const one = Array.isArray(targets) ? z.object({ relationTo: z.enum(targets as [string, ...string[]]), value }) : value
  return (field as { hasMany?: boolean }).hasMany ? z.array(one) : one
}

/** A relationship or upload as sent: ids only. */
function sentReference(field: DataField): z.ZodType {
  const targets = relationTargets(field)
  const one = Array.isArray(targets)
    ? z.object({ relationTo: z.enum(targets as [string, ...string[]]), value: id })
    : id
  const maxRows = (field as { maxRows?: number }).maxRows
  return (field as { hasMany?: boolean }).hasMany ? (maxRows ? z.array(one).max(maxRows) : z.array(one)) : one
}

const lexical = z
  .looseObject({ root: z.looseObject({}) })
  .meta({ description: 'Lexical rich text (JSON with a `root`)' })

/** A field's value (not null). */
function valueSchema(field: DataField): z.ZodType {
  switch (field.type) {
    case 'text':
    case 'textarea':
      return z.string()
    case 'richText':
      return lexical
    case 'number':
      return z.number()
    case 'checkbox':
      return z.boolean()
    case 'date':
      return timestamp
    case 'select':
      return z.enum(selectValues(field))
    default:
      throw new Error(
        `OpenAPI: a community content field of type ${field.type} is not described (endpoints/community/openapi-content.ts)`,
      )
  }
}

/** A field's value in a document (null when unset). */
const readSchema = (field: DataField): z.ZodType =>
  (field.type === 'relationship' || field.type === 'upload' ? readReference(field) : valueSchema(field)).nullable()

/** A field's value in a body, with its bounds. */
function sentSchema(field: DataField): z.ZodType {
  const maxLength = (field as { maxLength?: number }).maxLength
  switch (field.type) {
    case 'text':
    case 'textarea':
      return maxLength ? z.string().max(maxLength) : z.string()
    case 'relationship':
    case 'upload':
      return sentReference(field)
    default:
      return valueSchema(field)
  }
}

const isReadOnly = (field: DataField) => Boolean((field.admin as { readOnly?: boolean } | undefined)?.readOnly)
const access = (field: DataField) => (field as { access?: { update?: FieldAccess } }).access

/** Who may make each move of the type, from the registry: `published → deleted (author, review.delete_any)`. */
function moves(type: ContentType): string {
  const lines = new Map<string, string[]>()
  for (const move of type.transitions) {
    const key = `${move.from.join('/')} → ${move.to}`
    lines.set(key, [...(lines.get(key) ?? []), move.by])
  }
  if (lines.size === 0) return 'None by a PATCH: approval (`POST /api/admin/approve`) and moderation move it.'
  return `Moves: ${[...lines].map(([move, by]) => `${move} (${by.join(', ')})`).join('; ')}; any other is 409 \`invalid_transition\`.`
}

const pascal = (name: string) => name.charAt(0).toUpperCase() + name.slice(1)

interface Schemas {
  item: z.ZodType
  create: z.ZodType
  update: z.ZodType
}

function schemasOf(name: ContentTypeName, type: ContentType, fields: DataField[], drafts: boolean): Schemas {
  const statusField = fields.find((field) => field.name === type.statusField)
  if (!statusField) throw new Error(`OpenAPI: ${type.collection} has no ${type.statusField} field`)
  const item = doc(`Community${pascal(name)}`, {
    ...Object.fromEntries(fields.map((field) => [field.name, readSchema(field)])),
    ...(drafts ? { _status: PUBLICATION } : {}),
    [type.statusField]: z.enum(type.statuses as [string, ...string[]]),
    [type.authorField]: z
      .union([id, z.null()])
      .meta({ description: 'Who wrote it (the caller at creation); null once the account is gone' }),
  })

  // What a person may send: no field the platform keeps (read-only in the panel: the author,
  // counters, dates of approval, `authorName`); the status is the default at creation.
  const sendable = fields.filter((field) => !isReadOnly(field) && field.name !== type.statusField)
  // A required field is never null; on create it must be sent unless it has a default.
  const sent = (field: DataField, mustSend: boolean) => {
    const value = field.required ? sentSchema(field) : sentSchema(field).nullable()
    return mustSend ? value : value.optional()
  }
  const create = z
    .object(
      Object.fromEntries(
        sendable.map((field) => [field.name, sent(field, Boolean(field.required) && field.defaultValue === undefined)]),
      ),
    )
    .meta({
      id: `Community${pascal(name)}Create`,
      description: `\`${type.statusField}\` starts as \`${type.statuses[0]}\` and \`${type.authorField}\` is the caller, whatever the body says`,
    })
  const changeable = sendable.filter((field) => access(field)?.update !== fixedAfterCreate)
  const update = z
    .object({
      ...Object.fromEntries(changeable.map((field) => [field.name, sent(field, false)])),
      [type.statusField]: z
        .enum(type.statuses as [string, ...string[]])
        .optional()
        .meta({ description: moves(type) }),
    })
    .meta({
      id: `Community${pascal(name)}Update`,
      description:
        'Only the fields sent change; what an item is about (its booking, thread or target) is fixed at creation',
    })
  return { item, create, update }
}

/** What a type's own hooks add to a create (beyond the fields' 400s), by registry name. */
const CREATE_REFUSALS: Partial<Record<ContentTypeName, Record<number, string>>> = {
  reviews: {
    404: '`not_found`: the booking is missing or not the caller’s',
    409: '`review_exists`: the booking has a review already',
  },
  forumPosts: {
    404: '`not_found`: the thread is missing, moderated or deleted',
    409: '`thread_closed`: the thread is closed',
  },
  comments: { 404: '`not_found`: the target is missing or not publicly visible' },
  forumThreads: {
    403: '`forbidden`: `pinned` without `forum.pin_thread`; a cookie request without a trusted Origin (CSRF rule)',
  },
}

const CSRF = '`forbidden`: a cookie request without a trusted Origin (CSRF rule)'
// docs/api.md "Watched words and new members".
const BLOCKED = '; `content_blocked`: a watched word that blocks, or more links than a new member may write in one text'
const NEW_MEMBER_CAP =
  '`too_many_requests`: a new member’s daily cap of items (`Retry-After` in seconds), or the global limit per client IP'
const BODY = { 413: '`payload_too_large`: the body is over 1 MiB', 415: 'A body that is neither JSON nor multipart' }
/**
 * Payload answers a change of an item the caller's access filters out 403, so 404 is for staff (or the shell's non-UUID
 * id).
 */
const MISSING =
  'No such item, for a caller whose access reaches every item of the type (others get 403); a non-UUID id is the shell’s `not_found`'
const UNAVAILABLE =
  '`service_unavailable`: the database cannot be reached; nothing written, try again after `Retry-After`'

function operations(name: ContentTypeName, type: ContentType, schemas: Schemas): ZodOpenApiPathsObject {
  const route = `/api/${type.collection}`
  const publicOnes = type.publicStatuses.join(', ')
  const reads = `anyone: ${publicOnes}${type.collection === 'classifieds' ? ' before `expiresAt`' : ''}; an author also their own; moderators and admins all`
  const changed = z.object({ doc: schemas.item, message: z.string() })
  const body = (schema: z.ZodType) => ({ content: { 'application/json': { schema } } })
  const softDeletes = (type.statuses as readonly string[]).includes('deleted')
  const staff = [...new Set(type.transitions.map((move) => move.by).filter((by) => by !== 'author'))]
  const editors = `its author${staff.length ? `, holders of ${staff.map((by) => `\`${by}\``).join(', ')}` : ''}, admins`

  const list: ZodOpenApiOperationObject = {
    tags: [TAG],
    summary: `List ${name} (${reads})`,
    security: [...SESSION, {}],
    requestParams: { query: stockQuery },
    responses: {
      '200': json('One page', listEnvelope(schemas.item)),
      ...errors({ 400: 'A malformed `where`, `sort`, `limit`, `page` or `depth`', 503: UNAVAILABLE }),
    },
  }
  const count: ZodOpenApiOperationObject = {
    tags: [TAG],
    summary: `Count the ${name} the caller may read`,
    security: [...SESSION, {}],
    requestParams: { query: stockQuery.pick({ where: true }) },
    responses: {
      '200': json('The count', z.object({ totalDocs: z.int() })),
      ...errors({ 400: 'A malformed `where`', 503: UNAVAILABLE }),
    },
  }
  const one: ZodOpenApiOperationObject = {
    tags: [TAG],
    summary: `One of the ${name} by id`,
    security: [...SESSION, {}],
    requestParams: { path: idPath, query: stockQuery.pick({ depth: true }) },
    responses: {
      '200': json('Found', schemas.item),
      ...errors({ 400: 'A malformed query', 404: NOT_FOUND, 503: UNAVAILABLE }),
    },
  }
  const create: ZodOpenApiOperationObject = {
    tags: [TAG],
    summary: `Create one of the ${name} (any signed-in user)`,
    security: SESSION,
    requestBody: body(schemas.create),
    responses: {
      '201': json('Created: the document', changed),
      ...errors({
        400: `Payload’s field errors (\`errors[].data.errors[]\`: a required field missing, a bound passed, a reference that does not exist); a body that is not a JSON object${BLOCKED}`,
        401: '`unauthorized`: not signed in',
        429: NEW_MEMBER_CAP,
        403: CSRF,
        ...BODY,
        ...CREATE_REFUSALS[name],
        503: UNAVAILABLE,
      }),
    },
  }
  const locked = type.lockedStatuses.length ? `; \`content_locked\`: the item is ${type.lockedStatuses.join(', ')}` : ''
  const patch: ZodOpenApiOperationObject = {
    tags: [TAG],
    summary: `Change one of the ${name} (${editors})`,
    description: moves(type),
    security: SESSION,
    requestParams: { path: idPath },
    requestBody: body(schemas.update),
    responses: {
      '200': json('Changed: the document', changed),
      ...errors({
        400: `Payload’s field errors; a body that is not a JSON object${BLOCKED}`,
        403: `Anonymous; an item the caller does not edit (someone else’s, or for a caller without a staff permission of the type, one that does not exist: Payload’s answer where access is a filter); content fields of someone else’s item (\`forbidden\`: only the author edits them)${type.collection === 'forum-threads' ? '; `pinned` without `forum.pin_thread`' : ''}; ${CSRF}`,
        404: MISSING,
        409: `\`invalid_transition\`: a status move the table does not allow the caller${locked}`,
        ...BODY,
        503: UNAVAILABLE,
      }),
    },
  }
  const remove: ZodOpenApiOperationObject = softDeletes
    ? {
        tags: [TAG],
        summary: `Delete one of the ${name}: its status becomes \`deleted\`, the row stays (${type.deleteAny ? `its author or \`${type.deleteAny}\`` : 'its author'})`,
        security: SESSION,
        requestParams: { path: idPath },
        responses: {
          '200': json('Deleted: the document, now `deleted`', changed),
          ...errors({
            400: 'A body that is not a JSON object (none is needed)',
            403: `Not the author nor a holder of \`${type.deleteAny}\`; ${CSRF}`,
            404: NOT_FOUND,
            409: `\`content_locked\`: the item is ${type.lockedStatuses.join(', ')}; \`invalid_transition\`: not deletable from its status`,
            ...BODY,
            503: UNAVAILABLE,
          }),
        },
      }
    : {
        tags: [TAG],
        summary: `Remove one of the ${name}: the row goes (its author${type.deleteAny ? ` or \`${type.deleteAny}\`` : ''}; the audit entry keeps a copy)`,
        security: SESSION,
        requestParams: { path: idPath },
        responses: {
          '200': json('Removed: the document as it was', changed),
          ...errors({
            400: 'A body that is not a JSON object (none is needed)',
            403: `Anonymous; not the author${type.deleteAny ? ` nor a holder of \`${type.deleteAny}\`` : ''} (a missing item too, for them); ${CSRF}`,
            404: MISSING,
            ...BODY,
            503: UNAVAILABLE,
          }),
        },
      }

  return {
    [route]: { get: list, post: create },
    [`${route}/count`]: { get: count },
    [`${route}/{id}`]: { get: one, patch, delete: remove },
  }
}

/** Every content type built by contentCollection, in the registry's order. */
export function communityContentPaths(): ZodOpenApiPathsObject {
  const paths: ZodOpenApiPathsObject = {}
  for (const [name, type] of Object.entries(CONTENT_TYPES) as Array<[ContentTypeName, ContentType]>) {
    const config = COMMUNITY_CONTENT_COLLECTIONS.find((collection) => collection.slug === type.collection)
    if (!config?.custom?.[COMMUNITY_CONTENT]) continue
    Object.assign(
      paths,
      operations(
        name,
        type,
        schemasOf(name, type, dataFields(config.fields), Boolean((config.versions as { drafts?: unknown })?.drafts)),
      ),
    )
  }
  return paths
}
