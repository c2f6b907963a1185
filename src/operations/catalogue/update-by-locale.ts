// Payload ignores localized fields in an all-locales update, so a change to
// several languages is one update per language, with the non-localized fields riding on the
// first. Run inside the caller's transaction; the per-call audit hooks are off, the caller
// writes one entry for the whole change.
import type { CollectionSlug, PayloadRequest } from 'payload'

import { withContext } from './transaction'

type Doc = Record<string, unknown>

export async function updateByLocale(
  req: PayloadRequest,
  collection: CollectionSlug,
  id: string,
  base: Doc,
  texts: Array<[locale: string, data: Doc]>,
): Promise<void> {
  await withContext(req, { skipAudit: true }, async () => {
    for (const [index, [locale, data]] of texts.entries()) {
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
