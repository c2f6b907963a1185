// The SQL statements a piece of work sends, as their texts in order: every pg client of the
// process (Payload's pool, transactions, the mail runner) goes through Client#query.
import pg from 'pg'

export async function statementsDuring<T>(work: () => Promise<T>): Promise<{ result: T; statements: string[] }> {
  const original = pg.Client.prototype.query
  const statements: string[] = []
  pg.Client.prototype.query = function (this: unknown, ...args: unknown[]) {
    const query = args[0] as string | { text: string }
    statements.push(typeof query === 'string' ? query : query.text)
    return (original as (...values: unknown[]) => unknown).apply(this, args)
  } as typeof original
  try {
    return { result: await work(), statements }
  } finally {
    pg.Client.prototype.query = original
  }
}
