import type { CollectionSlug, RequiredDataFromCollectionSlug } from 'payload'

/**
 * Data for a create in `collection` as Payload checks it when it runs (validation, defaults,
 * hooks), for the two shapes its generated types cannot say: localized fields given by
 * language (`locale: 'all'`), and fields the collection's defaults and hooks fill in.
 */
export function createData<S extends CollectionSlug>(
  _collection: S,
  data: Record<string, unknown>,
): RequiredDataFromCollectionSlug<S> {
  return data as RequiredDataFromCollectionSlug<S>
}

/**
 * A document read with `locale: 'all'`, as it really is: each localized field an object by
 * language, which the generated types (one language per read) cannot say.
 */
export function readAllLocales(doc: object): Record<string, unknown> {
  return doc as Record<string, unknown>
}

/** A document as the field-by-field record presenters read, each value checked where it is used. */
export function fieldsOf(doc: object): Record<string, unknown> {
  return { ...doc }
}
