import type { Access } from 'payload'

/** Availability slots on public show: those of active services (a join, not row loads). */
export const slotsOfActiveServices: Access = () => ({ 'service.status': { equals: 'active' } })
