// The digest's words in each content language, counted with the language's plural rules
// (Intl.PluralRules); a locale without texts gets English.
import type { NotificationType } from '../../../domain/notification-types'

type Plural = Partial<Record<Intl.LDMLPluralRule, string>> & { other: string }

interface DigestTexts {
  daily: string
  weekly: string
  /** `{n}`: the number of new notifications. */
  count: Plural
  unsubscribe: string
  types: Record<NotificationType, string>
}

const TEXTS: Record<string, DigestTexts> = {
  en: {
    daily: 'Your daily summary',
    weekly: 'Your weekly summary',
    count: { one: '{n} new notification', other: '{n} new notifications' },
    unsubscribe: 'Stop these emails',
    types: { booking: 'Bookings', moderation: 'Moderation', report_resolved: 'Reports', webhook: 'Webhooks' },
  },
  fr: {
    daily: 'Votre résumé du jour',
    weekly: 'Votre résumé de la semaine',
    count: { one: '{n} nouvelle notification', other: '{n} nouvelles notifications' },
    unsubscribe: 'Ne plus recevoir ces e-mails',
    types: {
      booking: 'Réservations',
      moderation: 'Modération',
      report_resolved: 'Signalements',
      webhook: 'Webhooks',
    },
  },
  de: {
    daily: 'Ihre tägliche Zusammenfassung',
    weekly: 'Ihre wöchentliche Zusammenfassung',
    count: { one: '{n} neue Benachrichtigung', other: '{n} neue Benachrichtigungen' },
    unsubscribe: 'Diese E-Mails abbestellen',
    types: { booking: 'Buchungen', moderation: 'Moderation', report_resolved: 'Meldungen', webhook: 'Webhooks' },
  },
  es: {
    daily: 'Tu resumen diario',
    weekly: 'Tu resumen semanal',
    count: { one: '{n} notificación nueva', other: '{n} notificaciones nuevas' },
    unsubscribe: 'Dejar de recibir estos correos',
    types: { booking: 'Reservas', moderation: 'Moderación', report_resolved: 'Denuncias', webhook: 'Webhooks' },
  },
  it: {
    daily: 'Il tuo riepilogo giornaliero',
    weekly: 'Il tuo riepilogo settimanale',
    count: { one: '{n} nuova notifica', other: '{n} nuove notifiche' },
    unsubscribe: 'Non ricevere più queste email',
    types: { booking: 'Prenotazioni', moderation: 'Moderazione', report_resolved: 'Segnalazioni', webhook: 'Webhook' },
  },
  nl: {
    daily: 'Je dagelijkse overzicht',
    weekly: 'Je wekelijkse overzicht',
    count: { one: '{n} nieuwe melding', other: '{n} nieuwe meldingen' },
    unsubscribe: 'Deze e-mails niet meer ontvangen',
    types: { booking: 'Boekingen', moderation: 'Moderatie', report_resolved: 'Meldingen', webhook: 'Webhooks' },
  },
}

const rules = new Map<string, Intl.PluralRules>()

export function digestTexts(locale: string | null | undefined) {
  const code = locale && TEXTS[locale] ? locale : 'en'
  const texts = TEXTS[code]!
  let plural = rules.get(code)
  if (!plural) rules.set(code, (plural = new Intl.PluralRules(code)))
  const count = (n: number) => (texts.count[plural.select(n)] ?? texts.count.other).replace('{n}', String(n))
  return { ...texts, locale: code, countText: count }
}
