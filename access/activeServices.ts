import type { Access } from 'payload'

/** Services on public show: status `active` (a Where, so lists and single reads filter alike). */
export const activeServices: Access = () => ({ status: { equals: 'active' } })
