import type { FieldAccess } from 'payload'

import { isAdminUser } from '../domain/permissions'

/** Field-level: only admins read (and so query) the field. */
export const adminField: FieldAccess = ({ req }) => isAdminUser(req)
