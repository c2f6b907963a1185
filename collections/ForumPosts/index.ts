import type { CollectionConfig, Field } from 'payload'

import { contentCollection } from '../community/contentCollection'
import { relation, text } from '../community/fields'
import { FORUM_THREADS } from '../ForumThreads/index'
import { lockThreadFirst, recountAfterPost, threadTakesPosts } from './threadCounters'

// Posts of a forum thread (docs/api.md "Community content"), read in order (the thread + createdAt index).
export const ForumPosts: CollectionConfig = contentCollection('forumPosts', {
  auditPrefix: 'forum_post',
  admin: { useAsTitle: 'body', defaultColumns: ['body', 'thread', 'status', 'authorName', 'createdAt'] },
  defaultSort: 'createdAt',
  indexes: [{ fields: ['thread', 'createdAt'] }],
  hooks: { beforeChange: [threadTakesPosts, lockThreadFirst], afterChange: [recountAfterPost] },
  fields: [
    { ...relation('thread', FORUM_THREADS, 'Thread', { required: true, index: false }), required: true } as Field,
    text('body', 20_000, { required: true, long: true }),
  ],
})
