import type { CollectionBeforeValidateHook, CollectionConfig } from 'payload'

import { contentCollection } from '../community/contentCollection'
import { platformOnly, text } from '../community/fields'

export const FORUM_THREADS = 'forum-threads'

/** A new thread has no posts; it sorts by its own creation until the first one. */
const startCounters: CollectionBeforeValidateHook = ({ data, operation }) =>
  operation === 'create' ? { ...data, postCount: 0, lastPostAt: new Date().toISOString() } : data

// Forum threads (docs/api.md "Community content"): pinned ones first, then by last post (the index below serves exactly
// that order, with `createdAt`, the tie-breaker Payload appends to every sort; anonymous
// reads of the list are answered from it by src/operations/community/forum-reads.ts). `pinned` needs forum.pin_thread,
// closing forum.lock_thread (the status guard); `postCount` and `lastPostAt` are kept by the posts' hooks
// (../ForumPosts/threadCounters.ts).
export const ForumThreads: CollectionConfig = contentCollection('forumThreads', {
  auditPrefix: 'forum_thread',
  admin: {
    useAsTitle: 'title',
    defaultColumns: ['title', 'status', 'pinned', 'postCount', 'lastPostAt', 'authorName'],
  },
  defaultSort: ['-pinned', '-lastPostAt'],
  indexes: [{ fields: ['pinned', 'lastPostAt', 'createdAt'] }],
  hooks: { beforeValidate: [startCounters] },
  fields: [
    text('title', 200, { required: true }),
    text('body', 20_000, { required: true, long: true }),
    { name: 'pinned', type: 'checkbox', required: true, defaultValue: false },
    {
      name: 'postCount',
      type: 'number',
      required: true,
      defaultValue: 0,
      access: { create: platformOnly, update: platformOnly },
      admin: { readOnly: true },
    },
    {
      name: 'lastPostAt',
      type: 'date',
      access: { create: platformOnly, update: platformOnly },
      admin: { readOnly: true },
    },
  ],
})
