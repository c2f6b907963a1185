import type { Access } from 'payload'

import { isAdminUser } from '../domain/permissions'

export const isAdmin: Access = ({ req }) => isAdminUser(req)
