import type { Access } from 'payload'

/** Any signed-in user (sessions exist only for verified accounts). */
export const signedIn: Access = ({ req }) => Boolean(req.user)
