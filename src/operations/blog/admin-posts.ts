// Blog posts for the admin API (docs/api.md "Admin blog: /api/admin/blog"), each action one transaction
// with its one audit entry; localized texts written as categories' are.
import type { PayloadRequest } from 'payload'

import type { ActionsAfter, AuditData } from '../../../domain/audit-actions'
import { idOf, isUuid } from '../../../domain/ids'
import { writeAudit } from '../../../hooks/shared/audit'
import { apiError, notFound } from '../../lib/http/errors'
import { paginated, type Pagination } from '../../lib/http/pagination'
import { defaultLocale } from '../../lib/locales'
import { readAllLocales } from '../../lib/payload-data'
import { execute, sql } from '../../lib/sql'
import { type Localized, presentLocalized, textsByLocale } from '../catalogue/localized'
import { catalogueTransaction, withContext } from '../catalogue/transaction'
import { updateByLocale } from '../catalogue/update-by-locale'
import { hasWaitingDraft } from '../versions/drafts'
import { scheduledPublications } from '../versions/schedules'

type Doc = Record<string, unknown>

// The collection's slug (collections/BlogPosts.ts; operations do not import collections).
const BLOG_POSTS = 'blog-posts' as const
export type PostStatus = 'draft' | 'published' | 'archived'

export const LOCALIZED_POST_FIELDS = ['title', 'excerpt', 'body'] as const
type PostText = (typeof LOCALIZED_POST_FIELDS)[number]
type PostTextValue = string | Record<string, unknown> | null

export interface PostInput {
  slug?: string
  title?: Record<string, string>
  excerpt?: Record<string, string | null>
  body?: Record<string, Record<string, unknown> | null>
  status?: PostStatus
}

export interface PostSummary {
  id: string
  slug: string
  title: Localized
  excerpt: Localized
  status: PostStatus
  publishedAt: string | null
  authorId: string | null
  commentCount: number
  /** When a waiting schedule publishes it (docs/api.md "Scheduled publishing"), else null. */
  scheduledPublishAt: string | null
  createdAt: string
  updatedAt: string
}

/** `hasDraft`: an edit saved as a draft (the panel's) waits to be published. */
export type PostView = PostSummary & { body: Record<string, unknown>; hasDraft: boolean }

const iso = (value: unknown) => (value ? new Date(value as string).toISOString() : null)

function presentBody(value: unknown): Record<string, unknown> {
  if (!value || typeof value !== 'object') return {}
  return Object.fromEntries(Object.entries(value as Doc).filter(([, body]) => body && typeof body === 'object'))
}

function summaryOf(doc: Doc, commentCount: number, scheduledPublishAt: string | null): PostSummary {
  return {
    id: String(doc.id),
    slug: String(doc.slug),
    title: presentLocalized(doc.title),
    excerpt: presentLocalized(doc.excerpt),
    status: doc.status as PostStatus,
    publishedAt: iso(doc.publishedAt),
    authorId: idOf(doc.authorId),
    commentCount,
    scheduledPublishAt,
    createdAt: iso(doc.createdAt)!,
    updatedAt: iso(doc.updatedAt)!,
  }
}

async function commentCounts(req: PayloadRequest, ids: string[]): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map()
  const rows = await execute(
    req,
    sql`SELECT post_id_id AS id, count(*)::int AS n FROM blog_comments WHERE post_id_id = ANY(${`{${ids.join(',')}}`}::uuid[]) GROUP BY post_id_id`,
  )
  return new Map(rows.map((row) => [String(row.id), Number(row.n)]))
}

async function findDoc(req: PayloadRequest, id: string): Promise<Doc | null> {
  if (!isUuid(id)) return null
  const doc = await req.payload.findByID({
    collection: BLOG_POSTS,
    id,
    locale: 'all',
    depth: 0,
    disableErrors: true,
    overrideAccess: true,
    req,
  })
  return doc ? readAllLocales(doc) : null
}

async function existing(req: PayloadRequest, id: string): Promise<Doc> {
  const doc = await findDoc(req, id)
  if (!doc) throw notFound('Blog post not found')
  return doc
}

async function viewOf(req: PayloadRequest, doc: Doc): Promise<{ post: PostView }> {
  const id = String(doc.id)
  const [counts, schedules, hasDraft] = await Promise.all([
    commentCounts(req, [id]),
    scheduledPublications(req, BLOG_POSTS, [id]),
    hasWaitingDraft(req, BLOG_POSTS, id),
  ])
  const summary = summaryOf(doc, counts.get(id) ?? 0, schedules.get(id) ?? null)
  return { post: { ...summary, body: presentBody(doc.body), hasDraft } }
}

export async function getPost(req: PayloadRequest, id: string): Promise<{ post: PostView }> {
  return viewOf(req, await existing(req, id))
}

export interface PostFilters {
  status?: PostStatus
  q?: string
}

/** Newest first; `q` in the slug or a title in any language (case-insensitive). */
export async function listPosts(req: PayloadRequest, filters: PostFilters, page: Pagination) {
  const pattern = filters.q ? `%${filters.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null
  const where = sql`(${filters.status ?? null}::text IS NULL OR p.status::text = ${filters.status ?? null})
    AND (${pattern}::text IS NULL OR p.slug ILIKE ${pattern} OR EXISTS (SELECT 1 FROM blog_posts_locales l WHERE l._parent_id = p.id AND l.title ILIKE ${pattern}))`
  const [rows, total] = await Promise.all([
    execute(
      req,
      sql`SELECT p.id FROM blog_posts p WHERE ${where} ORDER BY p.created_at DESC, p.id DESC LIMIT ${page.perPage} OFFSET ${(page.page - 1) * page.perPage}`,
    ),
    execute(req, sql`SELECT count(*)::int AS n FROM blog_posts p WHERE ${where}`),
  ])
  const ids = rows.map((row) => String(row.id))
  const [found, counts, schedules] = await Promise.all([
    ids.length
      ? req.payload.find({
          collection: BLOG_POSTS,
          where: { id: { in: ids } },
          locale: 'all',
          depth: 0,
          pagination: false,
          overrideAccess: true,
          req,
        })
      : { docs: [] },
    commentCounts(req, ids),
    scheduledPublications(req, BLOG_POSTS, ids),
  ])
  const byId = new Map(found.docs.map((doc) => [String(doc.id), readAllLocales(doc)]))
  const posts = ids.flatMap((id) =>
    byId.has(id) ? [summaryOf(byId.get(id)!, counts.get(id) ?? 0, schedules.get(id) ?? null)] : [],
  )
  return paginated('posts', posts, Number(total[0]?.n ?? 0), page)
}

/**
 * Text in a language needs the post's title in that language (one stored row per language holds the required title).
 */
function requireTitles(input: PostInput, stored: Record<string, unknown> = {}): void {
  const titled = new Set([
    ...Object.entries(stored)
      .filter(([, value]) => typeof value === 'string' && value)
      .map(([locale]) => locale),
    ...Object.keys(input.title ?? {}),
  ])
  const issues = (['excerpt', 'body'] as const).flatMap((field) =>
    Object.entries(input[field] ?? {})
      .filter(([locale, value]) => value !== null && !titled.has(locale))
      .map(([locale]) => ({
        path: `${field}.${locale}`,
        message: `Give the post a title in "${locale}" first (title.${locale})`,
      })),
  )
  if (issues.length) throw apiError('invalid_request', `${issues[0]!.path}: ${issues[0]!.message}`, { issues })
}

async function audit<S extends ActionsAfter<'blog_post.'>>(
  req: PayloadRequest,
  action: S,
  id: string,
  data: AuditData<`blog_post.${S}`>,
) {
  await writeAudit(req, { action: `blog_post.${action}` as const, targetType: BLOG_POSTS, targetId: id, data })
}

export function createPost(
  req: PayloadRequest,
  input: PostInput & { slug: string; title: Record<string, string> },
): Promise<{ post: PostView }> {
  return catalogueTransaction(req, async () => {
    requireTitles(input)
    const localized = Object.fromEntries(
      LOCALIZED_POST_FIELDS.filter((field) => input[field]).map((field) => [field, input[field]]),
    )
    const data = { slug: input.slug, status: input.status ?? 'draft', authorId: req.user?.id, ...localized }
    const doc = await withContext(req, { skipAudit: true }, () =>
      req.payload.create({
        collection: BLOG_POSTS,
        locale: 'all',
        data: data as never,
        depth: 0,
        overrideAccess: true,
        req,
      }),
    )
    const id = String(doc.id)
    await audit(req, 'create', id, { slug: input.slug, status: data.status, title: input.title })
    return viewOf(req, await existing(req, id))
  })
}

/** Fields not sent stay; a localized object changes the languages it names (null clears one). */
export function updatePost(req: PayloadRequest, id: string, input: PostInput): Promise<{ post: PostView }> {
  return catalogueTransaction(req, async () => {
    const before = await existing(req, id)
    requireTitles(input, before.title as Record<string, unknown>)
    const base: Doc = {}
    if (input.slug !== undefined) base.slug = input.slug
    if (input.status !== undefined) base.status = input.status
    const titled = Object.keys(presentLocalized(before.title))
    const texts: Array<[string, Doc]> = Object.entries(
      textsByLocale<PostText, PostTextValue>(input, LOCALIZED_POST_FIELDS),
    ).filter(([locale, data]) => titled.includes(locale) || Object.values(data).some((value) => value !== null))
    if (texts.length === 0) texts.push([titled[0] ?? defaultLocale(req.payload), {}])
    await updateByLocale(req, BLOG_POSTS, id, base, texts)
    const after = await existing(req, id)
    await audit(req, 'update', id, { fields: Object.keys(input), languages: texts.map(([locale]) => locale) })
    return viewOf(req, after)
  })
}

const STATUS_OF = { publish: 'published', unpublish: 'draft', archive: 'archived' } as const
export type StatusAction = keyof typeof STATUS_OF

/**
 * publish / unpublish (→ draft) / archive; the first publication stamps publishedAt (the collection's hook), kept
 * after.
 */
export function movePost(
  req: PayloadRequest,
  id: string,
  action: StatusAction,
  options: { scheduled?: boolean } = {},
): Promise<{ post: PostView }> {
  return catalogueTransaction(req, async () => {
    const before = await existing(req, id)
    const status = STATUS_OF[action]
    await withContext(req, { skipAudit: true }, () =>
      req.payload.update({
        collection: BLOG_POSTS,
        id,
        data: { status } as never,
        depth: 0,
        overrideAccess: true,
        req,
      }),
    )
    const after = await existing(req, id)
    await audit(req, action, id, { from: before.status, to: status, ...(options.scheduled ? { scheduled: true } : {}) })
    return viewOf(req, after)
  })
}

/** Its comments go with it (the collection's beforeDelete hook). */
export function deletePost(req: PayloadRequest, id: string): Promise<{ success: true; id: string }> {
  return catalogueTransaction(req, async () => {
    const before = await existing(req, id)
    const comments = (await commentCounts(req, [id])).get(id) ?? 0
    await withContext(req, { skipAudit: true }, () =>
      req.payload.delete({ collection: BLOG_POSTS, id, depth: 0, overrideAccess: true, req }),
    )
    await audit(req, 'delete', id, {
      slug: before.slug,
      title: presentLocalized(before.title),
      commentsRemoved: comments,
    })
    return { success: true as const, id }
  })
}
