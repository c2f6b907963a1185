// The calendar on a service's page: the exceptions and the coming weeks (ServiceCalendar, in the browser) and,
// under them, the starts members hold and the seats left (CalendarHolds, read on the server with the form).
import type { UIFieldServerComponent } from 'payload'

import { CalendarHolds } from './CalendarHolds'
import { ServiceCalendar } from './ServiceCalendar'

export const ServiceCalendarField: UIFieldServerComponent = ({ id, payload, req }) => (
  <>
    <ServiceCalendar />
    {id && req ? <CalendarHolds id={String(id)} payload={payload} req={req} /> : null}
  </>
)
