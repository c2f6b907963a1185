// The top of the dashboard: "what needs me now" (its lines: ./workQueue.ts), and for admins
// the way to the translation coverage.
import type { ServerProps } from 'payload'

import { hasRole } from '../../domain/permissions'
import { NOTHING_WAITS, workQueueItems } from './workQueue'

export async function WorkQueue({ payload, user }: ServerProps) {
  if (!user) return null
  const adminRoute = payload.config.routes.admin
  const items = await workQueueItems(payload, user)
  const admin = hasRole(user, 'admin')
  return (
    <section className="work-queue" data-testid="work-queue" style={{ marginBottom: 'calc(var(--base) * 2)' }}>
      <h2>What needs you now</h2>
      {items.length === 0 && <p data-testid="work-queue-empty">{NOTHING_WAITS}</p>}
      {(items.length > 0 || admin) && (
        <ul>
          {items.map((item) => (
            <li key={item.collection}>
              <a href={item.href}>{item.text}</a>
            </li>
          ))}
          {admin && (
            <li>
              <a href={`${adminRoute}/translations`}>Translation coverage: what each language still lacks</a>
            </li>
          )}
        </ul>
      )}
    </section>
  )
}
