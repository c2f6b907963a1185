// Filters and sorts that callers send through the stock REST routes, checked before Payload
// runs them. Two holes found by tests/int/access-matrix.test.ts:
// - A `where` path crossing two or more relationships (`service.provider.email`) makes
//   Payload 3.90 validate the far end in a promise nobody awaits: its QueryError becomes an
//   unhandled rejection, which ends the Node process. One anonymous GET took the server down.
//   Such paths are refused here, before Payload validates anything.
// - Payload checks field access for `where`, never for `sort`: `sort=provider.passwordHash`
//   or `sort=-user.email` orders rows by values the caller may not read (an oracle). A sort
//   may name only the collection's own fields that the caller may read.
// Server code (overrideAccess) is trusted and left alone.
import { QueryError, type CollectionBeforeOperationHook, type FlattenedField, type PayloadRequest, type Where } from 'payload'

interface Step {
  field: FlattenedField
  /** Relationships crossed to reach this field. */
  hops: number
}

/** Walks a dotted path through groups, arrays, tabs and relationships; null past the known fields. */
function resolve(req: PayloadRequest, fields: FlattenedField[], path: string): Step | null {
  let current = fields
  let hops = 0
  let found: Step | null = null
  for (const segment of path.split('.')) {
    const field = current.find((candidate) => candidate.name === segment)
    if (!field) {
      // A locale code, `value`/`relationTo` of a polymorphic relationship, an operator-like tail.
      if (found) continue
      return null
    }
    found = { field, hops }
    if ((field.type === 'relationship' || field.type === 'upload') && typeof field.relationTo === 'string') {
      hops += 1
      current = req.payload.collections[field.relationTo]?.config.flattenedFields ?? []
    } else if (field.type === 'relationship' || field.type === 'upload' || field.type === 'join') {
      hops += 1
      current = []
    } else if ('flattenedFields' in field && Array.isArray(field.flattenedFields)) {
      current = field.flattenedFields
    } else {
      current = []
    }
  }
  return found
}

function wherePaths(where: Where | undefined, into: string[] = []): string[] {
  if (!where || typeof where !== 'object') return into
  for (const [key, value] of Object.entries(where)) {
    if ((key === 'and' || key === 'or') && Array.isArray(value)) for (const nested of value) wherePaths(nested as Where, into)
    else into.push(key)
  }
  return into
}

function sortPaths(sort: unknown): string[] {
  const items = Array.isArray(sort) ? sort : typeof sort === 'string' ? sort.split(',') : []
  return items.map((item) => String(item).trim().replace(/^-/, '')).filter(Boolean)
}

async function readable(req: PayloadRequest, step: Step): Promise<boolean> {
  if (step.hops > 0 || step.field.hidden) return false
  const read = step.field.access?.read
  return read ? Boolean(await read({ req } as never)) : true
}

export const queryGuard: CollectionBeforeOperationHook = async ({ args, collection, overrideAccess, req }) => {
  // REST leaves overrideAccess unset (Payload then checks access); the Local API sets true.
  if (overrideAccess) return args
  const fields = collection.flattenedFields
  const query = args as { where?: Where; sort?: unknown }
  const tooDeep = wherePaths(query.where).filter((path) => (resolve(req, fields, path)?.hops ?? 0) >= 2)
  if (tooDeep.length) throw new QueryError(tooDeep.map((path) => ({ path })))

  const refused: string[] = []
  for (const path of sortPaths(query.sort)) {
    if (path === 'id') continue
    const step = resolve(req, fields, path)
    if (!step || !(await readable(req, step))) refused.push(path)
  }
  if (refused.length) throw new QueryError(refused.map((path) => ({ path: `sort:${path}` })))
  return args
}
