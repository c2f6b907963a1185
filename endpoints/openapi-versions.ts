// The OpenAPI description of Payload's version routes on the collections that keep a history (docs/api.md
// "History"): the list, one version, and the restore, for those who may read and update the document.
import { z } from 'zod'
import type { ZodOpenApiOperationObject, ZodOpenApiPathsObject } from 'zod-openapi'

import { id, json, SESSION, stockErrorResponses, timestamp } from '../src/lib/openapi/common'
import { listEnvelope, NOT_FOUND, stockQuery } from './stock-paths'

const TAG = 'History'

/** The collections with versions, and their audit prefix (`<prefix>.restore`). */
export const VERSIONED_COLLECTIONS = {
  'service-listings': 'service',
  'service-categories': 'service_category',
  'blog-posts': 'blog_post',
  reviews: 'review',
  comments: 'comment',
  'forum-threads': 'forum_thread',
  'forum-posts': 'forum_post',
  classifieds: 'classified',
  places: 'place',
  articles: 'article',
  events: 'event',
  groups: 'group',
  galleries: 'gallery',
  products: 'product',
} as const

const version = z
  .looseObject({
    id,
    parent: z.union([id, z.looseObject({ id })]).meta({ description: 'The document (an id at depth 0)' }),
    version: z.looseObject({}).meta({ description: 'The document as it was saved then' }),
    latest: z.boolean().optional().meta({ description: 'The newest version of the document' }),
    createdAt: timestamp,
    updatedAt: timestamp,
  })
  .meta({ id: 'DocumentVersion' })

const versionPath = z.object({ id: z.uuid().meta({ description: 'The version’s id' }) })
const REFUSED = 'Anonymous, or not allowed to update the document (or no document of the type)'

function versionOperations(slug: string, prefix: string): ZodOpenApiPathsObject {
  const list: ZodOpenApiOperationObject = {
    tags: [TAG],
    summary: `Versions of ${slug} (newest 50 per document)`,
    description:
      'Only versions of documents the caller may read and update; `where[parent][equals]=<id>` narrows to one.',
    security: SESSION,
    requestParams: { query: stockQuery },
    responses: {
      '200': json('One page', listEnvelope(version)),
      ...stockErrorResponses({ 400: 'A malformed query', 403: REFUSED }),
    },
  }
  const one: ZodOpenApiOperationObject = {
    tags: [TAG],
    summary: `One version of a ${slug} document`,
    security: SESSION,
    requestParams: { path: versionPath, query: stockQuery.pick({ depth: true, locale: true }) },
    responses: {
      '200': json('Found', version),
      ...stockErrorResponses({ 400: 'A malformed query', 403: REFUSED, 404: NOT_FOUND }),
    },
  }
  const restore: ZodOpenApiOperationObject = {
    tags: [TAG],
    summary: `Restore a version of a ${slug} document`,
    description: `Writes the version back through the checks of an update (status moves, locks) and publishes it; audit \`${prefix}.restore\` with \`data.versionId\`.`,
    security: SESSION,
    requestParams: { path: versionPath },
    responses: {
      '200': json('The document as restored', z.looseObject({ id }).meta({ description: 'The document' })),
      ...stockErrorResponses({
        400: 'The version fails the document’s validation',
        403: `${REFUSED}; a CSRF failure`,
        404: NOT_FOUND,
        409: '`invalid_transition` or `content_locked`: the restore would make a status move an update may not',
      }),
    },
  }
  return { [`/api/${slug}/versions`]: { get: list }, [`/api/${slug}/versions/{id}`]: { get: one, post: restore } }
}

export const versionPaths: ZodOpenApiPathsObject = Object.assign(
  {},
  ...Object.entries(VERSIONED_COLLECTIONS).map(([slug, prefix]) => versionOperations(slug, prefix)),
)
