'use client'
// The transparency page's period: two of the panel's date pickers and its Button, submitting
// a plain GET form (hidden from/to inputs), so every period shown is a URL.
import { Button, DatePicker } from '@payloadcms/ui'
import { useState } from 'react'

import { usePanelText } from './i18n/usePanelText'

/** YYYY-MM-DD as the local calendar day it names (a UTC midnight would show the day before west of UTC). */
const toDate = (day: string): Date | undefined => {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day)
  return match ? new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3])) : undefined
}
const toDay = (date: Date) =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`

function Day({
  label,
  name,
  value,
  onChange,
}: {
  label: string
  name: string
  value: string
  onChange: (day: string) => void
}) {
  return (
    <div className="field-type" style={{ marginBottom: 0, width: 180 }}>
      <label className="field-label" htmlFor={`period-${name}`}>
        {label}
      </label>
      <DatePicker
        id={`period-${name}`}
        pickerAppearance="dayOnly"
        displayFormat="yyyy-MM-dd"
        value={toDate(value)}
        onChange={(date) => date && onChange(toDay(date))}
      />
      <input type="hidden" name={name} value={value} />
    </div>
  )
}

export function PeriodForm({ from, to, csv }: { from: string; to: string; csv?: string }) {
  const { t } = usePanelText()
  const [period, setPeriod] = useState({ from, to })
  return (
    <form
      method="get"
      data-testid="transparency-period"
      style={{
        display: 'flex',
        flexWrap: 'wrap',
        gap: 'var(--base)',
        alignItems: 'flex-end',
        marginBottom: 'calc(var(--base) * 1.5)',
      }}
    >
      <Day
        label={t('period.from')}
        name="from"
        value={period.from}
        onChange={(day) => setPeriod({ ...period, from: day })}
      />
      <Day label={t('period.to')} name="to" value={period.to} onChange={(day) => setPeriod({ ...period, to: day })} />
      <Button buttonStyle="primary" type="submit" margin={false}>
        {t('period.show')}
      </Button>
      {csv && (
        <Button buttonStyle="secondary" el="anchor" url={csv} margin={false}>
          {t('period.csv')}
        </Button>
      )}
    </form>
  )
}
