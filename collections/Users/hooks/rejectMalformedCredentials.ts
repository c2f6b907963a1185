import { type CollectionBeforeOperationHook, ValidationError } from 'payload'

// Payload's email field lower-cases the value in a beforeChange hook that runs before its
// validation, and its local strategy hashes `password` without checking its type: a
// non-string email or password (`{"email": 5}`, `{"password": {}}` on the stock users routes)
// threw a TypeError, a 500 (found by the fuzzer). Refused here as the validation
// errors they are, before hashPasswordHook and Payload see them.
const STRING_FIELDS = ['email', 'password'] as const

export const rejectMalformedCredentials: CollectionBeforeOperationHook = ({ args, operation }) => {
  if (operation !== 'create' && operation !== 'update') return args
  const data = args.data as Record<string, unknown> | undefined
  const errors = STRING_FIELDS.filter(
    (field) => data?.[field] !== undefined && data[field] !== null && typeof data[field] !== 'string',
  ).map((field) => ({
    message: `The ${field} must be a string`,
    path: field,
  }))
  if (errors.length) throw new ValidationError({ collection: 'users', errors })
  return args
}
