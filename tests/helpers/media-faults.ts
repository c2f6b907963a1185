// Database faults at each step of an upload's transaction, made with triggers in
// the test's own database: the media row's INSERT refused, the audit entry's INSERT refused
// (the row is in, the files written), the COMMIT refused (a deferred constraint trigger:
// PostgreSQL rolls back at COMMIT), the connection lost at COMMIT (the deferred trigger ends
// its own backend: the client cannot know whether the COMMIT happened), and the connection
// lost during the INSERT (PostgreSQL going away between the file's write and the row).
import { sql, type TestApp } from './test-app'

export const UPLOAD_FAULTS = {
  'the INSERT of the media row fails': `CREATE TRIGGER upload_fault BEFORE INSERT ON service_media FOR EACH ROW EXECUTE FUNCTION upload_fault_raise()`,
  'the connection is lost during the INSERT': `CREATE TRIGGER upload_fault BEFORE INSERT ON service_media FOR EACH ROW EXECUTE FUNCTION upload_fault_disconnect()`,
  'the INSERT of the audit entry fails': `CREATE TRIGGER upload_fault BEFORE INSERT ON audit_logs FOR EACH ROW WHEN (NEW.action = 'services.media.upload') EXECUTE FUNCTION upload_fault_raise()`,
  'PostgreSQL refuses the COMMIT': `CREATE CONSTRAINT TRIGGER upload_fault AFTER INSERT ON service_media DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION upload_fault_raise()`,
  'the connection is lost at COMMIT': `CREATE CONSTRAINT TRIGGER upload_fault AFTER INSERT ON service_media DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION upload_fault_disconnect()`,
} as const

export type UploadFault = keyof typeof UPLOAD_FAULTS

export async function installFaultFunctions(app: TestApp): Promise<void> {
  await sql(
    app,
    `CREATE OR REPLACE FUNCTION upload_fault_raise() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'injected upload fault'; END $$`,
  )
  await sql(
    app,
    `CREATE OR REPLACE FUNCTION upload_fault_disconnect() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN PERFORM pg_terminate_backend(pg_backend_pid()); PERFORM pg_sleep(5); RETURN NEW; END $$`,
  )
}

/** Installs `fault` for the duration of `fn`. */
export async function withFault<T>(app: TestApp, fault: UploadFault, fn: () => Promise<T>): Promise<T> {
  const table = UPLOAD_FAULTS[fault].includes('ON audit_logs') ? 'audit_logs' : 'service_media'
  await sql(app, UPLOAD_FAULTS[fault])
  try {
    return await fn()
  } finally {
    await sql(app, `DROP TRIGGER IF EXISTS upload_fault ON ${table}`)
  }
}

/** Polls `read` until it equals `expected` (a clean-up that waits for the database) or the deadline. */
export async function eventually<T>(read: () => Promise<T>, expected: T, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs
  let value = await read()
  while (JSON.stringify(value) !== JSON.stringify(expected) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100))
    value = await read()
  }
  return value
}
