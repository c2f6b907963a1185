// A username derived from the email's local part (SPEC "User": profile with a derived
// username), made unique with a numeric suffix: jane, jane2, jane3 …
import type { PayloadRequest } from 'payload'

const MIN = 3
const MAX = 30

export function usernameBase(email: string): string {
  const local = email.split('@')[0] ?? ''
  let base = local.replace(/[^A-Za-z0-9_-]/g, '').toLowerCase().slice(0, MAX)
  if (base.length < MIN) base = `${base}user`.slice(0, MAX)
  return base
}

export async function uniqueUsername(req: PayloadRequest, email: string): Promise<string> {
  const base = usernameBase(email)
  const stem = base.slice(0, MAX - 6) // room for a suffix of up to 6 digits
  const { docs } = await req.payload.find({
    collection: 'users',
    where: { or: [{ username: { equals: base } }, { username: { like: stem } }] },
    select: { username: true },
    limit: 0,
    pagination: false,
    overrideAccess: true,
    req,
  })
  const taken = new Set(docs.map((doc) => String((doc as { username?: string }).username)))
  if (!taken.has(base)) return base
  for (let n = 2; ; n++) {
    const candidate = `${stem}${n}`
    if (!taken.has(candidate)) return candidate
  }
}
