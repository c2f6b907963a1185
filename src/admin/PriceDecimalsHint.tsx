'use client'
// Under the price: how many decimals the chosen currency takes, following the currency field
// as it changes (JPY 0: "1500"; EUR 2: "25.50"; KWD 3: "25.500").
import { useFormFields } from '@payloadcms/ui'

import { isCurrency, minorDigits } from '../lib/money'
import { usePanelText } from './i18n/usePanelText'

export function PriceDecimalsHint() {
  const currency = useFormFields(([fields]) => fields.currency?.value)
  const text = usePanelText()
  if (!isCurrency(currency)) return <div className="field-description">{text.t('price.hint')}</div>
  const digits = minorDigits(currency)
  const example = digits === 0 ? '1500' : `25.${'50'.padEnd(digits, '0').slice(0, digits)}`
  return (
    <div className="field-description" data-testid="price-decimals">
      {text.plural('price.decimals', digits, { currency, example })}
    </div>
  )
}
