// A program of the cluster (PgBouncer, HAProxy) started in the foreground: each line it writes
// goes to `log`, the last 8,000 characters are kept for the error that says why it did not
// start, and `exited` settles when it is gone.
import { type ChildProcess, spawn } from 'node:child_process'

export interface LoggedChild {
  child: ChildProcess
  /** The tail of what it wrote to stdout and stderr. */
  output: () => string
  exited: Promise<void>
}

export function spawnLogged(command: string, args: string[], log?: (line: string) => void): LoggedChild {
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] })
  let output = ''
  const onData = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-8000)
    for (const line of chunk.toString().split('\n')) if (line.trim()) log?.(line)
  }
  child.stdout!.on('data', onData)
  child.stderr!.on('data', onData)
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  return { child, output: () => output, exited }
}
