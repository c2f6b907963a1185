// The top of the dashboard: "what needs me now" (its lines: ./workQueue.ts), and for admins
// the way to the translation coverage.
import type { ServerProps } from 'payload'

import { hasRole } from '../../domain/permissions'
import { panelText } from './i18n/index'
import { workQueueItems } from './workQueue'

export async function WorkQueue({ i18n, payload, user }: ServerProps) {
  if (!user) return null
  const { language, t } = panelText(i18n?.language)
  const adminRoute = payload.config.routes.admin
  const items = await workQueueItems(payload, user, language)
  const admin = hasRole(user, 'admin')
  return (
    <section className="work-queue" data-testid="work-queue" style={{ marginBottom: 'calc(var(--base) * 2)' }}>
      <h2>{t('work.heading')}</h2>
      {items.length === 0 && <p data-testid="work-queue-empty">{t('work.nothing')}</p>}
      {(items.length > 0 || admin) && (
        <ul>
          {items.map((item) => (
            <li key={item.collection}>
              <a href={item.href}>{item.text}</a>
            </li>
          ))}
          {admin && (
            <li>
              <a href={`${adminRoute}/translations`}>{t('work.coverage')}</a>
            </li>
          )}
        </ul>
      )}
    </section>
  )
}
