// POST /api/admin/services/translations/confirm {type, id, lang, texts?} → {item}: a translator's "still correct"
// (docs/api.md "Outdated translations"): the outdated texts named, or all of that language, are current again
// without a change. Admins only, like the rest of /api/admin/services.
import { z } from 'zod'

import { invalidBody, parseInput, readJson, refineWith } from '../../../src/lib/http/body'
import { defineEndpoint } from '../../../src/lib/http/endpoint'
import { json } from '../../../src/lib/http/respond'
import { localeCodes, unknownLanguage } from '../../../src/lib/locales'
import { familyDoc } from '../../../src/lib/openapi/routes'
import { confirmTranslations, TRANSLATED } from '../../../src/operations/catalogue/outdated-translations'
import { requireAdmin } from '../../guards'
import { uuid } from './actions'

export const CONFIRM_PATH = '/admin/services/translations/confirm'

/** The body for the given locales; `texts` are the API names of the type's texts. */
export function confirmBodySchema(locales: readonly string[]) {
  return z
    .object({
      type: z.enum(['service', 'category'], { error: 'type must be one of service, category' }),
      id: uuid('id'),
      lang: z
        .string({ error: 'lang is required: one of the configured languages' })
        .superRefine(refineWith((code: string) => unknownLanguage(code, locales))),
      texts: z
        .array(z.string({ error: 'texts must be strings' }))
        .min(1, 'texts: name at least one')
        .optional(),
    })
    .strict()
    .superRefine((body, context) => {
      const known = TRANSLATED[body.type].texts
      for (const [index, text] of (body.texts ?? []).entries()) {
        if (!known.includes(text))
          context.addIssue({
            code: 'custom',
            path: ['texts', index],
            message: `Unknown text "${text}"; a ${body.type} has ${known.join(', ')}`,
          })
      }
    })
}

export const translationConfirmEndpoints = defineEndpoint(
  CONFIRM_PATH,
  'post',
  async (req) => {
    requireAdmin(req)
    const body = await readJson(req)
    if (!body || typeof body !== 'object' || Array.isArray(body))
      throw invalidBody('The request body must be a JSON object')
    const input = parseInput(confirmBodySchema(localeCodes(req.payload)), body)
    return json(await confirmTranslations(req, input))
  },
  familyDoc('adminServicesDocs', 'adminServicesTranslationsConfirm'),
)
