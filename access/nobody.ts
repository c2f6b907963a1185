import type { Access } from 'payload'

/** Closed to every HTTP caller; only server code with overrideAccess reaches the data. */
export const nobody: Access = () => false
