import type { RelationshipFieldSingleValidation } from 'payload'

import { isAdminUser } from '../../domain/permissions'
import { existingReference } from '../../src/operations/catalogue/rules/references'
import { BLOG_POSTS } from '../BlogPosts'

const postExists = existingReference(BLOG_POSTS, 'Post', { required: true })

/** A new comment needs an existing post, and a published one unless an admin or server code (the seed) writes it. */
export const commentablePost: RelationshipFieldSingleValidation = async (value, options) => {
  const exists = await postExists(value, options)
  if (exists !== true) return exists
  if (options.operation !== 'create' || options.event === 'onChange' || !options.req.user || isAdminUser(options.req))
    return true
  const { totalDocs } = await options.req.payload.count({
    collection: BLOG_POSTS,
    where: { and: [{ id: { equals: value } }, { status: { equals: 'published' } }] },
    overrideAccess: true,
    req: options.req,
  })
  return totalDocs > 0 ? true : 'Comments are open on published posts only'
}
