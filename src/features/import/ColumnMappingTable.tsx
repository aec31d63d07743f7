/**
 * A file's columns mapped to what an import reads (the ad-spend and content imports): one row per
 * column with its heading, a select of the import's fields (or "not imported") and the first row's
 * value. A field goes to one column at most: choosing it for a column takes it from any other.
 */
import { m } from '../../paraglide/messages.js';
import { Select } from '../../ui/Select.tsx';

const NONE = '-';

/** `mapping` with `field` given to column `col` (and taken from the column that had it). */
export function mapColumn<F extends string>(mapping: readonly (F | null)[], col: number, field: F | null) {
  return mapping.map((x, i) => (i === col ? field : x === field ? null : x));
}

export function ColumnMappingTable<F extends string>({
  title,
  labels,
  fields,
  fieldLabel,
  mapping,
  onChange,
  sample,
  isDisabled,
}: {
  title: string;
  /** The file's column headings (or "Column n"). */
  labels: readonly string[];
  fields: readonly F[];
  fieldLabel: (f: F) => string;
  mapping: readonly (F | null)[];
  onChange: (mapping: (F | null)[]) => void;
  /** The file's first row, shown beside each column. */
  sample: readonly string[] | undefined;
  isDisabled: boolean;
}) {
  return (
    <div className="orders-refused__scroll" tabIndex={0} role="region" aria-label={title}>
      <table className="orders-table">
        <caption>{title}</caption>
        <thead>
          <tr>
            <th scope="col">{m.import_col_file()}</th>
            <th scope="col">{m.import_col_field()}</th>
            <th scope="col">{m.import_col_sample()}</th>
          </tr>
        </thead>
        <tbody>
          {labels.map((label, col) => (
            <tr key={col}>
              <th scope="row">{label}</th>
              <td>
                <Select<string>
                  size="sm"
                  aria-label={m.import_field_of({ column: label })}
                  items={[
                    { id: NONE, label: m.import_not_imported() },
                    ...fields.map((f) => ({ id: f, label: fieldLabel(f) })),
                  ]}
                  value={mapping[col] ?? NONE}
                  onChange={(k) => onChange(mapColumn(mapping, col, k === NONE ? null : (k as F)))}
                  isDisabled={isDisabled}
                />
              </td>
              <td className="orders-table__held">{sample?.[col] ?? ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
