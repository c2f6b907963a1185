// Sign-up screening (docs/api.md "Sign-up screening", docs/moderation.md "6. Sign-up screening"): the admin list, made
// and changed through the collection (whose hooks normalize the value and write `screening.create|update|delete` in
// the change's transaction), and the check sign-up makes, read from the database each time so a change is in force
// at once. Matching is PostgreSQL's: `inet` containment for addresses and CIDR blocks, IPv4 and IPv6.
import type { PayloadRequest } from 'payload'

import { isUuid } from '../../../domain/ids'
import {
  normalizeScreeningValue,
  SCREENING_COLLECTION,
  type ScreeningEffect,
  screeningEmail,
  screeningIp,
  type ScreeningKind,
} from '../../../domain/screening'
import { invalidRequest, notFound } from '../../lib/http/errors'
import { paginated, type Pagination } from '../../lib/http/pagination'
import { runIn, statement } from '../../lib/prepared'
import { inTransaction } from '../../lib/transaction'
import type { SignupScreening } from '../../payload-types'

export interface ScreeningEntry {
  id: string
  kind: ScreeningKind
  value: string
  effect: ScreeningEffect
  note: string | null
  expiresAt: string | null
  createdAt: string
}

export interface ScreeningInput {
  kind?: ScreeningKind
  value?: string
  effect?: ScreeningEffect
  note?: string | null
  expiresAt?: string | null
}

const iso = (value: string | null | undefined) => (value ? new Date(value).toISOString() : null)

export const presentEntry = (doc: SignupScreening): ScreeningEntry => ({
  id: String(doc.id),
  kind: doc.kind,
  value: doc.value,
  effect: doc.effect,
  note: doc.note ?? null,
  expiresAt: iso(doc.expiresAt),
  createdAt: iso(doc.createdAt)!,
})

// Entries in force that an email (its domain and every parent domain) or an address meets; `block` first.
const MATCHING = statement(
  'screening-matching',
  `SELECT id, kind, value, effect FROM signup_screening
   WHERE (expires_at IS NULL OR expires_at > now())
     AND CASE kind
       WHEN 'email' THEN value = $1::varchar
       WHEN 'email_domain' THEN $2::varchar = value OR right($2::varchar, length(value) + 1) = '.' || value
       ELSE $3::inet IS NOT NULL AND value::inet >>= $3::inet
     END
   ORDER BY effect = 'block' DESC, created_at`,
)

export interface ScreeningVerdict {
  effect: ScreeningEffect | null
  matches: Array<{ id: string; kind: ScreeningKind; value: string; effect: ScreeningEffect }>
}

/** What screening says of a sign-up from `email` at `ip` (either may be absent). */
export async function screen(
  req: PayloadRequest,
  email: string | null | undefined,
  ip: string | null | undefined,
): Promise<ScreeningVerdict> {
  const address = email ? screeningEmail(email) : null
  const domain = address && address.includes('@') ? address.slice(address.lastIndexOf('@') + 1) : null
  const { rows } = await runIn<ScreeningVerdict['matches'][number]>(req, MATCHING, [address, domain, screeningIp(ip)])
  const matches = rows.map((row) => ({ ...row, id: String(row.id) }))
  return { effect: matches[0]?.effect ?? null, matches }
}

async function findEntry(req: PayloadRequest, id: string): Promise<SignupScreening> {
  const doc = isUuid(id)
    ? await req.payload.findByID({
        collection: SCREENING_COLLECTION,
        id,
        depth: 0,
        disableErrors: true,
        overrideAccess: false,
        req,
      })
    : null
  if (!doc) throw notFound('Screening entry not found')
  return doc
}

function checkValue(kind: ScreeningKind, value: string): string {
  const normalized = normalizeScreeningValue(kind, value)
  if ('problem' in normalized)
    throw invalidRequest(normalized.problem, [{ path: 'value', message: normalized.problem }])
  return normalized.value
}

export async function listEntries(req: PayloadRequest, page: Pagination, kind?: ScreeningKind) {
  const result = await req.payload.find({
    collection: SCREENING_COLLECTION,
    where: kind ? { kind: { equals: kind } } : {},
    sort: '-createdAt',
    page: page.page,
    limit: page.perPage,
    depth: 0,
    overrideAccess: false,
    req,
  })
  return paginated('entries', result.docs.map(presentEntry), result.totalDocs, page)
}

export async function createEntry(
  req: PayloadRequest,
  input: Required<Pick<ScreeningInput, 'kind' | 'value' | 'effect'>> & ScreeningInput,
): Promise<{ entry: ScreeningEntry }> {
  const value = checkValue(input.kind, input.value)
  return inTransaction(req, async () => {
    const doc = await req.payload.create({
      collection: SCREENING_COLLECTION,
      data: { ...input, value, note: input.note ?? null, expiresAt: input.expiresAt ?? null },
      depth: 0,
      overrideAccess: false,
      req,
    })
    return { entry: presentEntry(doc) }
  })
}

export async function updateEntry(
  req: PayloadRequest,
  id: string,
  input: ScreeningInput,
): Promise<{ entry: ScreeningEntry }> {
  return inTransaction(req, async () => {
    const before = await findEntry(req, id)
    const kind = input.kind ?? before.kind
    const data = {
      ...input,
      ...(input.kind || input.value ? { value: checkValue(kind, input.value ?? before.value) } : {}),
    }
    const doc = await req.payload.update({
      collection: SCREENING_COLLECTION,
      id,
      data,
      depth: 0,
      overrideAccess: false,
      req,
    })
    return { entry: presentEntry(doc) }
  })
}

export async function deleteEntry(req: PayloadRequest, id: string): Promise<{ success: true }> {
  return inTransaction(req, async () => {
    await findEntry(req, id)
    await req.payload.delete({ collection: SCREENING_COLLECTION, id, depth: 0, overrideAccess: false, req })
    return { success: true as const }
  })
}
