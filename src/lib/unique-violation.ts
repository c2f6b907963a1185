// A unique-index violation from the database: the loser of a race for an email, a username
// or a slug. Payload turns PostgreSQL's 23505 into a ValidationError whose entry names the
// field (drizzle's handleUpsertError: `{path, message, tableName}`); a bare driver error
// keeps the code and the constraint. Nothing else counts: any other failed query (a NUL
// byte, a value out of range) also carries the column names in its SQL text, and must not
// be answered as "already taken".
interface UniqueEntry {
  path?: unknown
  tableName?: unknown
}

export function isUniqueViolation(error: unknown, column: string): boolean {
  const driver =
    (error as { cause?: { code?: string; constraint?: string } })?.cause ??
    (error as { code?: string; constraint?: string })
  if (driver?.code === '23505') return Boolean(driver.constraint?.includes(column))
  const entries = (error as { data?: { errors?: UniqueEntry[] } })?.data?.errors
  return Array.isArray(entries) && entries.some((entry) => entry?.path === column && entry.tableName !== undefined)
}
