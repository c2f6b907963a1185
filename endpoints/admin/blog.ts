// GET                 /api/admin/blog/posts?status&q&page&perPage → {posts,…}; ?id= → {post} (with body)
// POST|PATCH|DELETE   /api/admin/blog/posts {action: create|update|publish|unpublish|archive|delete, …}
//                     also schedule {id, publishAt} | unschedule {id}
// GET                 /api/admin/blog/comments?status&postId&q&page&perPage → {comments,…}
// docs/api.md "Admin blog: /api/admin/blog", with the admin API's envelope (endpoints/admin/services/actions.ts).
import { z } from 'zod'

import { COMMENT_STATUSES } from '../../collections/BlogComments'
import { BLOG_EXCERPT_MAX, POST_STATUSES } from '../../collections/BlogPosts'
import { UUID_PATTERN } from '../../domain/ids'
import { parseInput } from '../../src/lib/http/body'
import { defineEndpoint } from '../../src/lib/http/endpoint'
import { invalidRequest } from '../../src/lib/http/errors'
import { parsePagination } from '../../src/lib/http/pagination'
import { json } from '../../src/lib/http/respond'
import { localeCodes, localizedText, localizedTextOrNull, unknownLanguage } from '../../src/lib/locales'
import { familyDoc } from '../../src/lib/openapi/routes'
import { listComments } from '../../src/operations/blog/admin-comments'
import {
  createPost,
  deletePost,
  getPost,
  listPosts,
  movePost,
  type PostStatus,
  updatePost,
} from '../../src/operations/blog/admin-posts'
import { schedulePost, unschedulePost } from '../../src/operations/blog/schedule'
import { SLUG_HINT, SLUG_MAX, SLUG_PATTERN } from '../../src/operations/catalogue/rules/slug'
import { requireAdmin } from '../guards'
import { MUTATION_METHODS, notEmpty, readAction, targetId } from './services/actions'

const POSTS = '/admin/blog/posts'
const COMMENTS = '/admin/blog/comments'
export const POST_ACTIONS = [
  'create',
  'update',
  'publish',
  'unpublish',
  'archive',
  'schedule',
  'unschedule',
  'delete',
] as const
const TITLE_MAX = 300

/** Lexical's document per language (`{root: {…}}`); null clears a language on update. */
function localizedRichText(locales: readonly string[]) {
  return z
    .record(z.string(), z.looseObject({ root: z.looseObject({ type: z.literal('root') }) }).nullable())
    .superRefine((object, ctx) => {
      for (const key of Object.keys(object)) {
        const message = unknownLanguage(key, locales)
        if (message) ctx.addIssue({ code: 'custom', path: [key], message })
      }
    })
}

export function postBodies(locales: readonly string[]) {
  const slug = z.string().max(SLUG_MAX).regex(SLUG_PATTERN, `Not URL-friendly: use ${SLUG_HINT}`)
  const fields = {
    excerpt: localizedTextOrNull(locales, BLOG_EXCERPT_MAX).optional(),
    body: localizedRichText(locales).optional(),
    status: z.enum(POST_STATUSES).optional(),
  }
  return {
    create: z
      .object({ action: z.literal('create'), slug, title: localizedText(locales, TITLE_MAX), ...fields })
      .strict(),
    update: z
      .object({
        action: z.literal('update'),
        id: targetId,
        slug: slug.optional(),
        title: localizedText(locales, TITLE_MAX).optional(),
        ...fields,
      })
      .strict()
      .refine((body) => notEmpty(body), 'Nothing to update: send at least one field'),
    move: z.object({ action: z.enum(['publish', 'unpublish', 'archive']), id: targetId }).strict(),
    delete: z.object({ action: z.literal('delete'), id: targetId }).strict(),
    schedule: z
      .object({ action: z.literal('schedule'), id: targetId, publishAt: z.iso.datetime({ offset: true }) })
      .strict(),
    unschedule: z.object({ action: z.literal('unschedule'), id: targetId }).strict(),
  }
}

function oneOf<T extends string>(params: URLSearchParams, name: string, allowed: readonly T[]): T | undefined {
  const value = params.get(name)
  if (value === null || value === '') return undefined
  if (!allowed.includes(value as T))
    throw invalidRequest(`${name} must be one of ${allowed.join(', ')}`, [
      { path: name, message: `One of ${allowed.join(', ')}` },
    ])
  return value as T
}

export const adminBlogEndpoints = [
  ...defineEndpoint(
    POSTS,
    'get',
    async (req) => {
      requireAdmin(req)
      const params = req.searchParams
      const id = params.get('id')
      if (id !== null) {
        if (id === '') throw invalidRequest('id is empty', [{ path: 'id', message: 'Expected a post id' }])
        return json(await getPost(req, id))
      }
      return json(
        await listPosts(
          req,
          { status: oneOf<PostStatus>(params, 'status', POST_STATUSES), q: params.get('q') || undefined },
          parsePagination(params),
        ),
      )
    },
    familyDoc('adminBlogDocs', 'adminBlogPosts'),
  ),

  ...defineEndpoint(
    POSTS,
    [...MUTATION_METHODS],
    async (req) => {
      const { action, body } = await readAction(
        req,
        POST_ACTIONS,
        POST_ACTIONS.filter((a) => a !== 'create'),
      )
      const schema = postBodies(localeCodes(req.payload))
      if (action === 'create') {
        const { action: _action, ...input } = parseInput(schema.create, body)
        return json(await createPost(req, input), 201)
      }
      if (action === 'update') {
        const { action: _action, id, ...input } = parseInput(schema.update, body)
        return json(await updatePost(req, id, input))
      }
      if (action === 'delete') return json(await deletePost(req, parseInput(schema.delete, body).id))
      if (action === 'schedule') {
        const input = parseInput(schema.schedule, body)
        return json(await schedulePost(req, input.id, input.publishAt))
      }
      if (action === 'unschedule') return json(await unschedulePost(req, parseInput(schema.unschedule, body).id))
      const move = parseInput(schema.move, body)
      return json(await movePost(req, move.id, move.action))
    },
    familyDoc('adminBlogDocs', 'adminBlogPosts'),
  ),

  ...defineEndpoint(
    COMMENTS,
    'get',
    async (req) => {
      requireAdmin(req)
      const params = req.searchParams
      const postId = params.get('postId') || undefined
      if (postId && !UUID_PATTERN.test(postId))
        throw invalidRequest('postId must be a post id', [{ path: 'postId', message: 'Expected a UUID' }])
      return json(
        await listComments(
          req,
          { status: oneOf(params, 'status', COMMENT_STATUSES), postId, q: params.get('q') || undefined },
          parsePagination(params),
        ),
      )
    },
    familyDoc('adminBlogDocs', 'adminBlogComments'),
  ),
]
