import type { CollectionBeforeDeleteHook } from 'payload'

import { withContext } from '../../../src/operations/catalogue/transaction'

/**
 * A post's comments go with it, in the same transaction (their `postId` column is NOT NULL).
 * The post's own `blog_post.delete` entry records the deletion; no entry per comment.
 */
export const removeCommentsOfPost: CollectionBeforeDeleteHook = async ({ id, req }) => {
  await withContext(req, { skipAudit: true }, () =>
    req.payload.delete({
      collection: 'blog-comments',
      where: { postId: { equals: id } },
      depth: 0,
      overrideAccess: true,
      req,
    }),
  )
}
