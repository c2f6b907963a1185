// Payload ignores localized fields in an all-locales update, so a change to
// several languages is one update per language, with the non-localized fields riding on the
// first. Run inside the caller's transaction; the per-call audit hooks are off, the caller
// writes one entry for the whole change.
import type { CollectionSlug, PayloadRequest } from 'payload'

import { defaultLocale } from '../../lib/locales'
import { PENDING_TEXTS } from './outdated-translations'
import { withContext } from './transaction'

type Doc = Record<string, unknown>

export async function updateByLocale(
  req: PayloadRequest,
  collection: CollectionSlug,
  id: string,
  base: Doc,
  texts: Array<[locale: string, data: Doc]>,
): Promise<void> {
  // The source language goes first, so a translation changed in the same update ends current, not outdated
  // (docs/api.md "Outdated translations").
  const source = defaultLocale(req.payload)
  const ordered = [...texts].sort(([a], [b]) => Number(b === source) - Number(a === source))
  await withContext(req, { skipAudit: true, [PENDING_TEXTS]: Object.fromEntries(texts) }, async () => {
    for (const [index, [locale, data]] of ordered.entries()) {
      await req.payload.update({
        collection,
        id,
        locale,
        data: index === 0 ? { ...base, ...data } : data,
        depth: 0,
        overrideAccess: false,
        req,
      })
    }
  })
}
