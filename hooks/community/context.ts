import type { PayloadRequest } from 'payload'

/**
 * `req.context` flag of the platform's own moves (approval, expiry, a thread's counters):
 * the transition table and the locks are for people, not for these operations, which check
 * their own rules and write their own audit entries.
 */
export const SYSTEM_MOVE = 'contentSystemMove'

export const idOf = (value: unknown): string | null => {
  const id = value && typeof value === 'object' && 'id' in value ? (value as { id: unknown }).id : value
  return id === null || id === undefined || id === '' ? null : String(id)
}

/** Whether the caller wrote `doc`. */
export const isAuthorOf = (
  req: PayloadRequest,
  doc: Record<string, unknown> | undefined,
  authorField: string,
): boolean => Boolean(req.user) && idOf(doc?.[authorField]) === String(req.user?.id)
