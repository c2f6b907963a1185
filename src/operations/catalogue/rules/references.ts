// A relationship must name a record that exists. Payload only checks an id's format, and a
// missing row would surface as a foreign-key failure (a 500) or, for a reference without a
// foreign key, be stored as is. Used as a field `validate`, so every write path checks it.
import { type RelationshipFieldSingleValidation, validations } from 'payload'

import { isUuid } from '../../../../domain/ids'

const idOf = (value: unknown): unknown =>
  value && typeof value === 'object' && 'id' in value ? (value as { id: unknown }).id : value

/** `required` here, not on the field, keeps the column nullable (see the media links). */
export function existingReference(
  relationTo: string,
  label: string,
  { required = false } = {},
): RelationshipFieldSingleValidation {
  return async (value, options) => {
    const base = await validations.relationship(value as never, options as never)
    if (base !== true) return base
    const id = idOf(value)
    if (required && (id === null || id === undefined || id === '')) return `${label} is required`
    // Existence is checked on save, not on every keystroke of the admin form.
    if (id === null || id === undefined || id === '' || options.event === 'onChange') return true
    if (!isUuid(id)) return `${label} must be a UUID`
    const { totalDocs } = await options.req.payload.count({
      collection: relationTo as never,
      where: { id: { equals: id } },
      overrideAccess: true,
      req: options.req,
    })
    return totalDocs > 0 ? true : `No ${label.toLowerCase()} with id ${String(id)}`
  }
}
