// Slugs of services and categories: URL-friendly, at most 200 characters, unique. The format
// is a field validation; uniqueness is checked in a hook (a readable 409 `slug_taken`) and
// guaranteed by the unique index on the column (two requests at once).
import type { CollectionBeforeChangeHook, PayloadRequest, TextFieldSingleValidation } from 'payload'

import { RuleViolation } from '../errors'

export const SLUG_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/
export const SLUG_MAX = 200
export const SLUG_HINT = 'lower-case letters and digits in groups joined by single hyphens, e.g. "yoga-class"'

export const validateSlug: TextFieldSingleValidation = (value) => {
  if (typeof value !== 'string' || value === '') return 'A slug is required'
  if (value.length > SLUG_MAX) return `At most ${SLUG_MAX} characters`
  return SLUG_PATTERN.test(value) ? true : `Not URL-friendly: use ${SLUG_HINT}`
}

export async function slugIsTaken(
  req: PayloadRequest,
  collection: string,
  slug: string,
  exceptId?: string | number,
): Promise<boolean> {
  const { totalDocs } = await req.payload.count({
    collection: collection as never,
    where: { and: [{ slug: { equals: slug } }, ...(exceptId ? [{ id: { not_equals: exceptId } }] : [])] },
    overrideAccess: true,
    req,
  })
  return totalDocs > 0
}

export function uniqueSlug(collection: string): CollectionBeforeChangeHook {
  return async ({ data, originalDoc, req }) => {
    const slug = data.slug as string | undefined
    if (!slug || slug === originalDoc?.slug) return data
    if (await slugIsTaken(req, collection, slug, originalDoc?.id)) {
      throw new RuleViolation('slug_taken', { collection, path: 'slug' }, `The slug "${slug}" is already taken`)
    }
    return data
  }
}

/** `<slug>-copy`, then `-copy-2`, `-copy-3`…: the first one free, kept within SLUG_MAX. */
export async function freeCopySlug(req: PayloadRequest, collection: string, slug: string): Promise<string> {
  for (let n = 1; ; n++) {
    const suffix = n === 1 ? '-copy' : `-copy-${n}`
    const base = slug.slice(0, SLUG_MAX - suffix.length).replace(/-+$/, '')
    const candidate = `${base}${suffix}`
    if (!(await slugIsTaken(req, collection, candidate))) return candidate
  }
}
