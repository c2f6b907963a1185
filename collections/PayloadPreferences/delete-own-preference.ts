// Replaces Payload 3.90.2's `DELETE /api/payload-preferences/:key`. Its operation calls
// `db.deleteOne` with a where on the polymorphic `user` field; when no row matches, the
// Postgres adapter's fallback query names the join table without joining it and PostgreSQL
// refuses it: a 500 instead of a 404 (found by the fuzzer, docs/reliability.md). Same rule
// here (the caller's own preference of that key), found through the Local API first.
import { NotFound, type PayloadHandler, UnauthorizedError, type Where } from 'payload'

export const deleteOwnPreference: PayloadHandler = async (req) => {
  const { payload, user } = req
  if (!user) throw new UnauthorizedError(req.t)
  const key = String(req.routeParams?.key ?? '')
  const where: Where = {
    and: [
      { key: { equals: key } },
      { 'user.value': { equals: user.id } },
      { 'user.relationTo': { equals: user.collection } },
    ],
  }
  const { docs } = await payload.find({
    collection: 'payload-preferences',
    where,
    limit: 1,
    depth: 0,
    pagination: false,
    overrideAccess: true,
    req,
  })
  const found = docs[0]
  if (!found) throw new NotFound(req.t)
  const deleted = await payload.db.deleteOne({
    collection: 'payload-preferences',
    where: { id: { equals: found.id } },
    req,
  })
  return Response.json({ ...deleted, message: req.t('general:deletedSuccessfully') })
}
