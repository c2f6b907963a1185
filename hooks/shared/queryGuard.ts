// Filters and sorts sent through the stock REST routes, checked before Payload runs them (docs/decisions.md
// "Queries on the stock routes are guarded", "Stock reads: operators by field type, at most 100 documents"):
// a where crossing two relationships crashed the process, a sort by a hidden field was an oracle, and an
// operator a field's type has no meaning for was a 500. Server code (overrideAccess) is trusted.
import {
  APIError,
  type CollectionBeforeOperationHook,
  type FlattenedField,
  type PayloadRequest,
  QueryError,
  type Where,
} from 'payload'

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

interface Condition {
  path: string
  /** Absent when the path's value is no object of operators (Payload refuses that shape itself). */
  operator?: string
  operand?: unknown
}

/** Every condition of a `where`, `and` and `or` walked. */
function conditions(where: Where | undefined, into: Condition[] = []): Condition[] {
  if (!where || typeof where !== 'object') return into
  for (const [path, value] of Object.entries(where)) {
    if ((path === 'and' || path === 'or') && Array.isArray(value))
      for (const nested of value) conditions(nested as Where, into)
    else if (value && typeof value === 'object' && !Array.isArray(value))
      for (const [operator, operand] of Object.entries(value)) into.push({ path, operator, operand })
    else into.push({ path })
  }
  return into
}

const EQUALS = ['equals', 'not_equals']
const BASE = new Set([...EQUALS, 'in', 'not_in', 'exists'])
const ORDERED = new Set([...BASE, 'greater_than', 'greater_than_equal', 'less_than', 'less_than_equal'])
const TEXT = new Set([...BASE, 'like', 'not_like', 'contains'])
/**
 * Per field type, the operators Payload's filter builder offers; a type not named here (array, group, blocks) is left
 * to Payload.
 */
const OPERATORS: Record<string, ReadonlySet<string>> = {
  checkbox: new Set([...EQUALS, 'exists']),
  code: TEXT,
  date: ORDERED,
  // `like` too: the panel's list search of users runs `email like`.
  email: TEXT,
  json: new Set(['exists']),
  number: ORDERED,
  point: new Set([...EQUALS, 'exists', 'near', 'within', 'intersects']),
  radio: BASE,
  relationship: BASE,
  richText: new Set(['exists']),
  select: BASE,
  text: TEXT,
  textarea: TEXT,
  upload: BASE,
}
/**
 * A polymorphic relationship is compared as `{relationTo, value}`, or through `.value` (the id) and `.relationTo`
 * (`exists` too: on the bare path the adapter fails).
 */
const POLYMORPHIC = new Set([...EQUALS, 'exists'])

const isTargetOf = (relationTo: string[], operand: unknown) =>
  !!operand &&
  typeof operand === 'object' &&
  relationTo.includes((operand as { relationTo?: unknown }).relationTo as string) &&
  'value' in operand

/** Why a condition cannot run, or null. Unknown paths are left to Payload's QueryError. */
function operatorProblem(
  req: PayloadRequest,
  fields: FlattenedField[],
  { path, operator, operand }: Condition,
): string | null {
  if (operator === undefined) return null
  const refused = (what: string) => `The operator "${operator}" cannot be used on ${path} (${what})`
  // Payload's id column is no flattened field; the panel's search of a collection with no title field is `id like`.
  if (path === 'id') return BASE.has(operator) || operator === 'like' ? null : refused('an id')
  const step = resolve(req, fields, path)
  if (!step) return null
  const { field } = step
  if ((field.type === 'relationship' || field.type === 'upload') && Array.isArray(field.relationTo)) {
    const tail = path.slice(path.lastIndexOf('.') + 1)
    if (tail === 'relationTo') return BASE.has(operator) ? null : refused('a collection name')
    if (tail === 'value') return POLYMORPHIC.has(operator) ? null : refused('an id of several collections')
    if (EQUALS.includes(operator) && isTargetOf(field.relationTo, operand)) return null
    return `${path} links to several collections: compare it with {relationTo, value} (relationTo one of ${field.relationTo.join(', ')}), or filter on ${path}.value or ${path}.relationTo`
  }
  const allowed = OPERATORS[field.type]
  return !allowed || allowed.has(operator) ? null : refused(`a ${field.type} field`)
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
  const where = conditions(query.where)
  const tooDeep = [...new Set(where.map(({ path }) => path))].filter(
    (path) => (resolve(req, fields, path)?.hops ?? 0) >= 2,
  )
  if (tooDeep.length) throw new QueryError(tooDeep.map((path) => ({ path })))
  for (const condition of where) {
    const problem = operatorProblem(req, fields, condition)
    if (problem) throw new APIError(problem, 400, null, true)
  }

  const refused: string[] = []
  for (const path of sortPaths(query.sort)) {
    if (path === 'id') continue
    const step = resolve(req, fields, path)
    if (!step || !(await readable(req, step))) refused.push(path)
  }
  if (refused.length) throw new QueryError(refused.map((path) => ({ path: `sort:${path}` })))
  return args
}
