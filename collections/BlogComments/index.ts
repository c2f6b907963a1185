import type { CollectionConfig, FieldAccess, TextareaFieldValidation } from 'payload'

import { commentEditors } from '../../access/commentEditors'
import { isAdmin } from '../../access/isAdmin'
import { signedIn } from '../../access/signedIn'
import { visibleComments } from '../../access/visibleComments'
import { hasRole, isAdminUser } from '../../domain/permissions'
import { auditHooks } from '../../hooks/shared/audit'
import { authorNameField } from '../authorName'
import { BLOG_POSTS } from '../BlogPosts'
import { heldForField, watchedWordHooks } from '../community/watchedWords'
import { commentablePost } from './commentablePost'
import { forceAuthorAndStatus } from './hooks/forceAuthorAndStatus'
import { guardStatusChange } from './hooks/guardStatusChange'

export const BLOG_COMMENTS = 'blog-comments'
export const COMMENT_STATUSES = ['published', 'moderated', 'deleted'] as const
export const COMMENT_MAX_LENGTH = 5000

const audit = auditHooks('blog_comment')
const words = watchedWordHooks('blogComments')
// What an author wrote, on what, stays as written: only the status moves after creation.
const fixed: FieldAccess = () => false

/** Plain text: a string with something in it, at most 5,000 characters (rich-text JSON is refused). */
const plainText: TextareaFieldValidation = (value) => {
  if (typeof value !== 'string') return 'The comment must be plain text'
  if (value.trim() === '') return 'The comment is empty'
  return value.length <= COMMENT_MAX_LENGTH ? true : `At most ${COMMENT_MAX_LENGTH.toLocaleString('en')} characters`
}

// Comments on blog posts. Signed-in users post them through the stock
// route; moderators hide them with a reason (POST /api/admin/moderate, or Moderate in the
// panel, one operation: src/operations/moderation). Who reads what: access/visibleComments.
export const BlogComments: CollectionConfig<typeof BLOG_COMMENTS> = {
  slug: BLOG_COMMENTS,
  admin: {
    useAsTitle: 'body',
    defaultColumns: ['body', 'status', 'authorName', 'postId', 'createdAt'],
    // A moderator's list is the moderation queue: what is still published. Admins see all.
    baseFilter: ({ req }) => (isAdminUser(req) ? null : { status: { equals: 'published' } }),
  },
  access: { read: visibleComments, create: signedIn, update: commentEditors, delete: isAdmin },
  defaultSort: '-createdAt',
  hooks: {
    beforeValidate: [forceAuthorAndStatus],
    beforeChange: [guardStatusChange, words.beforeChange],
    afterChange: [words.afterChange, audit.afterChange],
    afterDelete: [audit.afterDelete],
  },
  fields: [
    {
      name: 'postId',
      type: 'relationship',
      relationTo: BLOG_POSTS,
      required: true,
      index: true,
      validate: commentablePost,
      access: { update: fixed },
    },
    // Not required in the schema: a deleted account leaves its comments, authorless.
    // Shown to admins only: a moderator may not read users, so it would read "Untitled - ID: …".
    {
      name: 'authorId',
      type: 'relationship',
      relationTo: 'users',
      index: true,
      maxDepth: 0,
      access: { update: fixed },
      admin: { readOnly: true, condition: (_data, _siblingData, { user }) => hasRole(user, 'admin') },
    },
    // What the people who moderate see of the author instead.
    authorNameField('authorId'),
    { name: 'body', type: 'textarea', required: true, validate: plainText, access: { update: fixed } },
    {
      name: 'status',
      type: 'select',
      required: true,
      defaultValue: 'published',
      index: true,
      options: [...COMMENT_STATUSES],
    },
    {
      name: 'moderate',
      type: 'ui',
      admin: {
        condition: (data) => data?.status === 'published',
        components: { Field: '/collections/BlogComments/components/ModerateComment#ModerateComment' },
      },
    },
    heldForField('blogComments'),
  ],
}
