import { createHash } from 'node:crypto'

import type { Payload } from 'payload'

/**
 * A PL/pgSQL function the code calls or a trigger relies on. `body` is the text PostgreSQL
 * keeps as the function's source (`pg_proc.prosrc`): a migration creates it from this very
 * object (`createFunction`), and the start-up check compares the two.
 */
export interface RequiredFunction {
  name: string
  /** `[parameter name, type]` in order; the types alone identify the function. */
  parameters: ReadonlyArray<readonly [string, string]>
  returns: string
  volatility: 'VOLATILE' | 'STABLE' | 'IMMUTABLE'
  body: string
}

/** A trigger on `table` that runs `function` (a function of no arguments). */
export interface RequiredTrigger {
  name: string
  table: string
  function: string
}

export interface RequiredObjects {
  functions: readonly RequiredFunction[]
  triggers: readonly RequiredTrigger[]
}

const signatureOf = (fn: RequiredFunction) => `${fn.name}(${fn.parameters.map(([, type]) => type).join(', ')})`
const md5 = (text: string) => createHash('md5').update(text).digest('hex')

/**
 * The DDL that makes `fn` what the code expects, for a migration to run. A function that answers
 * rows is dropped first, so that its result columns may change (CREATE OR REPLACE keeps them); a
 * trigger function is replaced in place, its triggers keep it.
 */
export function createFunction(fn: RequiredFunction): string {
  const parameters = fn.parameters.map(([name, type]) => `${name} ${type}`).join(', ')
  const drop = fn.returns === 'trigger' ? '' : `DROP FUNCTION IF EXISTS ${signatureOf(fn)};\n  `
  return `${drop}CREATE OR REPLACE FUNCTION "${fn.name}"(${parameters})
  RETURNS ${fn.returns} LANGUAGE plpgsql ${fn.volatility} AS $body$${fn.body}$body$;`
}

/**
 * A statement's text with its `$n` parameters replaced by the PL/pgSQL expressions `values[n - 1]`:
 * a function runs the very statement the application prepares, not a copy of it.
 */
export function bindParameters(text: string, values: readonly string[]): string {
  return text.replace(/\$(\d+)/g, (_, n: string) => {
    const value = values[Number(n) - 1]
    if (value === undefined) throw new Error(`bindParameters: no value for $${n} in ${text.slice(0, 60)}…`)
    return value
  })
}

/**
 * The body of a function that answers with one query, `text` with its parameters as they are
 * (`$1`… are the function's own): a read sent as its call keeps its plan behind a pooler. The
 * output columns are PL/pgSQL variables named like the tables' columns; in the query the names
 * mean the columns.
 */
export const returnQuery = (text: string) => `
  #variable_conflict use_column
  BEGIN
    RETURN QUERY ${text};
  END `

/** What is missing or differs from what the code expects, one line each (empty when all is in place). */
export async function findMissingObjects(
  query: (text: string, values: unknown[]) => Promise<{ rows: Array<Record<string, unknown>> }>,
  required: RequiredObjects,
): Promise<string[]> {
  const problems: string[] = []
  const signatures = required.functions.map(signatureOf)
  const { rows: functions } = await query(
    `SELECT wanted, md5(p.prosrc) AS body FROM unnest($1::text[]) wanted LEFT JOIN pg_proc p ON p.oid = to_regprocedure(wanted)`,
    [signatures],
  )
  const bodies = new Map(functions.map((row) => [row.wanted as string, row.body as string | null]))
  required.functions.forEach((fn, i) => {
    const body = bodies.get(signatures[i]!)
    if (!body) problems.push(`function ${signatures[i]} is missing`)
    else if (body !== md5(fn.body))
      problems.push(`function ${signatures[i]} is stale (its body is not the one the code expects)`)
  })
  const { rows: triggers } = await query(
    `SELECT t.tgname AS name, c.relname AS "table", p.proname AS function, t.tgenabled <> 'D' AS enabled
       FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid JOIN pg_proc p ON p.oid = t.tgfoid
      WHERE NOT t.tgisinternal AND t.tgname = ANY($1::text[])`,
    [required.triggers.map((trigger) => trigger.name)],
  )
  for (const trigger of required.triggers) {
    const found = triggers.find((row) => row.name === trigger.name && row.table === trigger.table)
    if (!found) problems.push(`trigger ${trigger.name} on ${trigger.table} is missing`)
    else if (found.function !== trigger.function)
      problems.push(
        `trigger ${trigger.name} on ${trigger.table} runs ${String(found.function)}, not ${trigger.function}`,
      )
    else if (!found.enabled) problems.push(`trigger ${trigger.name} on ${trigger.table} is disabled`)
  }
  return problems
}

export const requiredObjectsOf = (payload: Payload): RequiredObjects =>
  (payload.config.custom as { requiredObjects?: RequiredObjects } | undefined)?.requiredObjects ?? {
    functions: [],
    triggers: [],
  }

/**
 * Refuses to serve on a database that lacks a function or trigger the code relies on, or has
 * another version of one (a migration not run, an object dropped or replaced by hand): without
 * them bookings fail or lists report wrong totals long after the start. The objects are the
 * ones the config lists under `custom.requiredObjects`.
 */
export async function refuseWithoutRequiredObjects(payload: Payload): Promise<void> {
  const pool = payload.db.pool
  const problems = await findMissingObjects((text, values) => pool.query(text, values), requiredObjectsOf(payload))
  if (problems.length === 0) return
  throw new Error(
    `The database lacks what this code relies on; a migration must make it again:\n- ${problems.join('\n- ')}`,
  )
}
