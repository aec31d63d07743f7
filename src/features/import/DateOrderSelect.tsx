/**
 * "Dates in the file": how a content or ad-spend file writes its dates when not year first
 * (contract/date-order.ts). Year first is the default and reads as always; day first or month first
 * is read only when chosen here, never guessed from the cells (`02/03/2026` names two days).
 */
import type { DateOrder } from '../../../contract/date-order.ts';
import { m } from '../../paraglide/messages.js';
import { Select } from '../../ui/Select.tsx';

export function DateOrderSelect({
  value,
  onChange,
  isDisabled,
}: {
  value: DateOrder;
  onChange: (order: DateOrder) => void;
  isDisabled?: boolean;
}) {
  return (
    <Select<DateOrder>
      label={m.import_date_order()}
      items={[
        { id: 'ymd', label: m.import_date_order_ymd() },
        { id: 'dmy', label: m.import_date_order_dmy() },
        { id: 'mdy', label: m.import_date_order_mdy() },
      ]}
      value={value}
      onChange={onChange}
      isDisabled={isDisabled}
    />
  );
}
