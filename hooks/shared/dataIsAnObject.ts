// A create or update works on an object. Over HTTP Payload takes `req.data` from a JSON body
// (the shell makes sure that is an object: src/lib/http/stock-json-body.ts) or from the
// `_payload` field of a multipart body, which it does not check: a multipart body without
// `_payload` (or a bare `multipart/form-data` with no boundary) left no data at all, and
// `_payload: "1"` a number; either way the field hooks threw a TypeError, a 500 (found by the
// fuzzer, docs/reliability.md). No data is no fields, as for an empty JSON body; data that is
// not an object is the client's error.
import { type CollectionBeforeOperationHook, ValidationError } from 'payload'

export const dataIsAnObject: CollectionBeforeOperationHook = ({ args, collection, operation, req }) => {
  if (operation !== 'create' && operation !== 'update') return args
  const write = args as { data?: unknown }
  if (write.data === undefined || write.data === null) {
    write.data = {}
    return args
  }
  if (typeof write.data !== 'object' || Array.isArray(write.data)) {
    throw new ValidationError(
      { collection: collection.slug, errors: [{ path: '_payload', message: 'The document must be a JSON object' }] },
      req.t,
    )
  }
  return args
}
