import type { Access, PayloadRequest } from 'payload'

import { hasRole } from '../domain/permissions'

export const isAdminUser = (req: Pick<PayloadRequest, 'user'>): boolean => hasRole(req.user, 'admin')

export const isAdmin: Access = ({ req }) => isAdminUser(req)
