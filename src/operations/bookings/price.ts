// A booking's price, fixed when it is made: the service's decimal `basePrice` in integer
// minor units of its currency (EUR 2 digits, JPY 0, KWD 3), with no floating point. An
// `hourly` price is multiplied by durationMinutes/60, rounded half up (docs/api.md "POST /api/services/bookings").
import { scaleMinorUnits, toMinorUnits } from '../../lib/money'

export interface PricedService {
  basePrice?: string | null
  priceType?: string | null
  currency: string
  durationMinutes?: number | null
}

/** Minor units, or null when the service has no price. An hourly price without a duration is one hour's. */
export function totalPriceOf(service: PricedService): number | null {
  if (service.basePrice === null || service.basePrice === undefined || service.basePrice === '') return null
  const minor = toMinorUnits(service.basePrice, service.currency)
  if (service.priceType === 'hourly' && service.durationMinutes)
    return scaleMinorUnits(minor, service.durationMinutes, 60)
  return minor
}
