// The OpenAPI description of /api/admin/blog/* (docs/api.md "Admin blog: /api/admin/blog"), from the bodies
// the endpoints parse.
import { z } from 'zod'

import { COMMENT_STATUSES } from '../../collections/BlogComments'
import { POST_STATUSES } from '../../collections/BlogPosts'
import { id, localized, pageFields, paginationQuery, timestamp } from '../../src/lib/openapi/common'
import { familyDocs, type PathDocs } from '../../src/lib/openapi/routes'
import { postBodies } from './blog'
import { actions, byId, read } from './services/openapi'

const TAG = 'Admin: blog'

const summary = {
  id,
  slug: z.string(),
  title: localized,
  excerpt: localized,
  status: z.enum(POST_STATUSES),
  publishedAt: timestamp.nullable(),
  authorId: id.nullable(),
  commentCount: z.int().min(0),
  scheduledPublishAt: timestamp
    .nullable()
    .meta({ description: 'When a waiting schedule publishes the post (with its latest draft); null without one' }),
  createdAt: timestamp,
  updatedAt: timestamp,
}
const post = z
  .object({
    ...summary,
    body: z.record(z.string(), z.looseObject({})).meta({ description: 'Lexical JSON per language' }),
    hasDraft: z.boolean().meta({ description: 'An edit saved as a draft (in the panel) waits to be published' }),
  })
  .meta({ id: 'AdminBlogPost' })
const comment = z.object({
  id,
  postId: id,
  authorId: id.nullable(),
  authorName: z.string().nullable(),
  content: z.string(),
  status: z.enum(COMMENT_STATUSES),
  createdAt: timestamp,
})

export const adminBlogDocs = familyDocs((locales: readonly string[]): PathDocs => {
  const bodies = postBodies(locales)
  return {
    adminBlogPosts: {
      get: read(
        TAG,
        'Blog posts, newest first (`q` in slug or any title), or one with its body (?id=)',
        z.object({ id: byId, status: z.enum(POST_STATUSES).optional(), q: z.string().optional(), ...paginationQuery }),
        z.union([z.object({ posts: z.array(z.object(summary)), ...pageFields }), z.object({ post })]),
        { 404: '`not_found`: no post with that id' },
      ),
      ...actions(
        TAG,
        'create → 201 {post}; update, publish, unpublish, archive, schedule, unschedule → {post}; delete → {success, id} (its comments go with it)',
        z.union([bodies.create, bodies.update, bodies.move, bodies.schedule, bodies.unschedule, bodies.delete]),
        {
          '200': {
            description: 'update, publish, unpublish, archive, schedule, unschedule, delete',
            schema: z.union([z.object({ post }), z.object({ success: z.literal(true), id })]),
          },
          '201': { description: 'create', schema: z.object({ post }) },
        },
        {
          400: '`invalid_request`: also a `publishAt` not in the future or more than 366 days ahead',
          404: '`not_found`: no such post',
          409: '`slug_taken`',
        },
      ),
    },
    adminBlogComments: {
      get: read(
        TAG,
        'Blog comments in every status, newest first',
        z.object({
          status: z.enum(COMMENT_STATUSES).optional(),
          postId: z.string().optional(),
          q: z.string().optional().meta({ description: 'In the comment’s text' }),
          ...paginationQuery,
        }),
        z.object({ comments: z.array(comment), ...pageFields }),
      ),
    },
  }
})
