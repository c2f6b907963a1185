import {
  APIError,
  type CollectionAfterChangeHook,
  type CollectionBeforeChangeHook,
  type PayloadRequest,
  type UIField,
} from 'payload'

import { CONTENT_TYPES, type ContentTypeName, MODERATING } from '../../domain/content-types'
import { ERROR_CODES } from '../../domain/error-codes'
import { isStaff } from '../../domain/permissions'
import { SYSTEM_MOVE } from '../../hooks/community/context'
import {
  blockedMessage,
  fileServiceReport,
  newMemberVerdict,
  overLinked,
  recordHold,
  screenTexts,
  tooManyLinksMessage,
} from '../../src/operations/moderation/screen'

type Fields = Parameters<CollectionBeforeChangeHook>[0]['collection']['fields']

// Written by the platform, not by the member (the author's name is kept in step with the account).
const NOT_WRITTEN = new Set(['authorName'])

/** The member's own text fields of a collection: text, textarea and rich text. */
function textFields(fields: Fields): Array<{ name: string; rich: boolean }> {
  return fields.flatMap((field) =>
    'name' in field && ['text', 'textarea', 'richText'].includes(field.type) && !NOT_WRITTEN.has(field.name)
      ? [{ name: field.name, rich: field.type === 'richText' }]
      : [],
  )
}

/** The text nodes of a rich-text (Lexical) value, to read and write in place. */
function textNodes(value: unknown, found: Array<{ text: string }> = []): Array<{ text: string }> {
  if (!value || typeof value !== 'object') return found
  const node = value as { text?: unknown; children?: unknown; root?: unknown }
  if (typeof node.text === 'string') found.push(node as { text: string })
  for (const child of Array.isArray(node.children) ? node.children : []) textNodes(child, found)
  if (node.root) textNodes(node.root, found)
  return found
}

const fieldError = (code: 'content_blocked' | 'too_many_requests', status: number, path: string, message: string) =>
  new APIError(message, status, { code, errors: [{ path, message }] }, true)

interface Pending {
  hold: { as: 'pending_review' | 'moderated'; words: string[] } | null
  flag: string[]
}

const pendingKey = (slug: string) => `watchedWords:${slug}`

function tooMany(req: PayloadRequest, retryAfter: number): APIError {
  // Payload's error answer carries the request's response headers.
  req.responseHeaders = new Headers({ 'retry-after': String(retryAfter), 'x-retry-after': String(retryAfter) })
  return new APIError(ERROR_CODES.too_many_requests.message, 429, { code: 'too_many_requests' }, true)
}

/**
 * The watched words and new-member limits on a member's item or comment (docs/moderation.md
 * "5. Watched words and new members"): censor in place; block (400 `content_blocked`); the daily cap (429) and
 * link cap of new members on a create; require approval (the item created, or moved from a
 * public status, into `pending_review` where the type has it, else `moderated`); flag. The
 * reports and the hold's record follow in `afterChange`, in the same transaction. Staff meet only censor.
 */
export function watchedWordHooks(name: ContentTypeName): {
  beforeChange: CollectionBeforeChangeHook
  afterChange: CollectionAfterChangeHook
} {
  const type = CONTENT_TYPES[name]
  const heldAs = (type.statuses as readonly string[]).includes('pending_review') ? 'pending_review' : 'moderated'
  const beforeChange: CollectionBeforeChangeHook = async ({
    collection,
    context,
    data,
    operation,
    originalDoc,
    req,
  }) => {
    if (!req.user || context[MODERATING] || context[SYSTEM_MOVE]) return data
    if (operation !== 'create' && operation !== 'update') return data
    const met = { require_approval: [] as string[], flag: [] as string[] }
    const written: Record<string, string[]> = {}
    for (const field of textFields(collection.fields)) {
      const value = data[field.name]
      if (value === undefined || value === null) continue
      if (operation === 'update' && JSON.stringify(value) === JSON.stringify(originalDoc?.[field.name])) continue
      // Anything else than a string in a text field is the field validation's to refuse, as sent.
      const nodes = field.rich ? textNodes(value) : typeof value === 'string' ? [{ text: value }] : []
      if (nodes.length === 0) continue
      const verdict = await screenTexts(
        req,
        nodes.map((node) => node.text),
      )
      if (verdict.met.block.length)
        throw fieldError('content_blocked', 400, field.name, blockedMessage(verdict.met.block))
      nodes.forEach((node, i) => (node.text = verdict.texts[i]!))
      if (!field.rich) data[field.name] = verdict.texts[0]!
      met.require_approval.push(...verdict.met.require_approval)
      met.flag.push(...verdict.met.flag)
      written[field.name] = verdict.texts
    }
    if (isStaff(req.user)) return data

    const limits = operation === 'create' ? await newMemberVerdict(req) : null
    if (limits) {
      for (const [field, texts] of Object.entries(written)) {
        if (overLinked(texts, limits.maxLinks))
          throw fieldError('content_blocked', 400, field, tooManyLinksMessage(limits.maxLinks!))
      }
      if (limits.retryAfter !== null) throw tooMany(req, limits.retryAfter)
    }
    const hold = met.require_approval.length > 0 || Boolean(limits?.hold)
    const status = data[type.statusField] ?? originalDoc?.[type.statusField]
    const holds =
      hold && (operation === 'create' || (type.publicStatuses as readonly string[]).includes(String(status)))
    if (holds) data[type.statusField] = heldAs
    context[pendingKey(collection.slug)] = {
      hold: holds || (hold && status === heldAs) ? { as: heldAs, words: [...new Set(met.require_approval)] } : null,
      flag: [...new Set(met.flag)],
    } satisfies Pending
    return data
  }

  const afterChange: CollectionAfterChangeHook = async ({ collection, context, doc, req }) => {
    const pending = context[pendingKey(collection.slug)] as Pending | undefined
    if (!pending) return doc
    delete context[pendingKey(collection.slug)]
    const { hold, flag } = pending
    if (hold) await recordHold(req, name, String(doc.id), hold.as, hold.words)
    const reasons = [
      ...(hold?.as === 'moderated'
        ? [
            hold.words.length
              ? `Held for approval by watched words: ${hold.words.join(', ')}`
              : "Held for approval: one of a new member's first items",
          ]
        : []),
      ...(flag.length ? [`Flagged by watched words: ${flag.join(', ')}`] : []),
    ]
    if (reasons.length) await fileServiceReport(req, name, doc, reasons.join('. '))
    return doc
  }

  return { beforeChange, afterChange }
}

/** The sidebar note on a held item's page: why it waits (./components/HeldFor.tsx). */
export function heldForField(name: ContentTypeName): UIField {
  const type = CONTENT_TYPES[name]
  return {
    name: 'heldFor',
    type: 'ui',
    admin: {
      position: 'sidebar',
      disableListColumn: true,
      condition: (data) => ['pending_review', 'moderated'].includes(String(data?.[type.statusField])),
      components: {
        Field: { path: '/collections/community/components/HeldFor#HeldFor', serverProps: { postType: name } },
      },
    },
  }
}
