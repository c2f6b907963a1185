// Blog fixtures for the moderation and access tests: posts and comments written with the
// Local API (as server code, so any author and status can be set up), then read over HTTP.
import { randomBytes } from 'node:crypto'

import type { Role } from '../../domain/permissions'
import { type Actor, actor } from './catalogue'
import { sql, type TestApp } from './test-app'
import { authHeaders, createUser } from './users'

export const COMMENT_STATUSES = ['published', 'moderated', 'deleted'] as const
export type CommentStatus = (typeof COMMENT_STATUSES)[number]

export async function makePost(
  app: TestApp,
  options: { status?: 'draft' | 'published' | 'archived'; authorId?: string } = {},
): Promise<string> {
  const doc = await app.payload.create({
    collection: 'blog-posts',
    overrideAccess: true,
    data: {
      title: `Post ${randomBytes(3).toString('hex')}`,
      slug: `post-${randomBytes(5).toString('hex')}`,
      status: options.status ?? 'published',
      authorId: options.authorId,
    } as never,
  })
  return String(doc.id)
}

/** A comment by `authorId` on `postId`, then moved to `status` directly in the table. */
export async function makeComment(
  app: TestApp,
  postId: string,
  authorId: string,
  status: CommentStatus = 'published',
  body = 'A comment',
): Promise<string> {
  const doc = await app.payload.create({
    collection: 'blog-comments',
    overrideAccess: true,
    data: { postId, authorId, body } as never,
  })
  if (status !== 'published') await sql(app, 'UPDATE blog_comments SET status = $2 WHERE id = $1', [doc.id, status])
  return String(doc.id)
}

export async function commentStatus(app: TestApp, id: string): Promise<string | undefined> {
  const [row] = await sql<{ status: string }>(app, 'SELECT status FROM blog_comments WHERE id = $1', [id])
  return row?.status
}

/** A new user with `role`, signed in, as an HTTP actor. */
export async function roleActor(app: TestApp, role: Role): Promise<Actor> {
  const user = await createUser(app, { roles: [role] })
  return actor(app, user, await authHeaders(app, user))
}
