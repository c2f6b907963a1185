// A test app whose mail goes to a real SMTP mailbox (tests/helpers/mailbox.ts) and whose
// links point at itself: the setup of every suite that follows a mailed link.
import { setEnv } from './env'
import { type Mailbox, startMailbox } from './mailbox'
import { startTestApp, type TestApp } from './test-app'

export interface AppWithMailbox {
  app: TestApp
  mailbox: Mailbox
  stop: () => Promise<void>
}

export async function startAppWithMailbox(options?: Parameters<typeof startTestApp>[0]): Promise<AppWithMailbox> {
  const mailbox = await startMailbox()
  Object.assign(process.env, mailbox.env)
  const app = await startTestApp(options)
  setEnv({ PUBLIC_URL: app.url })
  const stop = async () => {
    setEnv({ PUBLIC_URL: undefined })
    await app.stop()
    await mailbox.stop()
  }
  return { app, mailbox, stop }
}
