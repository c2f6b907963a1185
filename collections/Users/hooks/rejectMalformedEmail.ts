import { ValidationError, type CollectionBeforeOperationHook } from 'payload'

// Payload's email field lower-cases the value in a beforeChange hook that runs before its
// validation, so a non-string email (`{"email": 5}` on PATCH /api/users/:id) threw a
// TypeError, a 500 (found by the fuzzer, issue 11). Refused here as the validation error it is.
export const rejectMalformedEmail: CollectionBeforeOperationHook = ({ args, operation }) => {
  if (operation !== 'create' && operation !== 'update') return args
  const email = (args.data as Record<string, unknown> | undefined)?.email
  if (email !== undefined && email !== null && typeof email !== 'string') {
    throw new ValidationError({ collection: 'users', errors: [{ message: 'The email must be a string', path: 'email' }] })
  }
  return args
}
