// The audit vocabulary (domain/audit-actions.ts): the writer takes only declared actions with
// their data (the type errors below are part of the type check), and the check every test
// app runs when it stops (tests/helpers/test-app.ts) finds an entry its schema refuses.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import type { PayloadRequest } from 'payload'

import { AUDIT_ACTIONS, auditEntryProblem } from '../../domain/audit-actions'
import { writeAudit } from '../../hooks/shared/audit'
import { auditProblems, sql, startTestApp, type TestApp } from '../helpers/test-app'
import { createUser, signIn } from '../helpers/users'

let app: TestApp

beforeAll(async () => {
  app = await startTestApp()
})
afterAll(async () => {
  await app?.stop()
})

// Never called: tsc checks these lines (`npx tsc --noEmit`), and fails on an @ts-expect-error that is not one.
export async function writerTypes(req: PayloadRequest) {
  await writeAudit(req, { action: 'login_failed', data: { email: 'a@example.test', reason: 'wrong password' } })
  // @ts-expect-error an undeclared action
  await writeAudit(req, { action: 'login_maybe', data: {} })
  // @ts-expect-error data of the wrong type
  await writeAudit(req, { action: 'login_failed', data: { email: 1, reason: 'wrong password' } })
  // @ts-expect-error a field the action's schema does not have
  await writeAudit(req, { action: 'logout', data: { sessionId: 's', extra: true } })
}

describe('the audit actions', () => {
  it('each have a schema, and the check refuses what the schema refuses', () => {
    expect(Object.keys(AUDIT_ACTIONS).length).toBeGreaterThan(100)
    expect(auditEntryProblem('login_failed', { email: 'a@example.test', reason: 'unknown email' })).toBeNull()
    expect(auditEntryProblem('login_failed', { email: 'a@example.test' })).toMatch(/^login_failed: reason/)
    expect(auditEntryProblem('booking.create', { id: 'b', status: 'pending' })).toBeNull()
    expect(auditEntryProblem('booking.delete', { id: 'b' })).toMatch(/^booking.delete: deleted/)
    expect(auditEntryProblem('booking.created', {})).toBe('undeclared action booking.created')
  })

  it('passes the entries real requests write, and finds one that is not declared or does not fit', async () => {
    const user = await createUser(app)
    await signIn(app, user)
    await expect(signIn(app, { email: user.email, password: 'not-the-password-1A!' })).rejects.toThrow()
    const written = await sql<{ action: string }>(app, `SELECT action FROM audit_logs WHERE user_id = $1`, [user.id])
    expect(written.map((row) => row.action)).toEqual(expect.arrayContaining(['login_success', 'login_failed']))
    expect(await auditProblems(app.payload)).toEqual([])

    const planted = await sql<{ id: string }>(
      app,
      `INSERT INTO audit_logs (action, data, updated_at, created_at) VALUES
        ('login_failed', '{"email": 7, "reason": "x"}', now(), now()), ('login_perhaps', '{}', now(), now())
       RETURNING id::text`,
    )
    const problems = await auditProblems(app.payload)
    await sql(app, `DELETE FROM audit_logs WHERE id = ANY($1::uuid[])`, [planted.map((row) => row.id)])
    expect(problems.sort()).toEqual([expect.stringMatching(/^login_failed: email /), 'undeclared action login_perhaps'])
  })
})
