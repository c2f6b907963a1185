// The moderator's first screen: on the dashboard, the moderation queue (reported
// items, oldest first report first, with reasons and counts) and, beside it, the open appeals;
// each row acts through DeskAction (the same endpoints as apps). Read with the same operations
// as GET /api/admin/moderation/queue and GET /api/admin/appeals. Below them, a search box over every type.
import { createLocalReq, type ServerProps } from 'payload'

import { visibleInPanel } from '../../access/panelByRole'
import { CONTENT_TYPES, type ReportableType } from '../../domain/content-types'
import { hasPermission } from '../../domain/permissions'
import { listAppeals } from '../operations/reports/appeals'
import { moderationQueue } from '../operations/reports/queue'
import { SEARCH_TYPES, searchCollection } from '../operations/search/search-objects'
import { DeskAction } from './DeskAction'
import { DeskSearch } from './DeskSearch'
import { panelText } from './i18n/index'

const PAGE = { page: 1, perPage: 20 }

const reasonsText = (reasons: Record<string, number>) =>
  Object.entries(reasons)
    .sort((a, b) => b[1] - a[1])
    .map(([reason, n]) => `${reason} ${n}`)
    .join(', ')

export async function ModerationDesk({ i18n, payload, user }: ServerProps) {
  if (!user || !hasPermission(user, 'moderation.queue')) return null
  const { t } = panelText(i18n?.language)
  const req = await createLocalReq({ user }, payload)
  const [queue, appeals] = await Promise.all([moderationQueue(req, {}, PAGE), listAppeals(req, 'open', PAGE)])
  const adminRoute = payload.config.routes.admin
  // A link only where the viewer's panel has the item's collection: a moderator's panel has
  // no places or articles, whose pages answer them 404.
  const itemLink = (postType: string, postId: string) => {
    const type = CONTENT_TYPES[postType as ReportableType]
    return type && visibleInPanel(user, type.collection)
      ? `${adminRoute}/collections/${type.collection}/${postId}`
      : undefined
  }
  const searchLinks = Object.fromEntries(
    SEARCH_TYPES.map((type) => {
      const collection = searchCollection(type)
      return [type, visibleInPanel(user, collection) ? `${adminRoute}/collections/${collection}` : null]
    }),
  )
  return (
    <section
      data-testid="moderation-desk"
      style={{ display: 'flex', flexWrap: 'wrap', gap: 'calc(var(--base) * 2)', marginBottom: 'calc(var(--base) * 2)' }}
    >
      <style>{`.desk td, .desk th { padding: 6px 12px 6px 0; text-align: left; vertical-align: top; border-bottom: 1px solid var(--theme-elevation-100); }`}</style>
      <div style={{ flex: '2 1 600px' }} data-testid="moderation-queue">
        <h2>{t('desk.reported', { count: queue.total })}</h2>
        {queue.items.length === 0 ? (
          <p>{t('desk.empty')}</p>
        ) : (
          <table className="desk">
            <thead>
              <tr>
                <th>{t('desk.item')}</th>
                <th>{t('desk.reports')}</th>
                <th>{t('desk.reasons')}</th>
                <th>{t('desk.firstReported')}</th>
                <th>{t('desk.act')}</th>
              </tr>
            </thead>
            <tbody>
              {queue.items.map((item) => (
                <tr key={`${item.postType}:${item.postId}`} data-testid="queue-row">
                  <td>
                    <a href={itemLink(item.postType, item.postId)}>{item.excerpt || item.postId}</a>
                    <div style={{ opacity: 0.7 }}>
                      {item.postType}, {item.status}
                    </div>
                  </td>
                  <td>{item.reports}</td>
                  <td>{reasonsText(item.reasons)}</td>
                  <td>{item.firstReportedAt.slice(0, 16).replace('T', ' ')}</td>
                  <td>
                    <DeskAction
                      path="/api/admin/moderate"
                      body={{ postType: item.postType, postId: item.postId }}
                      label={t('desk.moderate')}
                      done={t('desk.moderated')}
                      testId="queue-moderate"
                    />
                    <DeskAction
                      path="/api/admin/moderation/dismiss"
                      body={{ postType: item.postType, postId: item.postId }}
                      label={t('desk.dismiss')}
                      done={t('desk.dismissed')}
                      testId="queue-dismiss"
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </div>
      <div style={{ flex: '1 1 360px' }} data-testid="appeals-desk">
        <h2>{t('desk.appeals', { count: appeals.total })}</h2>
        {appeals.appeals.length === 0 ? (
          <p>{t('desk.noAppeals')}</p>
        ) : (
          <table className="desk">
            <tbody>
              {appeals.appeals.map((appeal) => (
                <tr key={appeal.id} data-testid="appeal-row">
                  <td>
                    <a href={itemLink(String(appeal.postType), String(appeal.postId))}>{String(appeal.postType)}</a>: “
                    {String(appeal.statement)}”
                    <div style={{ opacity: 0.7 }}>
                      {t('desk.appealed', { outcome: String((appeal.decision as { outcome?: string }).outcome) })}
                    </div>
                    <DeskAction
                      path="/api/admin/appeals/decide"
                      body={{ appealId: appeal.id, decision: 'uphold' }}
                      label={t('desk.uphold')}
                      done={t('desk.upheld')}
                      testId="appeal-uphold"
                    />
                    <DeskAction
                      path="/api/admin/appeals/decide"
                      body={{ appealId: appeal.id, decision: 'reverse' }}
                      label={t('desk.reverse')}
                      done={t('desk.reversed')}
                      testId="appeal-reverse"
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </div>
      <DeskSearch links={searchLinks} />
    </section>
  )
}
