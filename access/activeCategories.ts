import type { Access } from 'payload'

/** Categories on public show: `isActive`. */
export const activeCategories: Access = () => ({ isActive: { equals: true } })
