// Changing the environment under a running app: settings are read once (src/lib/settings.ts),
// so each change is followed by reloadSettings().
import { reloadSettings } from '../../src/lib/settings'

/** Sets (a string) or removes (undefined) variables and makes the app see them. */
export function setEnv(vars: Record<string, string | undefined>): void {
  for (const [name, value] of Object.entries(vars)) {
    if (value === undefined) delete process.env[name]
    else process.env[name] = value
  }
  reloadSettings()
}

/** Runs `fn` with variables set, then puts back what was there. */
export async function withEnv<T>(vars: Record<string, string | undefined>, fn: () => Promise<T>): Promise<T> {
  const saved = Object.fromEntries(Object.keys(vars).map((name) => [name, process.env[name]]))
  setEnv(vars)
  try {
    return await fn()
  } finally {
    setEnv(saved)
  }
}
