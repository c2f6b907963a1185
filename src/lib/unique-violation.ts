// A unique-index violation from the database: the loser of a race for an email, a username
// or a slug. Payload wraps the driver's error; either form is recognised.
export function isUniqueViolation(error: unknown, column: string): boolean {
  const text = JSON.stringify((error as { data?: unknown })?.data ?? '') + String((error as Error)?.message ?? '')
  const cause = (error as { cause?: { code?: string; constraint?: string } })?.cause
  return (cause?.code === '23505' && Boolean(cause.constraint?.includes(column))) || text.includes(column)
}
