// The blog's comments for the admin API (docs/api.md "Admin blog: /api/admin/blog"): every status, newest
// first, filtered by status, post and text. One statement for the page, one for the total.
import type { PayloadRequest } from 'payload'

import { paginated, type Pagination } from '../../lib/http/pagination'
import { execute, sql } from '../../lib/sql'

export interface CommentFilters {
  status?: string
  postId?: string
  q?: string
}

export async function listComments(req: PayloadRequest, filters: CommentFilters, page: Pagination) {
  const pattern = filters.q ? `%${filters.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null
  const where = sql`(${filters.status ?? null}::text IS NULL OR c.status::text = ${filters.status ?? null})
    AND (${filters.postId ?? null}::uuid IS NULL OR c.post_id_id = ${filters.postId ?? null}::uuid)
    AND (${pattern}::text IS NULL OR c.body ILIKE ${pattern})`
  const [rows, total] = await Promise.all([
    execute(
      req,
      sql`SELECT c.id, c.post_id_id, c.author_id_id, c.author_name, c.body, c.status, c.created_at FROM blog_comments c WHERE ${where} ORDER BY c.created_at DESC, c.id DESC LIMIT ${page.perPage} OFFSET ${(page.page - 1) * page.perPage}`,
    ),
    execute(req, sql`SELECT count(*)::int AS n FROM blog_comments c WHERE ${where}`),
  ])
  const comments = rows.map((row) => ({
    id: String(row.id),
    postId: String(row.post_id_id),
    authorId: row.author_id_id ? String(row.author_id_id) : null,
    authorName: (row.author_name as string | null) ?? null,
    content: String(row.body),
    status: String(row.status),
    createdAt: new Date(row.created_at as string).toISOString(),
  }))
  return paginated('comments', comments, Number(total[0]?.n ?? 0), page)
}
