import { z } from 'zod'

import { isCalendarDate, TIME_PATTERN } from '../wall-clock'

/** A booking's or hold's date in a body: a real calendar date, `YYYY-MM-DD`. */
export const bookingDate = z
  .string({ error: 'bookingDate must be a string YYYY-MM-DD' })
  .refine(isCalendarDate, 'bookingDate must be a real calendar date as YYYY-MM-DD')

/** A booking's or hold's wall-clock start in a body, `HH:MM`. */
export const bookingTime = z
  .string({ error: 'bookingTime must be a string HH:MM' })
  .regex(TIME_PATTERN, 'bookingTime must be HH:MM, 24-hour, from 00:00 to 23:59')
