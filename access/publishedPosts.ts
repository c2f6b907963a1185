import type { Access } from 'payload'

/** Blog posts on public show: status `published` (a Where, so lists and reads filter alike). */
export const publishedPosts: Access = () => ({ status: { equals: 'published' } })
