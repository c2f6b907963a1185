// Migrates the database in DATABASE_URL exactly as the server does at start. globalSetup runs
// it as a child process (tests/helpers/test-database.ts): Payload's modules loaded in jest's
// own process would stay there for the whole run (about 150 MB beside the workers).
import { startPayload, stopPayload } from '../../src/lib/payload-lifecycle'

const payload = await startPayload()
await stopPayload(payload)
