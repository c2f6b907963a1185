'use client'
// The day column of the availability list, as people read a slot: `Monday 09:00–17:00`.
import type { DefaultCellComponentProps } from 'payload'

import { weeklySlotLabel } from '../lib/wall-clock'

export function WeeklySlotCell({ rowData }: DefaultCellComponentProps) {
  return <span>{weeklySlotLabel(rowData?.dayOfWeek, rowData?.startTime, rowData?.endTime)}</span>
}
